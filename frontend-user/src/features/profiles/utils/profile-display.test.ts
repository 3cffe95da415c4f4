import { describe, expect, it } from 'vitest';
import { formatFollowers } from '@linkcoin/domain/profiles/followers.ts';
import {
  avatarColourOf,
  categoryValues,
  distinctValues,
  filterPosts,
  initialsOf,
  instagramFollowers,
  priceText,
  splitPosts,
  youTubeEmbedUrl,
} from './profile-display';
import { profileView } from './test-profile';

const account = profileView().profileDetails[0]!;

describe('the profile header', () => {
  it("shows the largest Instagram account's followers, as the spec formats them", () => {
    const accounts = [
      { ...account, id: 'a', followers: '12.5k', followersCount: 12_500 },
      { ...account, id: 'b', followers: 48_213, followersCount: 48_213 },
      { ...account, id: 'c', platform: 'youtube', followers: '2M', followersCount: 2_000_000 },
    ];
    expect(formatFollowers(instagramFollowers(accounts))).toBe('48K');
    expect(formatFollowers(instagramFollowers(accounts.slice(0, 1)))).toBe('12.5k');
    expect(instagramFollowers([])).toBeNull();
    expect(formatFollowers(instagramFollowers([]))).toBe('0');
  });

  it('lists ad and content categories once each', () => {
    expect(
      categoryValues({ adCategories: ['books', 'spices'], pageContentCategory: ['books', 'yoga'] }),
    ).toEqual(['books', 'spices', 'yoga']);
  });

  it('prices in rupees, Negotiable when absent', () => {
    expect(priceText(1500)).toBe('₹1,500');
    expect(priceText(0)).toBe('₹0');
    expect(priceText(null)).toBe('Negotiable');
  });

  it('generates an avatar from the name', () => {
    expect(initialsOf('Asha Verma')).toBe('AV');
    expect(initialsOf('asha.cooks')).toBe('A');
    expect(initialsOf('  ')).toBe('?');
    expect(avatarColourOf('Asha')).toBe(avatarColourOf('Asha'));
  });
});

describe('popular posts', () => {
  const posts = [
    { id: '1', platform: 'instagram', category: 'spices', postLink: '/uploads/a.jpg' },
    { id: '2', platform: 'youtube', category: 'cooking', postLink: 'https://youtu.be/dQw4w9WgXcQ' },
    { id: '3', platform: 'youtube', category: 'cooking', postLink: 'https://youtube.com/@asha' },
    { id: '4', platform: 'tiktok', category: 'cooking', postLink: 'https://tiktok.com/@a/video/1' },
    { id: '5', platform: 'pinterest', category: 'yoga', postLink: 'https://i.example/p.jpg' },
  ];
  /** Stored before links were checked on the server: never shown. */
  const legacy = [
    { id: '6', platform: 'instagram', category: 'spices', postLink: 'javascript:alert(1)' },
    {
      id: '7',
      platform: 'instagram',
      category: 'spices',
      postLink: 'http://tracker.example/p.gif',
    },
    { id: '8', platform: 'facebook', category: 'spices', postLink: 'data:image/svg+xml,<svg/>' },
    { id: '9', platform: 'tiktok', category: 'cooking', postLink: 'javascript:alert(1)' },
    { id: '10', platform: 'youtube', category: 'cooking', postLink: ' java\tscript:alert(1)' },
  ];

  it('are image cards, YouTube embeds (only with a video id) and other video links', () => {
    const strips = splitPosts([...posts, ...legacy]);
    expect(strips.images.map(({ post }) => post.id)).toEqual(['1', '5']);
    expect(strips.images.map(({ src }) => src)).toEqual([
      '/uploads/a.jpg',
      'https://i.example/p.jpg',
    ]);
    expect(strips.videos).toEqual([{ post: posts[1], videoId: 'dQw4w9WgXcQ' }]);
    expect(strips.links.map((p) => p.id)).toEqual(['4']);
    expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?mute=1',
    );
  });

  it('filter by platform and by category', () => {
    expect(filterPosts(posts, { platform: '', category: '' })).toHaveLength(5);
    expect(filterPosts(posts, { platform: 'youtube', category: '' }).map((p) => p.id)).toEqual([
      '2',
      '3',
    ]);
    expect(filterPosts(posts, { platform: 'youtube', category: 'yoga' })).toEqual([]);
    expect(distinctValues(posts, 'category')).toEqual(['spices', 'cooking', 'yoga']);
  });
});
