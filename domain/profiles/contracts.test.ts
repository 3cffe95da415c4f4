import { describe, expect, it } from 'vitest';
import { uploadedImagesOnly } from '../uploads/urls.ts';
import {
  LINK_MESSAGES,
  MAX_PRICE,
  priceMessage,
  profileUpdateRequest,
  profileUpdateRequestFor,
} from './contracts.ts';

const HOSTED = 'https://res.cloudinary.com/linkcoin/image/upload/';
/** The server's contract: pictures only from the local store and the hosted delivery base. */
const server = profileUpdateRequestFor(uploadedImagesOnly(['/uploads/', HOSTED]));

const problem = (request: unknown, schema = server) => {
  const result = schema.safeParse(request);
  return result.success ? null : result.error.issues[0]!.message;
};
const account = (fields: object) => ({
  profileDetails: [{ platform: 'instagram', profileName: 'asha', followers: 10, ...fields }],
});
const post = (platform: string, postLink: string) => ({
  pastPosts: [{ platform, category: 'cooking', postLink }],
});

describe('prices', () => {
  const pricing = (reel: unknown) => ({ pricing: { reel } });
  const priceOf = (reel: unknown) => server.parse(pricing(reel)).pricing?.reel;

  it('are whole rupees given as JSON numbers or plain decimal digits', () => {
    expect(priceOf(1500)).toBe(1500);
    expect(priceOf('1500')).toBe(1500);
    expect(priceOf(' 2500 ')).toBe(2500);
    expect(priceOf('007')).toBe(7);
    expect(priceOf(0)).toBe(0);
    expect(priceOf('0')).toBe(0);
    expect(priceOf(MAX_PRICE)).toBe(MAX_PRICE);
    expect(priceOf(String(MAX_PRICE))).toBe(MAX_PRICE);
  });

  it('are "Negotiable" (null) when empty', () => {
    expect(priceOf(null)).toBeNull();
    expect(priceOf('')).toBeNull();
    expect(priceOf('   ')).toBeNull();
  });

  it.each([
    '0x10',
    '1e3',
    '1E3',
    '0b101',
    '0o17',
    '+5',
    '-5',
    '1500.5',
    '1500.',
    '.5',
    '1,500',
    '1_500',
    '15 00',
    'Infinity',
    'NaN',
    '١٥٠٠',
    '１５００',
    '100000001',
    '9999999999',
  ])('refuse the string %j, naming the field', (text) => {
    expect(problem(pricing(text))).toBe(priceMessage('reel'));
  });

  it.each([-1, -0.5, 1500.5, 0.1, MAX_PRICE + 1, 1e21, true, [], {}, [1500]])(
    'refuse %j, naming the field',
    (value) => {
      expect(problem(pricing(value))).toBe(priceMessage('reel'));
    },
  );

  it('name each price by its field', () => {
    expect(problem({ pricing: { storyPost: '0x10' } })).toBe(
      'The Story Post price must be a whole number of rupees, in digits only (at most 10,00,00,000).',
    );
    expect(problem({ pricing: { feedPost: '1e3' } })).toBe(priceMessage('feedPost'));
  });
});

describe('followers', () => {
  const followers = (value: unknown) => server.parse(account({ followers: value })).profileDetails;

  it('are a whole number, digits with commas, or a k/M count', () => {
    expect(followers(1200)?.[0]?.followers).toBe(1200);
    expect(followers('12,500')?.[0]?.followers).toBe(12_500);
    expect(followers('1,25,000')?.[0]?.followers).toBe(125_000);
    expect(followers('12.5k')?.[0]?.followers).toBe('12.5k');
    expect(followers('1.2M')?.[0]?.followers).toBe('1.2M');
  });

  it.each(['0x10', '1e3', '-5', '+5', '1,,2', '12,', ',12', '12.5', 'lots', '', '9'.repeat(400)])(
    'refuse the string %j',
    (text) => {
      expect(problem(account({ followers: text }))).toMatch(/^Enter followers as a number/);
    },
  );

  it('refuse counts past ten billion, however written', () => {
    expect(problem(account({ followers: 10_000_000_001 }))).toBe(
      'That follower count is too large.',
    );
    expect(problem(account({ followers: '10000000001' }))).toBe(
      'That follower count is too large.',
    );
    expect(problem(account({ followers: '99999999M' }))).toBe('That follower count is too large.');
  });
});

describe('links and pictures', () => {
  const evil = [
    'javascript:alert(document.cookie)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    '//evil.example/a.jpg',
    'https://user:pw@evil.example/',
    'https://instagram.com@evil.example/',
    'https://exa\u0000mple.com/',
    'https://example.com/\u202Egnp',
    `https://example.com/${'a'.repeat(600)}`,
  ];

  it.each(evil)('refuse %j as an account link', (url) => {
    expect(problem(account({ profilePicUrl: url }))).toMatch(/^The profile link /);
  });

  it('take any safe http(s) address as an account link, or none', () => {
    expect(problem(account({ profilePicUrl: 'https://instagram.com/asha' }))).toBeNull();
    expect(problem(account({ profilePicUrl: 'http://example.in/asha' }))).toBeNull();
    expect(problem(account({ profilePicUrl: '' }))).toBeNull();
  });

  it.each([...evil, 'https://tracker.example/pixel.gif', 'http://127.0.0.1/uploads/a.jpg'])(
    'refuse %j as a picture',
    (url) => {
      expect(problem({ profilePicUrl: url })).toMatch(/^The profile picture /);
      expect(problem(account({ profileDashboardPic: url }))).toMatch(/^The dashboard picture /);
      expect(problem(post('instagram', url))).toMatch(/^The post's (image|link) /);
    },
  );

  it('take pictures of our own uploads only', () => {
    for (const url of ['/uploads/3f2a9c.png', `${HOSTED}v1712/abc.jpg`, '']) {
      expect(problem({ profilePicUrl: url })).toBeNull();
      expect(problem(account({ profileDashboardPic: url }))).toBeNull();
    }
    expect(problem({ profilePicUrl: 'https://tracker.example/pixel.gif' })).toBe(
      LINK_MESSAGES.notUploadedHere('The profile picture'),
    );
  });

  it('take an uploaded image for image platforms and a video link for video platforms', () => {
    expect(problem(post('instagram', '/uploads/p1.jpg'))).toBeNull();
    expect(problem(post('instagram', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'))).toBe(
      LINK_MESSAGES.notUploadedHere("The post's image"),
    );
    expect(problem(post('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'))).toBeNull();
    expect(problem(post('tiktok', 'https://www.tiktok.com/@asha/video/1'))).toBeNull();
    expect(problem(post('youtube', 'javascript:alert(1)'))).toBe(
      LINK_MESSAGES.notAVideoLink("The post's link"),
    );
    expect(problem(post('youtube', '/uploads/p1.jpg'))).toBe(
      LINK_MESSAGES.notAVideoLink("The post's link"),
    );
  });

  it('check only the shape of pictures where the storage is not known (the front ends)', () => {
    expect(problem({ profilePicUrl: 'https://images.example/a.jpg' }, profileUpdateRequest)).toBe(
      null,
    );
    expect(problem({ profilePicUrl: 'javascript:alert(1)' }, profileUpdateRequest)).toBe(
      LINK_MESSAGES.notUploadedHere('The profile picture'),
    );
  });
});
