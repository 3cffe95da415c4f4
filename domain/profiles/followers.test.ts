import { describe, expect, it } from 'vitest';
import { followersCount, formatFollowers } from './followers.ts';
import { recommendedMedia, takesVideoLink, youTubeVideoId } from './media.ts';

describe('followers', () => {
  it('shows millions as one-decimal M and thousands as whole K (docs/product-spec.md section 5)', () => {
    expect(formatFollowers(1_000_000)).toBe('1.0M');
    expect(formatFollowers(2_450_000)).toBe('2.5M');
    expect(formatFollowers(999_999)).toBe('999K');
    expect(formatFollowers(1_000)).toBe('1K');
    expect(formatFollowers(1_999)).toBe('1K');
    expect(formatFollowers(999)).toBe('999');
    expect(formatFollowers(0)).toBe('0');
  });

  it('shows strings with k or M as they are', () => {
    expect(formatFollowers('12.5k')).toBe('12.5k');
    expect(formatFollowers('1.2M')).toBe('1.2M');
    expect(formatFollowers('15000')).toBe('15K');
  });

  it('counts shorthand and plain follower counts', () => {
    expect(followersCount('12.5k')).toBe(12_500);
    expect(followersCount('1.2M')).toBe(1_200_000);
    expect(followersCount('3 K')).toBe(3_000);
    expect(followersCount('45,000')).toBe(45_000);
    expect(followersCount(8_000)).toBe(8_000);
    expect(followersCount('lots')).toBe(0);
  });
});

describe('post media', () => {
  it('recommends each platform its size (docs/product-spec.md section 3)', () => {
    expect(recommendedMedia('instagram')).toEqual({ kind: 'image', width: 1080, height: 1080 });
    expect(recommendedMedia('pinterest')).toEqual({ kind: 'image', width: 1000, height: 1500 });
    expect(recommendedMedia('tiktok')).toEqual({ kind: 'video', width: 1080, height: 1920 });
    expect(recommendedMedia('snapchat')).toEqual({ kind: 'image', width: 1080, height: 1080 });
    expect(takesVideoLink('youtube')).toBe(true);
    expect(takesVideoLink('instagram')).toBe(false);
  });

  it('extracts an 11-character YouTube video id or nothing', () => {
    expect(youTubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youTubeVideoId('https://vimeo.com/123456789')).toBeNull();
    expect(youTubeVideoId('not a link')).toBeNull();
  });
});
