/**
 * `GET /api/pageowners/users` over HTTP: every parameter and bad input, the answers checked
 * against the reference meaning (domain/directory/search.ts, read over every stored entry), the
 * discovery grid's pager and unlock rules with 0, 4, 5, 15 and 100 coins, contact fields never
 * shown, and the visibility bar of a creator's own profile.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL_DOMAIN, type DemoAccount } from '@linkcoin/domain/demo/contracts.ts';
import { demoBrand, demoCreator } from '@linkcoin/services/testing/demo-accounts.ts';
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import { directoryQuery, searchByScan } from '@linkcoin/domain/directory/search.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../testing/accounts.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { DIRECTORY } from './projection.ts';

const PASSWORD = 'demo-password-for-tests';
const MAX_PAGES = 3;

const creator = (
  name: string,
  handle: string,
  overrides: Partial<DemoAccount['profile']> & { followers?: string | number },
  extra: Partial<DemoAccount> = {},
): DemoAccount => {
  const { followers = 5000, ...profile } = overrides;
  return {
    email: `${handle.replace(/[^a-z0-9]/gi, '').toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
    ownerName: name,
    role: 'influencer',
    signedUpDaysAgo: 90,
    profile: {
      ownerName: name,
      mobile: '+91 90000 11111',
      whatsapp: '+91 90000 22222',
      description: 'Weekly videos for people who love a good story.',
      socialMediaPlatforms: ['instagram'],
      adCategories: ['smartphones'],
      pageContentCategory: ['comedy'],
      averageAudienceType: ['students'],
      averageLocationOfAudience: ['Delhi'],
      pricing: { storyPost: 900, feedPost: 1800, reel: 2500 },
      profileDetails: [
        {
          platform: 'instagram',
          profileName: handle,
          profilePicUrl: `https://www.instagram.com/${handle}/`,
          followers,
        },
      ],
      ...profile,
    },
    avatar: { initials: name.slice(0, 1).toUpperCase(), hue: 200 },
    youtube: null,
    coins: 0,
    ...extra,
  };
};

/** Creators the assertions name, among demo creators that fill the pages. */
const NAMED: DemoAccount[] = [
  creator('Zoë Quixley', 'zoe.quix', {
    description: 'Skincare routines and café reviews from Navi Mumbai.',
    adCategories: ['skincare'],
    pageContentCategory: ['cooking', 'yoga'],
    averageAudienceType: ['foodies'],
    averageLocationOfAudience: ['Navi Mumbai, Maharashtra'],
    followers: '12k',
    pricing: { storyPost: 300, feedPost: 600, reel: 900 },
  }),
  creator(
    'Ravi Quimby',
    'ravi.quimby.tv',
    {
      socialMediaPlatforms: ['instagram', 'youtube'],
      adCategories: ['smartphones'],
      pageContentCategory: ['personal-finance'],
      averageAudienceType: ['gamers'],
      followers: '1.2M',
      profileDetails: [
        {
          platform: 'instagram',
          profileName: 'ravi.quimby.tv',
          profilePicUrl: 'https://www.instagram.com/ravi.quimby.tv/',
          followers: '1.2M',
        },
        {
          platform: 'youtube',
          profileName: '@RaviQuimbyTV',
          profilePicUrl: 'https://www.youtube.com/@RaviQuimbyTV',
          followers: 800_000,
        },
      ],
    },
    { youtube: { handle: '@RaviQuimbyTV', channelTitle: 'Ravi Quimby', subscribers: 800_000 } },
  ),
  // A basic profile: no description, prices or audience.
  creator('Quinn Basic', 'quinn.basic', {
    description: '',
    averageAudienceType: [],
    pricing: { storyPost: null, feedPost: null, reel: null },
    followers: 9_000_000,
  }),
];

const FILLERS = Array.from({ length: 32 }, (_, index) => demoCreator(index));
/** Brands holding 0, 4, 5, 15 and 100 coins. */
const COINS = [0, 4, 5, 15, 100] as const;
const BRANDS = COINS.map((coins, index) => ({ ...demoBrand(index), coins }));

type Item = Record<string, unknown> & { _id: string };
type Answer = {
  success: boolean;
  data: Item[];
  totalPages: number;
  total: number;
  page: number;
  limit: number;
  pager?: Record<string, unknown>;
  message?: string;
};

