/**
 * Saved searches with alerts (issue 24, item 4) over HTTP: a brand saves a directory search, up
 * to the cap; another brand never reaches it; a verified creator who comes to match it (an
 * unverified one never does) is a new match in
 * the app and a Web Push; the day's digest mails it once, after the digest hour (the clock is
 * moved, the process' tick does the rest); the mail's signed link asks first (opening it changes
 * nothing), its button (a POST to the same link) turns the digest off without signing in, again
 * and again, as does a mail client's one-click POST; a changed link changes nothing.
 */
import { createECDH, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearchesAnswer } from '@linkcoin/domain/directory/saved-search-contracts.ts';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
} from '@linkcoin/domain/directory/saved-searches.ts';
import { CONTEXTS } from '../runtime/composition.ts';
import {
  adminEnv,
  eventsAfter,
  grantAuditor,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { waitUntil } from '../testing/audit.ts';
import { mailsTo } from '../testing/mail.ts';
import {
  creatorWizard,
  instagramWizard,
  saveProfile,
  verifyInstagram,
} from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { messagingContextWith } from './context.ts';
import type { PushRequest, PushTransport } from './push.ts';
import { UNSUBSCRIBE_TEXTS } from './saved-searches.ts';

const PUSH_HOST = 'push.linkcoin.test';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('saved searches', () => {
  let server: TestServer;
  const clock = adjustableClock();
  const pushes: PushRequest[] = [];
  const transport: PushTransport = (req) => {
    pushes.push(req);
    return Promise.resolve(201);
  };

  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
  const list = async (user: TestUser): Promise<SavedSearchesAnswer> =>
    (await request(server.url).get('/api/saved-searches').set(as(user)).expect(200))
      .body as SavedSearchesAnswer;
  const digests = async (user: TestUser) =>
    (await mailsTo(server, user.email)).filter((mail) => mail.subject.includes('saved searches'));
  /** A fresh session after the clock moved past the token's life. */
  const signInAgain = async (user: TestUser): Promise<TestUser> => {
    const login = await request(server.url)
      .post('/api/pageowners/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    return { ...user, token: login.body.token as string };
  };
  const save = (user: TestUser, name: string, query: string) =>
    request(server.url).post('/api/saved-searches').set(as(user)).send({ name, query });

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      contexts: CONTEXTS.map((context) =>
        context.name === 'messaging' ? messagingContextWith({ pushTransport: transport }) : context,
      ),
      env: {
        ...adminEnv,
        PUSH_SERVICE_HOSTS: PUSH_HOST,
        PROCESS_TICK_MS: '100',
        AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
        OTP_REQUESTS_PER_WINDOW: '100000',
      },
    });
  });
  afterAll(() => server.stop());

  it('are kept per brand, up to the cap, and no other brand reaches them', async () => {
    const brand = await registerUser(server, { role: 'user', companyName: 'Many Searches' });
    const first = await save(brand, 'Cooks', '?adCategories=kitchenware&page=2').expect(201);
    expect(first.body.search).toMatchObject({ name: 'Cooks', query: 'adCategories=kitchenware' });
    await save(brand, 'cooks', 'search=anything').expect(409, {
      success: false,
      message: SAVED_SEARCH_MESSAGES.sameName,
    });
    const bad = await save(brand, 'Socks', 'adCategories=socks').expect(400);
    expect(bad.body.message).toBe('"socks" is not an ad category we know.');
    for (let i = 1; i < MAX_SAVED_SEARCHES; i++) {
      await save(brand, `Search ${i}`, `search=word${i}`).expect(201);
    }
    const head = await headPosition(server);
    const full = await save(brand, 'One too many', 'search=more').expect(422);
    expect(full.body.message).toBe(SAVED_SEARCH_MESSAGES.tooMany);
    expect(await eventsAfter(server, head)).toEqual([]);
    expect((await list(brand)).searches).toHaveLength(MAX_SAVED_SEARCHES);

    // Another brand: an empty list, and the first brand's search is not found.
    const other = await registerUser(server, { role: 'user' });
    expect((await list(other)).searches).toEqual([]);
    const searchId = first.body.search.searchId as string;
    await request(server.url)
      .patch(`/api/saved-searches/${searchId}`)
      .set(as(other))
      .send({ name: 'Mine' })
      .expect(404, { success: false, message: SAVED_SEARCH_MESSAGES.notFound });
    await request(server.url).delete(`/api/saved-searches/${searchId}`).set(as(other)).expect(404);
    // A creator is no brand.
    const creator = await registerUser(server, { role: 'influencer' });
    await request(server.url).get('/api/saved-searches').set(as(creator)).expect(403);

    // Renamed, then deleted by its own brand.
    await request(server.url)
      .patch(`/api/saved-searches/${searchId}`)
      .set(as(brand))
      .send({ name: 'Kitchen creators' })
      .expect(200);
    await request(server.url).delete(`/api/saved-searches/${searchId}`).set(as(brand)).expect(200);
    expect((await list(brand)).searches.map((s) => s.name)).not.toContain('Kitchen creators');
  });

  it('tell the brand of a new match in the app, by push, and in one digest a day', async () => {
    let brand = await registerUser(server, { role: 'user', companyName: 'Spice Route' });
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    await request(server.url)
      .post('/api/notifications/store-token')
      .set(as(brand))
      .send({
        userId: brand.userId,
        token: {
          endpoint: `https://${PUSH_HOST}/send/${randomBytes(6).toString('hex')}`,
          keys: {
            p256dh: keys.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
      })
      .expect(200);
    await save(brand, 'Kitchen creators', 'adCategories=kitchenware&minFollowers=10k').expect(201);
    const pushesBefore = pushes.length;

    // A creator who fits the filters but verified no account is no match: not after wizard
    // step 2, not after the whole wizard.
    const unverified = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Plain' });
    await saveProfile(server, unverified, {
      adCategories: ['kitchenware'],
      pageContentCategory: ['cooking'],
    }).expect(200);
    await saveProfile(server, unverified, creatorWizard({ ownerName: 'Ravi Plain' })).expect(200);

    // One who fills it in and is verified is (the process reads the log in order, so the
    // unverified creator's events were read before this match was recorded).
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Meera Kitchen' });
    const handle = `meera.kitchen.${randomBytes(4).toString('hex')}`;
    await saveProfile(server, creator, creatorWizard({ ownerName: 'Meera Kitchen' })).expect(200);
    await verifyInstagram(server, await loginAdmin(server), creator, handle, {
      ownerName: 'Meera Kitchen',
    });
    await waitUntil(async () => (await list(brand)).newMatchCount === 1, 'the new match');
    const answer = await list(brand);
    expect(answer.newMatches).toEqual([
      expect.objectContaining({ searchName: 'Kitchen creators', creatorName: 'Meera Kitchen' }),
    ]);
    expect(answer.searches[0]).toMatchObject({ newMatchCount: 1, matchCount: 1, digest: true });
    await waitUntil(async () => pushes.length > pushesBefore, 'the push');
    expect(pushes.slice(pushesBefore)).toHaveLength(1);

    // The same creator saving again is no second match.
    await saveProfile(server, creator, {
      ...instagramWizard(handle),
      ownerName: 'Meera Kitchen',
      description: 'New recipes every week.',
    }).expect(200);
    // Seen in the app: the notice goes, the match stays counted.
    await request(server.url).post('/api/saved-searches/seen').set(as(brand)).expect(200);
    expect((await list(brand)).searches[0]).toMatchObject({ newMatchCount: 0, matchCount: 1 });

    // No mail before the digest hour has come; the day after, one digest.
    expect(await digests(brand)).toEqual([]);
    clock.advance(DAY_MS + 60_000);
    await waitUntil(async () => (await digests(brand)).length === 1, 'the digest');
    const [digest] = await digests(brand);
    expect(digest!.subject).toBe('1 new creator matches your saved searches on LinkCoin');
    expect(digest!.body).toContain('Meera Kitchen');
    expect(digest!.body).toContain(`/Profile/${creator.userId}`);
    expect(digest!.body).toContain('/influencers?adCategories=kitchenware&minFollowers=10k');

    // Another day with nothing new: no mail.
    clock.advance(DAY_MS);
    const head = await headPosition(server);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await digests(brand)).toHaveLength(1);
    expect(await eventsAfter(server, head)).toEqual([]);

    // The mail's link for this search asks first: opening it (a mail scanner does) changes
    // nothing; its button POSTs to the same link, which turns the digest off, every time.
    const searchLink = /Stop these e-mails for this search: (\S+)/.exec(digest!.body)![1]!;
    const allLink = /Stop these e-mails for all your saved searches: (\S+)/.exec(digest!.body)![1]!;
    expect(searchLink).toMatch(/\/unsubscribe\/saved-searches\?t=[A-Za-z0-9._*-]+$/);
    expect(searchLink).not.toBe(allLink);
    const path = (link: string) => new URL(link).pathname + new URL(link).search;
    const headBeforeOpening = await headPosition(server);
    for (let i = 0; i < 2; i++) {
      const page = await request(server.url).get(path(searchLink)).expect(200);
      expect(page.text).toContain(UNSUBSCRIBE_TEXTS.confirmTitle);
      expect(page.text).toContain(UNSUBSCRIBE_TEXTS.confirmOne('Kitchen creators'));
      const form = /<form method="post" action="([^"]+)">/.exec(page.text);
      expect(form?.[1]?.replaceAll('&amp;', '&')).toBe(path(searchLink));
    }
    expect(await eventsAfter(server, headBeforeOpening)).toEqual([]);
    brand = await signInAgain(brand);
    expect((await list(brand)).searches[0]!.digest).toBe(true);
    for (let i = 0; i < 2; i++) {
      const page = await request(server.url)
        .post(path(searchLink))
        .type('form')
        .send('')
        .expect(200);
      expect(page.text).toContain(UNSUBSCRIBE_TEXTS.doneTitle);
      expect(page.text).toContain('Kitchen creators');
    }
    expect((await list(brand)).searches[0]!.digest).toBe(false);

    // A changed link (another brand's id, a widened target, a cut signature) changes nothing,
    // opened or posted.
    const token = new URL(searchLink).searchParams.get('t')!;
    const [brandId, searchId, mac] = token.split('.');
    const headBefore = await headPosition(server);
    for (const tampered of [
      `${creator.userId}.${searchId}.${mac}`,
      `${brandId}.*.${mac}`,
      `${brandId}.${searchId}.${mac!.slice(0, -2)}`,
      'nonsense',
    ]) {
      const url = `/unsubscribe/saved-searches?t=${encodeURIComponent(tampered)}`;
      for (const sent of [
        request(server.url).get(url),
        request(server.url).post(url).type('form').send('List-Unsubscribe=One-Click'),
      ]) {
        const page = await sent.expect(400);
        expect(page.text).toContain(UNSUBSCRIBE_TEXTS.bad);
        expect(page.text).not.toContain('<form');
      }
    }
    expect(await eventsAfter(server, headBefore)).toEqual([]);

    brand = await signInAgain(brand);
    // Back on in the app (the toggle), then off for every search from the mail's other link.
    await request(server.url)
      .patch(`/api/saved-searches/${searchId}`)
      .set(as(brand))
      .send({ digest: true })
      .expect(200);
    // The mail's List-Unsubscribe fields name the "all" link for mail clients' one-click
    // button (RFC 8058), which POSTs to it without the page.
    const fields = digest!.body
      .slice(0, digest!.body.search(/\r?\n\r?\n/))
      .replace(/\r?\n[ \t]+/g, ' ');
    expect(fields).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(/^List-Unsubscribe: <([^>]+)>$/m.exec(fields)?.[1]).toBe(allLink);
    const asks = await request(server.url).get(path(allLink)).expect(200);
    expect(asks.text).toContain(UNSUBSCRIBE_TEXTS.confirmAll);
    expect((await list(brand)).searches.some((s) => s.digest)).toBe(true);
    const all = await request(server.url)
      .post(path(allLink))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(all.text).toContain(UNSUBSCRIBE_TEXTS.doneAll);
    expect((await list(brand)).searches.every((s) => !s.digest)).toBe(true);

    // The search deleted since: the link, opened or confirmed, has nothing to turn off.
    await request(server.url).delete(`/api/saved-searches/${searchId}`).set(as(brand)).expect(200);
    const opened = await request(server.url).get(path(searchLink)).expect(200);
    expect(opened.text).toContain(UNSUBSCRIBE_TEXTS.goneTitle);
    expect(opened.text).not.toContain('<form');
    const confirmed = await request(server.url).post(path(searchLink)).type('form').expect(200);
    expect(confirmed.text).toContain(UNSUBSCRIBE_TEXTS.goneTitle);
    expect(confirmed.text).toContain(UNSUBSCRIBE_TEXTS.gone);
  });

  it('leave a brand alone while it also holds a console role: no match, push or digest', async () => {
    const query = 'adCategories=kitchenware&minFollowers=10k';
    let auditing = await registerUser(server, { role: 'user', companyName: 'Audit Foods' });
    const plain = await registerUser(server, { role: 'user', companyName: 'Plain Foods' });
    await save(auditing, 'Kitchen', query).expect(201);
    await save(plain, 'Kitchen', query).expect(201);
    const creatorMatching = async (ownerName: string) => {
      const creator = await registerUser(server, { role: 'influencer', ownerName });
      const handle = `asha.${randomBytes(4).toString('hex')}`;
      await verifyInstagram(server, await loginAdmin(server), creator, handle, { ownerName });
    };
    // A match before the role: recorded, and waiting for the next digest.
    await creatorMatching('Asha Before');
    await waitUntil(async () => (await list(auditing)).newMatchCount === 1, 'the first match');

    const admin = await loginAdmin(server);
    await grantAuditor(server, admin, auditing.userId);
    auditing = await signInAgain(auditing);
    await request(server.url).get('/api/saved-searches').set(as(auditing)).expect(403);

    // A match while it holds the role: none for it (so no push either), one for the other.
    const head = await headPosition(server);
    await creatorMatching('Asha During');
    await waitUntil(async () => (await list(plain)).newMatchCount === 2, 'the other brand');
    const recorded = (await eventsAfter(server, head)).filter(
      (event) => event.type === 'SavedSearchMatched',
    );
    expect(recorded.map((event) => event.streamId)).toEqual([`savedsearches-${plain.userId}`]);

    // The next morning: the other brand's digest, none for it (not even the match before).
    clock.advance(DAY_MS + 60_000);
    await waitUntil(async () => (await digests(plain)).length === 1, 'the digest');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await digests(auditing)).toEqual([]);

    // The role taken back: a brand again, told of what matches from now on.
    await request(server.url)
      .delete(`/api/admin/users/${auditing.userId}/roles/auditor`)
      .set(as(await loginAdmin(server)))
      .expect(200);
    auditing = await signInAgain(auditing);
    await creatorMatching('Asha After');
    await waitUntil(async () => (await list(auditing)).newMatchCount === 2, 'the match after');
  });

  it('follow the searches as they are deleted and saved: only the live ones find creators', async () => {
    const brand = await registerUser(server, { role: 'user', companyName: 'Changing Tastes' });
    const word = `chg${randomBytes(4).toString('hex')}`;
    const admin = await loginAdmin(server);
    const verifiedCreator = async (ownerName: string) => {
      const creator = await registerUser(server, { role: 'influencer', ownerName });
      await verifyInstagram(server, admin, creator, `${word}.${ownerName[0]}`, { ownerName });
    };
    const first = await save(brand, 'First', `search=${word}`).expect(201);
    await verifiedCreator(`Asha ${word}`);
    await waitUntil(
      async () => (await list(brand)).searches.some((s) => s.newMatchCount === 1),
      'the first search’s match',
    );

    // Deleted, and another saved with the same filters: the next creator is the new one's alone.
    await request(server.url)
      .delete(`/api/saved-searches/${first.body.search.searchId as string}`)
      .set(as(brand))
      .expect(200);
    await save(brand, 'Second', `search=${word}`).expect(201);
    await verifiedCreator(`Ravi ${word}`);
    await waitUntil(
      async () => (await list(brand)).searches.some((s) => s.newMatchCount === 1),
      'the second search’s match',
    );
    const answer = await list(brand);
    expect(answer.searches.map((s) => [s.name, s.newMatchCount])).toEqual([['Second', 1]]);
    expect(answer.newMatches.map((m) => m.searchName)).toEqual(['Second']);
  });

  it('count each new creator once, however many of the brand’s searches found them', async () => {
    let brand = await registerUser(server, { role: 'user', companyName: 'Triple Foods' });
    const word = `tri${randomBytes(4).toString('hex')}`;
    for (const [name, query] of [
      ['By name', `search=${word}`],
      ['Spices', `search=${word}&adCategories=spices`],
      ['Big', `search=${word}&minFollowers=10k`],
    ] as const) {
      await save(brand, name, query).expect(201);
    }
    // Two creators, each found by all three searches.
    for (const ownerName of [`Asha ${word}`, `Ravi ${word}`]) {
      const creator = await registerUser(server, { role: 'influencer', ownerName });
      await verifyInstagram(server, await loginAdmin(server), creator, `${word}.${ownerName[0]}`, {
        ownerName,
      });
    }
    await waitUntil(
      async () => (await list(brand)).searches.every((search) => search.newMatchCount === 2),
      'the six matches',
    );
    const answer = await list(brand);
    expect(answer.newMatchCount).toBe(2);
    // The notice still lists each creator under each search that found them.
    expect(answer.newMatches).toHaveLength(6);

    clock.advance(DAY_MS + 60_000);
    await waitUntil(async () => (await digests(brand)).length === 1, 'the digest');
    const [digest] = await digests(brand);
    expect(digest!.subject).toBe('2 new creators match your saved searches on LinkCoin');
    expect(digest!.body).toContain('By name (2 new creators):');
    expect(digest!.body).toContain('Spices (2 new creators):');

    // Seen: nothing new.
    brand = await signInAgain(brand);
    await request(server.url).post('/api/saved-searches/seen').set(as(brand)).expect(200);
    expect((await list(brand)).newMatchCount).toBe(0);
  });
});
