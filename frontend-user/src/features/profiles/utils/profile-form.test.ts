import { describe, expect, it } from 'vitest';
import { profileUpdateRequest } from '@linkcoin/domain/profiles/contracts.ts';
import { CONTENT_TOPICS, PRODUCT_CATEGORIES } from '@linkcoin/domain/profiles/options.ts';
import {
  addLocation,
  buildPayload,
  followersPayload,
  formFromProfile,
  formReducer,
  limitCategories,
  previewProfile,
  type ProfileForm,
} from './profile-form';
import { normaliseLink } from './links';
import { profileView } from './test-profile';

const loaded = (): ProfileForm => formFromProfile(profileView());

describe('the form loaded from the profile', () => {
  it('keeps prices and followers as text and the ids of accounts and posts', () => {
    const form = loaded();
    expect(form.pricing).toEqual({ storyPost: '1500', feedPost: '', reel: '5000' });
    expect(form.accounts.map((a) => [a.id, a.followers, a.verified])).toEqual([
      ['acc-1', '12.5k', true],
      ['acc-2', '48213', false],
    ]);
    expect(form.posts.map((p) => p.id)).toEqual(['post-1']);
    expect(form.email).toBe('asha@example.in');
  });
});

describe('the payload', () => {
  it('sends prices typed as digits as numbers, and anything else as typed for the schema to refuse', () => {
    const form = loaded();
    const typed = (storyPost: string) =>
      buildPayload({ ...form, pricing: { ...form.pricing, storyPost } }).pricing?.storyPost;
    expect(typed(' 1500 ')).toBe(1500);
    expect(typed('')).toBe('');
    for (const text of ['0x10', '1e3', '1500.5', '-5']) {
      expect(typed(text)).toBe(text);
      const payload = buildPayload({ ...form, pricing: { ...form.pricing, storyPost: text } });
      expect(profileUpdateRequest.safeParse(payload).success).toBe(false);
    }
  });

  it('is the whole wizard with the ids back, and passes the shared schema', () => {
    const payload = buildPayload(loaded());
    expect(payload).toEqual({
      ownerName: 'Asha Kulkarni',
      mobile: '+91 98765 43210',
      whatsapp: '',
      description: 'Home chef',
      profilePicUrl: '/uploads/3f1c2a9e.jpg',
      socialMediaPlatforms: ['instagram', 'youtube'],
      adCategories: ['spices'],
      pageContentCategory: ['cooking'],
      averageAudienceType: ['foodies'],
      averageLocationOfAudience: ['Pune'],
      pricing: { storyPost: 1500, feedPost: '', reel: 5000 },
      profileDetails: [
        {
          id: 'acc-1',
          platform: 'instagram',
          profileName: 'asha.cooks',
          profilePicUrl: 'https://instagram.com/asha.cooks',
          profileDashboardPic: '',
          followers: '12.5k',
        },
        {
          id: 'acc-2',
          platform: 'youtube',
          profileName: '@AshaCooksTV',
          profilePicUrl: 'https://youtube.com/@AshaCooksTV',
          profileDashboardPic: '',
          followers: 48213,
        },
      ],
      pastPosts: [
        {
          id: 'post-1',
          platform: 'youtube',
          category: 'cooking',
          postLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        },
      ],
    });
    expect(profileUpdateRequest.safeParse(payload).success).toBe(true);
  });

  it('sends new accounts and posts without an id, and keeps unfinished posts back', () => {
    let form = loaded();
    form = formReducer(form, { type: 'addAccount', key: 'draft-a' });
    form = formReducer(form, {
      type: 'updateAccount',
      key: 'draft-a',
      patch: {
        platform: 'facebook',
        profileName: ' Asha ',
        profileLink: 'facebook.com/asha',
        followers: '900',
      },
    });
    form = formReducer(form, { type: 'addPost', key: 'draft-p', platform: 'instagram' });
    form = formReducer(form, { type: 'addPost', key: 'draft-q', platform: 'instagram' });
    form = formReducer(form, {
      type: 'updatePost',
      key: 'draft-q',
      patch: { category: 'spices', postLink: '/uploads/abc123.jpg' },
    });
    const payload = buildPayload(form);
    expect(payload.profileDetails?.[2]).toEqual({
      platform: 'facebook',
      profileName: 'Asha',
      profilePicUrl: 'https://facebook.com/asha',
      profileDashboardPic: '',
      followers: 900,
    });
    expect(payload.pastPosts).toEqual([
      { platform: 'instagram', category: 'spices', postLink: '/uploads/abc123.jpg' },
      {
        id: 'post-1',
        platform: 'youtube',
        category: 'cooking',
        postLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ]);
    expect(profileUpdateRequest.safeParse(payload).success).toBe(true);
  });

  it('turns followers and links into what the server takes', () => {
    expect(followersPayload(' 48213 ')).toBe(48213);
    expect(followersPayload('12.5k')).toBe('12.5k');
    expect(normaliseLink('instagram.com/asha')).toBe('https://instagram.com/asha');
    expect(normaliseLink('https://instagram.com/asha')).toBe('https://instagram.com/asha');
    expect(normaliseLink('/uploads/abc.jpg')).toBe('/uploads/abc.jpg');
    expect(normaliseLink('  ')).toBe('');
  });
});

describe('the form', () => {
  it('cuts an extra category selection to 20', () => {
    const many = PRODUCT_CATEGORIES.slice(0, 25).map((o) => o.value);
    expect(limitCategories(many)).toEqual(many.slice(0, 20));
    const form = formReducer(loaded(), { type: 'setList', field: 'adCategories', values: many });
    expect(form.adCategories).toHaveLength(20);
    const topics = CONTENT_TOPICS.slice(0, 21).map((o) => o.value);
    expect(
      formReducer(loaded(), { type: 'setList', field: 'pageContentCategory', values: topics })
        .pageContentCategory,
    ).toEqual(topics.slice(0, 20));
    // Other lists are not capped at 20.
    const platforms = formReducer(loaded(), {
      type: 'setList',
      field: 'averageAudienceType',
      values: Array.from({ length: 22 }, (_, i) => `a${i}`),
    });
    expect(platforms.averageAudienceType).toHaveLength(22);
  });

  it('adds audience locations trimmed, ignoring empty ones and repeats', () => {
    expect(addLocation(['Pune'], '  Mumbai ')).toEqual(['Pune', 'Mumbai']);
    expect(addLocation(['Pune'], '   ')).toEqual(['Pune']);
    expect(addLocation(['Pune'], 'pune')).toEqual(['Pune']);
    const form = formReducer(loaded(), { type: 'removeLocation', location: 'Pune' });
    expect(form.averageLocationOfAudience).toEqual([]);
  });

  it('keeps a verified account locked but lets it be removed', () => {
    const form = formReducer(loaded(), {
      type: 'updateAccount',
      key: 'acc-1',
      patch: { profileName: 'someone.else', followers: '99M' },
    });
    expect(form.accounts[0]).toMatchObject({ profileName: 'asha.cooks', followers: '12.5k' });
    expect(formReducer(form, { type: 'removeAccount', key: 'acc-1' }).accounts).toHaveLength(1);
  });

  it('places a new post first and clears its media when the platform changes kind', () => {
    let form = formReducer(loaded(), { type: 'addPost', key: 'draft-1', platform: 'instagram' });
    expect(form.posts.map((p) => p.key)).toEqual(['draft-1', 'post-1']);
    form = formReducer(form, {
      type: 'updatePost',
      key: 'draft-1',
      patch: { postLink: '/uploads/a1.jpg' },
    });
    form = formReducer(form, {
      type: 'updatePost',
      key: 'draft-1',
      patch: { platform: 'facebook' },
    });
    expect(form.posts[0]?.postLink).toBe('/uploads/a1.jpg');
    form = formReducer(form, {
      type: 'updatePost',
      key: 'draft-1',
      patch: { platform: 'youtube' },
    });
    expect(form.posts[0]?.postLink).toBe('');
  });

  it('takes the ids and the stored values from a save answer', () => {
    let form = formReducer(loaded(), { type: 'addAccount', key: 'draft-a' });
    form = formReducer(form, {
      type: 'updateAccount',
      key: 'draft-a',
      patch: { platform: 'facebook', profileName: 'Asha', followers: '1,200' },
    });
    form = formReducer(form, { type: 'addPost', key: 'draft-p', platform: 'instagram' });
    form = formReducer(form, {
      type: 'updatePost',
      key: 'draft-p',
      patch: { category: 'spices', postLink: '/uploads/x1.jpg' },
    });
    form = formReducer(form, { type: 'addPost', key: 'draft-unfinished', platform: 'instagram' });
    const answer = profileView({
      profileDetails: [
        ...profileView().profileDetails,
        {
          id: 'acc-3',
          platform: 'facebook',
          profileName: 'Asha',
          profilePicUrl: '',
          profileDashboardPic: '',
          followers: 1200,
          followersCount: 1200,
          verified: false,
          verifiedBy: null,
        },
      ],
      pastPosts: [
        { id: 'post-9', platform: 'instagram', category: 'spices', postLink: '/uploads/x1.jpg' },
        ...profileView().pastPosts,
      ],
    });
    form = formReducer(form, {
      type: 'saved',
      sentPostKeys: ['draft-p', 'post-1'],
      profile: answer,
    });
    expect(form.accounts[2]).toMatchObject({ key: 'draft-a', id: 'acc-3', followers: '1200' });
    expect(form.posts.map((p) => [p.key, p.id])).toEqual([
      ['draft-unfinished', null],
      ['draft-p', 'post-9'],
      ['post-1', 'post-1'],
    ]);
  });

  it('marks an account verified (with the followers the server set) after a verification', () => {
    const verified = profileView().profileDetails.map((account) =>
      account.platform === 'youtube'
        ? { ...account, verified: true, followers: 50_000, followersCount: 50_000 }
        : account,
    );
    const form = formReducer(loaded(), { type: 'accountsRefreshed', accounts: verified });
    expect(form.accounts[1]).toMatchObject({ key: 'acc-2', verified: true, followers: '50000' });
  });
});

describe('the preview', () => {
  it('is the saved profile with the form on top and only finished posts', () => {
    let form = formReducer(loaded(), { type: 'setPrice', field: 'feedPost', value: '3000' });
    form = formReducer(form, { type: 'addPost', key: 'draft-1', platform: 'instagram' });
    const preview = previewProfile(profileView(), form);
    expect(preview.pricing).toEqual({ storyPost: 1500, feedPost: 3000, reel: 5000 });
    expect(preview.pastPosts).toHaveLength(1);
    expect(preview.promotions).toBe(1);
  });
});