describe('GET /api/pageowners/users', () => {
  let server: TestServer;
  let admin: TestUser;
  const brands = new Map<number, TestUser>();
  const ids = new Map<string, string>();
  let entries: DirectoryEntry[];

  const users = (query: Record<string, string>, as: TestUser | null = null) => {
    const req = request(server.url).get('/api/pageowners/users').query(query);
    return as ? req.set('Authorization', `Bearer ${as.token}`) : req;
  };

  /** The reference answer: every stored entry read and filtered (no index). */
  const expected = (query: Record<string, string>) => {
    const parsed = directoryQuery.parse(query);
    const limit = parsed.limit ?? 10;
    const { total, page } = searchByScan(entries, {
      ...parsed,
      skip: (parsed.page - 1) * limit,
      limit,
    });
    return { ids: page.map((entry) => entry.id), totalPages: Math.ceil(total / limit), total };
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ...adminEnv,
        DISCOVERY_MAX_PAGES: String(MAX_PAGES),
        DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: '100000',
      },
    });
    admin = await loginAdmin(server);
    const accounts = [...NAMED, ...FILLERS, ...BRANDS];
    for (let at = 0; at < accounts.length; at += 50) {
      const res = await request(server.url)
        .post('/api/admin/demo-accounts')
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ password: PASSWORD, accounts: accounts.slice(at, at + 50) })
        .expect(200);
      for (const made of res.body.accounts as { email: string; userId: string }[]) {
        ids.set(made.email, made.userId);
      }
    }
    for (const [index, brand] of BRANDS.entries()) {
      const login = await request(server.url)
        .post('/api/pageowners/login')
        .send({ email: brand.email, password: PASSWORD })
        .expect(200);
      brands.set(COINS[index]!, {
        userId: login.body.user._id as string,
        email: brand.email,
        password: PASSWORD,
        token: login.body.token as string,
      });
    }
    const store = server.runtime.platform.readStore;
    entries = await store.collection<DirectoryEntry>(DIRECTORY).find({});
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const idOf = (account: DemoAccount) => ids.get(account.email)!;
  const [zoe, ravi, quinn] = NAMED as [DemoAccount, DemoAccount, DemoAccount];

  it('lists every creator and no brand, 10 a page, in the spec shape without contact fields', async () => {
    expect(entries).toHaveLength(NAMED.length + FILLERS.length);
    const res = await users({}).expect(200);
    const body = res.body as Answer;
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(10);
    // A visitor may open one page of the matches; the rest is locked behind signing in.
    expect(body.totalPages).toBe(1);
    expect(body.total).toBe(entries.length);
    expect(body.pager).toMatchObject({
      signedIn: false,
      totalPages: 1,
      lockedPages: MAX_PAGES - 1,
    });
    expect(body.data.map((item) => item._id)).toEqual(expected({}).ids);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/"(email|mobile|whatsapp|linkCoins|passwordHash)"/);
    expect(text).not.toContain('90000');
    const item = (await users({ search: 'Zoe Quixley' }).expect(200)).body.data[0] as Item;
    expect(item).toMatchObject({
      _id: idOf(zoe),
      ownerName: 'Zoë Quixley',
      role: 'influencer',
      followers: 12_000,
      followersLabel: '12K', // the largest count, as docs/product-spec.md section 5 shows a number
      visibility: 'complete',
      verified: false,
      demo: true,
    });
    expect(item.profilePicUrl).toMatch(/^\/uploads\//);
    // An account's followers typed as text are shown as typed.
    expect(item.profileDetails).toMatchObject([{ followers: '12k', followersLabel: '12k' }]);
  });

  it('orders by visibility and reach by default: verified, then complete, then basic', async () => {
    const order = (await users({ search: 'qui', limit: '50' }, admin).expect(200)).body.data.map(
      (item: Item) => item._id,
    );
    // All three match in their names (the same tier): the rank orders them, so the basic
    // profile with 9M followers comes after the verified and the complete one.
    const named = order.filter((id: string) => [zoe, ravi, quinn].map(idOf).includes(id));
    expect(named).toEqual([idOf(ravi), idOf(zoe), idOf(quinn)]);
  });

  it('searches word prefixes in names, handles, categories and descriptions, ignoring case and accents', async () => {
    const found = async (search: string) =>
      ((await users({ search, limit: '50' }, admin).expect(200)).body.data as Item[]).map(
        (item) => item._id,
      );
    expect(await found('ZOË')).toContain(idOf(zoe));
    expect(await found('zoe quix')).toEqual([idOf(zoe)]);
    expect(await found('quimby.t')).toContain(idOf(ravi)); // a handle's words
    expect(await found('RaviQuimbyTV')).toContain(idOf(ravi));
    expect(await found('cafe')).toContain(idOf(zoe)); // the description, accent folded
    expect(await found('oe')).not.toContain(idOf(zoe)); // prefixes only, not infixes
    expect(await found('zzzzqq')).toEqual([]);
    // Punctuation is text, not syntax: quotes, stars and operators only separate words.
    expect(await found('"zoe quix"')).toEqual([idOf(zoe)]);
    expect(await found('zoe*')).toEqual([idOf(zoe)]);
    expect(await found('{"$gt":""}')).toEqual(expected({ search: '{"$gt":""}', limit: '50' }).ids);
    expect(await found('*')).toEqual(expected({ limit: '50' }).ids);
    // The name before the description: a name match comes first.
    const skin = await found('skincare');
    expect(skin).toContain(idOf(zoe));
    for (const search of [
      'ravi',
      "men's",
      'Teens (13-19)',
      'personal fin',
      'mumbai',
      'quixley yoga',
      'a',
    ]) {
      expect(await found(search), search).toEqual(expected({ search, limit: '50' }).ids);
    }
  });

  it('filters by every list (any value within a list, all lists together) and by followers', async () => {
    const queries: Record<string, string>[] = [
      { adCategories: 'skincare' },
      { adCategories: 'Skincare,smartphones' }, // a label or a value
      { pageContentCategory: 'yoga' },
      { pageContentCategory: 'yoga,personal-finance', adCategories: 'smartphones' },
      { socialMediaPlatforms: 'youtube' },
      { socialMediaPlatforms: 'youtube,instagram', averageAudienceType: 'gamers' },
      { averageAudienceType: 'foodies,students' },
      { averageLocationOfAudience: 'mumbai' },
      { averageLocationOfAudience: 'Navi Mumbai, delhi' },
      { minFollowers: '10k' },
      { maxFollowers: '12000' },
      { minFollowers: '12k', maxFollowers: '1.2M' },
      { minFollowers: '1,000,000', verifiedOnly: 'true' },
      { verifiedOnly: 'true' },
      { verifiedOnly: 'false', search: 'qui' },
      { adCategories: 'skincare', pageContentCategory: 'personal-finance' }, // nobody has both
    ];
    for (const query of queries) {
      const want = expected({ ...query, limit: '50' });
      const body = (await users({ ...query, limit: '50' }, admin).expect(200)).body as Answer;
      expect(
        { ids: body.data.map((item) => item._id), totalPages: body.totalPages, total: body.total },
        JSON.stringify(query),
      ).toEqual(want);
    }
    const zoeOnly = await users({ averageLocationOfAudience: 'navi mumbai' }).expect(200);
    expect(zoeOnly.body.data.map((item: Item) => item._id)).toContain(idOf(zoe));
    const both = await users({ adCategories: 'skincare', averageAudienceType: 'gamers' });
    expect(both.body.data.map((item: Item) => item._id)).not.toContain(idOf(zoe));
    const range = await users({ minFollowers: '12k', maxFollowers: '12k', search: 'qui' });
    expect(range.body.data.map((item: Item) => item._id)).toEqual([idOf(zoe)]);
  });

  it('sorts by followers, price and newest, and pages through the same order', async () => {
    for (const sort of ['relevance', 'followers', 'price', 'newest']) {
      const all: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const query = { sort, page: String(page) };
        const body = (await users(query, admin).expect(200)).body as Answer;
        expect(
          body.data.map((item) => item._id),
          `${sort} page ${page}`,
        ).toEqual(expected(query).ids);
        expect(body.page).toBe(page);
        all.push(...body.data.map((item) => item._id));
      }
      expect(new Set(all).size, sort).toBe(entries.length);
    }
    const byFollowers = (await users({ sort: 'followers', limit: '3' }).expect(200)).body as Answer;
    const counts = byFollowers.data.map((item) => item.followers as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // "Negotiable" prices sort after every price.
    const cheapest = (await users({ sort: 'price', search: 'qui' }).expect(200)).body as Answer;
    const named = [zoe, ravi, quinn].map(idOf);
    expect(cheapest.data.map((item) => item._id).filter((id) => named.includes(id))).toEqual([
      idOf(zoe),
      idOf(ravi),
      idOf(quinn),
    ]);
    // Admins read every listing whole, past any allowance.
    const past = await users({ page: '99', limit: '10' }, admin).expect(200);
    expect(past.body).toMatchObject({ data: [], totalPages: Math.ceil(entries.length / 10) });
  });

  it('refuses unknown option values and bad numbers with a clear 400', async () => {
    const bad: [Record<string, string> | string, RegExp][] = [
      [{ page: '0' }, /^Page must be a whole number from 1/],
      [{ page: 'two' }, /^Page must be a whole number/],
      [{ page: '1.5' }, /^Page must be a whole number/],
      [{ limit: '0' }, /^Limit must be a whole number from 1 to 50/],
      [{ limit: '51' }, /^Limit must be a whole number from 1 to 50/],
      [{ limit: '-1' }, /^Limit must be/],
      [{ adCategories: 'skincare,flying-cars' }, /^"flying-cars" is not an ad/],
      [{ pageContentCategory: 'nope' }, /^"nope" is not a content topic/],
      [{ socialMediaPlatforms: 'myspace' }, /^"myspace" is not a platform/],
      [{ averageAudienceType: 'aliens' }, /^"aliens" is not an audience/],
      [{ averageLocationOfAudience: 'x'.repeat(61) }, /^Each audience location can be at most 60/],
      [{ minFollowers: 'lots' }, /^Min followers must be a number of followers such as 5000, 12k/],
      [{ maxFollowers: '-5' }, /^Max followers must be a number of followers/],
      [{ maxFollowers: '1e9' }, /^Max followers must be a number of followers/],
      [
        { minFollowers: '2M', maxFollowers: '10k' },
        /^The minimum followers must not be more than the max/,
      ],
      [{ sort: 'best' }, /^Sort must be one of relevance, followers, price, newest/],
      [{ verifiedOnly: 'maybe' }, /^Verified only must be true or false/],
      [{ view: 'grid' }, /^View must be one of directory, discovery/],
      [{ search: 'x'.repeat(101) }, /^A search can be at most 100 characters long/],
      [{ search: 'asha\u0000' }, /^Search with letters, digits, spaces and punctuation only\.$/],
      [{ search: 'line\nbreak' }, /^Search with letters, digits, spaces and punctuation only\.$/],
      ['page=1&page=2', /^Give the page once \(a list is written with commas\)/],
      ['adCategories=skincare&adCategories=cars', /^Give the ad categories once/],
    ];
    for (const [query, message] of bad) {
      const res = await users(typeof query === 'string' ? {} : query, admin)
        .query(typeof query === 'string' ? query : {})
        .expect(400);
      expect(res.body.success, JSON.stringify(query)).toBe(false);
      expect(res.body.message, JSON.stringify(query)).toMatch(message);
    }
  });

  it('gives a visitor the first 10 results of a search and asks them to log in for more', async () => {
    await users({}).expect(200);
    const res = await users({ page: '2' }).expect(401);
    expect(res.body).toEqual({ success: false, message: 'Please log in to see more influencers.' });
    // No bigger page either: the allowance is depth into the results, whatever the limit.
    const bigger: Record<string, string>[] = [
      { limit: '50' },
      { limit: '11' },
      { page: '3', limit: '5' },
    ];
    for (const query of bigger) {
      expect((await users(query).expect(401)).body.message, JSON.stringify(query)).toBe(
        'Please log in to see more influencers.',
      );
    }
    const halves = [
      ...((await users({ limit: '5' }).expect(200)).body as Answer).data,
      ...((await users({ page: '2', limit: '5' }).expect(200)).body as Answer).data,
    ];
    expect(halves.map((item) => item._id)).toEqual(expected({}).ids);
  });

  it('holds the directory to the same coin allowance as the discovery grid, whatever the sort or limit', async () => {
    const poor = brands.get(0)!;
    const deeper: Record<string, string>[] = [
      { page: '2' },
      { page: '2', sort: 'newest' },
      { page: '2', adCategories: 'smartphones' },
      { limit: '30' },
      { limit: '20', sort: 'price' },
    ];
    for (const query of deeper) {
      const refused = await users(query, poor).expect(403);
      expect(refused.body, JSON.stringify(query)).toEqual({
        success: false,
        message: 'You need at least 5 LinkCoins to unlock this content',
      });
    }
    // Page 1 shows the lock and what opens it, as the grid does.
    const first = (await users({}, poor).expect(200)).body as Answer;
    expect(first.totalPages).toBe(1);
    expect(first.pager).toMatchObject({
      totalPages: 1,
      lockedPages: MAX_PAGES - 1,
      coins: 0,
      canUnlock: false,
      coinsForNextPage: 15,
    });
    const fifteen = brands.get(15)!;
    const second = (await users({ page: '2' }, fifteen).expect(200)).body as Answer;
    expect(second.data.map((item) => item._id)).toEqual(expected({ page: '2' }).ids);
    expect(second.totalPages).toBe(2);
    await users({ limit: '20' }, fifteen).expect(200);
    expect((await users({ page: '3' }, fifteen).expect(403)).body.message).toBe(
      'Page 3 unlocks with 20 LinkCoins; you have 15.',
    );
    expect((await users({ limit: '30' }, fifteen).expect(403)).body.message).toBe(
      'The first 30 creators unlock with 20 LinkCoins; you have 15.',
    );
    // Searching stays free: a narrower search on page 1 is always open.
    await users({ search: 'zoe', adCategories: 'skincare' }, poor).expect(200);
  });

  describe('the discovery grid (view=discovery)', () => {
    const grid = (page: number, as: TestUser | null) =>
      users({ view: 'discovery', page: String(page), limit: '10' }, as);

    it('opens page 1 to everyone, and sends a visitor to log in for page 2', async () => {
      const first = (await grid(1, null).expect(200)).body as Answer;
      expect(first.data).toHaveLength(10);
      expect(first.totalPages).toBe(1);
      expect(first.pager).toMatchObject({
        page: 1,
        pageSize: 10,
        totalPages: 1,
        maxPages: MAX_PAGES,
        signedIn: false,
        coins: null,
        canUnlock: false,
        lockedPages: MAX_PAGES - 1,
      });
      expect((await grid(2, null).expect(401)).body.message).toBe(
        'Please log in to see more influencers.',
      );
    });

    it.each([
      // coins, pages open, Unlock Now (else Need 5 Coins), how the next page is refused
      [0, 1, false, 403, 'You need at least 5 LinkCoins to unlock this content'],
      [4, 1, false, 403, 'You need at least 5 LinkCoins to unlock this content'],
      [5, 1, true, 403, 'Page 2 unlocks with 15 LinkCoins; you have 5.'],
      [15, 2, true, 403, 'Page 3 unlocks with 20 LinkCoins; you have 15.'],
      [
        100,
        MAX_PAGES,
        true,
        400,
        `Listings show at most ${MAX_PAGES} pages: narrow your search or filters to see other creators.`,
      ],
    ] as const)(
      'with %i coins opens %i page(s), canUnlock %s, and refuses the next with %i',
      async (coins, pages, canUnlock, status, message) => {
        const brand = brands.get(coins)!;
        for (let page = 1; page <= pages; page++) {
          const body = (await grid(page, brand).expect(200)).body as Answer;
          expect(body.data).toHaveLength(10);
          expect(body.data.map((item) => item._id)).toEqual(
            expected({ page: String(page), limit: '10' }).ids,
          );
          expect(body.totalPages).toBe(pages);
          expect(body.pager).toMatchObject({
            page,
            totalPages: pages,
            unlockedPages: Math.min(Math.max(1, Math.floor((coins - 5) / 5)), MAX_PAGES),
            maxPages: MAX_PAGES,
            coins,
            canUnlock,
            lockedPages: MAX_PAGES - pages,
          });
        }
        const refused = await grid(pages + 1, brand).expect(status);
        expect(refused.body).toEqual({ success: false, message });
      },
    );

    it('shows the grid 10 a page only', async () => {
      const res = await users({ view: 'discovery', limit: '20' }, brands.get(100)!).expect(400);
      expect(res.body.message).toBe('The discovery grid shows 10 creators a page.');
      await users({ view: 'discovery' }, brands.get(100)!).expect(200);
    });
  });
});

describe('GET /api/pageowners/visibility/:userId', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const visibility = (as: TestUser, userId = as.userId) =>
    request(server.url)
      .get(`/api/pageowners/visibility/${userId}`)
      .set('Authorization', `Bearer ${as.token}`);

  it("tells a creator their level and what would raise it, and no one else's", async () => {
    const creatorUser = await registerUser(server, { role: 'influencer', ownerName: 'New Face' });
    const res = await visibility(creatorUser).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      userId: creatorUser.userId,
      level: 'basic',
      percent: 40,
      next: { level: 'complete', percent: 100 },
      boost: { active: true, days: 30 },
    });
    expect(res.body.missing.map((step: { key: string }) => step.key)).toContain('pricing');
    expect(res.body.missing[0].label).toBe('Add a profile picture');

    const brand = await registerUser(server, { role: 'user' });
    expect((await visibility(brand).expect(404)).body.message).toBe(
      'Only creators are listed in the directory.',
    );
    await visibility(brand, creatorUser.userId).expect(403);
    const admin = await loginAdmin(server);
    await visibility(admin, creatorUser.userId).expect(200);
  });
});

describe('visitors and members listing the directory', () => {
  it('are limited, visitors per address and members per account, each on their own', async () => {
    const server = await startTestServer({
      env: {
        DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: '5',
        DIRECTORY_MEMBER_REQUESTS_PER_MINUTE: '8',
      },
    });
    try {
      const brand = await registerUser(server, { role: 'user' });
      const list = (query: Record<string, string>) =>
        request(server.url).get('/api/pageowners/users').query(query);
      for (const sort of ['relevance', 'followers', 'price', 'newest', 'relevance']) {
        await list({ sort }).expect(200);
      }
      const refused = await list({ sort: 'followers' }).expect(429);
      expect(refused.body).toEqual({
        success: false,
        message: 'Too many searches from your network. Please log in, or try again in a minute.',
      });
      await list({ view: 'discovery' }).expect(429);
      // A member is not held back by the address's visitors, and has a limit of their own.
      for (let i = 0; i < 8; i++) {
        await list({}).set('Authorization', `Bearer ${brand.token}`).expect(200);
      }
      const member = await list({}).set('Authorization', `Bearer ${brand.token}`).expect(429);
      expect(member.body).toEqual({
        success: false,
        message: 'Too many searches in a minute. Please wait a moment and try again.',
      });
      const other = await registerUser(server, { role: 'user' });
      await list({}).set('Authorization', `Bearer ${other.token}`).expect(200);
    } finally {
      await server.stop();
    }
  });
});

describe("a new creator's boost", () => {
  it('ends 30 days after sign-up, by an event, and the order follows', async () => {
    const clock = adjustableClock();
    const server = await startTestServer({ clock, env: { PROCESS_TICK_MS: '50' } });
    try {
      const fresh = await registerUser(server, { role: 'influencer', ownerName: 'Boosted Bina' });
      const item = async () =>
        (await request(server.url).get('/api/pageowners/users?search=bina').expect(200)).body
          .data[0] as Item;
      const before = await item();
      expect(before).toMatchObject({ _id: fresh.userId, isNew: true });
      clock.advance(29 * 24 * 60 * 60 * 1000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await item()).toMatchObject({ isNew: true });
      clock.advance(2 * 24 * 60 * 60 * 1000);
      let after = await item();
      for (let tries = 0; after.isNew && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await item();
      }
      expect(after.isNew).toBe(false);
      // The creator's own view says so too (signed in again: a month-old session has expired).
      const login = await request(server.url)
        .post('/api/pageowners/login')
        .send({ email: fresh.email, password: fresh.password })
        .expect(200);
      const visibility = await request(server.url)
        .get(`/api/pageowners/visibility/${fresh.userId}`)
        .set('Authorization', `Bearer ${login.body.token as string}`)
        .expect(200);
      expect(visibility.body.boost).toMatchObject({ active: false, days: 30 });
    } finally {
      await server.stop();
    }
  });
});
