import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { InstagramVerificationRequested } from '@linkcoin/domain/verification/instagram.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../../testing/accounts.ts';
import { OTP_RECORDS, type OtpRecordDoc } from './otp-records.ts';
import { instagramWizard, saveProfile } from '../../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Issue 7, deliverables 3 and 9, for the Instagram desk: the link an admin follows is derived
// from the handle, Send Otp marks the record the admin sent, and each dashboard filter matches
// its own field.

type Row = { id: string; userId: string; profileName: string; profileUrl: string; status: string };

describe('the Instagram OTP desk over HTTP', () => {
  let server: TestServer;
  let admin: TestUser;
  const clock = adjustableClock();
  const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
  const api = () => request(server.url);
  let sequence = 0;
  const uniqueHandle = (word: string) => {
    sequence += 1;
    return `${word}.${sequence}${Date.now().toString(36)}`;
  };

  /** A creator with Instagram accounts on the profile (a second one replaces an open request). */
  const creatorWithInstagram = async (...handles: string[]) => {
    const creator = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, creator, instagramWizard(...handles)).expect(200);
    return creator;
  };
  const requestCode = (creator: TestUser, profileName: string, profileUrl?: string) =>
    api()
      .post('/api/pageowners/store')
      .set(auth(creator))
      .send({ userId: creator.userId, profileName, ...(profileUrl ? { profileUrl } : {}) });
  const recordsOf = async (creator: TestUser): Promise<Row[]> =>
    (
      await api()
        .get('/api/pageowners/get-all')
        .query({ userId: creator.userId })
        .set(auth(admin))
        .expect(200)
    ).body.data.data;
  const consoleRecord = async (id: string): Promise<Row> =>
    (await api().get(`/api/admin/otp-records/${id}`).set(auth(admin)).expect(200)).body;
  const consoleList = async (filter: object): Promise<Row[]> =>
    (
      await api()
        .get('/api/admin/otp-records')
        .query({ filter: JSON.stringify(filter), range: '[0,99]' })
        .set(auth(admin))
        .expect(200)
    ).body;
  const getAll = async (query: object): Promise<Row[]> =>
    (await api().get('/api/pageowners/get-all').query(query).set(auth(admin)).expect(200)).body.data
      .data;
  const requestedEvents = async (creator: TestUser) =>
    (
      await server.runtime.platform.eventStore.readStream(`igverification-${creator.userId}`)
    ).filter(
      (event): event is RecordedEvent<InstagramVerificationRequested> =>
        event.type === 'InstagramVerificationRequested',
    );

  const storedRecord = (id: string) =>
    server.runtime.platform.readStore.collection<OtpRecordDoc>(OTP_RECORDS).get(id);

  beforeAll(async () => {
    server = await startTestServer({ clock, env: adminEnv });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  describe('the profile link', () => {
    it.each([
      ['a javascript: link', 'javascript:alert(document.cookie)'],
      ["another account's link", 'https://instagram.com/another_account'],
    ])('shows the handle’s own link, not %s the client sent', async (_name, attack) => {
      const handle = uniqueHandle('Asha');
      const creator = await creatorWithInstagram(`@${handle}`);
      await requestCode(creator, handle, attack).expect(201);
      const derived = `https://www.instagram.com/${handle.toLowerCase()}/`;

      // The recorded request and the stored record hold the derived link or none.
      const [event] = await requestedEvents(creator);
      expect(event?.data).toMatchObject({ profileUrl: derived });
      expect(JSON.stringify(event)).not.toContain(attack);
      const stored = await storedRecord(event!.data.requestId);
      expect(stored).not.toBeNull();
      expect(JSON.stringify(stored)).not.toContain(attack);

      // Every view an admin reads: get-all, the console's list and record, get-by-userid.
      const [record] = await recordsOf(creator);
      expect(record?.profileUrl).toBe(derived);
      const [listed] = await consoleList({ userId: creator.userId });
      expect(listed?.profileUrl).toBe(derived);
      expect((await consoleRecord(record!.id)).profileUrl).toBe(derived);
      const status = await api()
        .get('/api/pageowners/get-by-userid')
        .query({ userId: creator.userId })
        .set(auth(admin))
        .expect(200);
      expect(status.body.profileUrl).toBe(derived);
    });

    it('derives the link for requests recorded with a client link before the fix', async () => {
      const handle = uniqueHandle('old');
      const creator = await creatorWithInstagram(handle);
      // A request as it was recorded before: the same, but with the client's link in it.
      await requestCode(creator, handle).expect(201);
      const [current] = await requestedEvents(creator);
      clock.advance(61_000);
      const now = clock.now().toISOString();
      const oldId = `old-${handle}`;
      await server.runtime.platform.eventStore.append(
        `igverification-${creator.userId}`,
        [
          {
            type: 'InstagramVerificationRequested',
            data: {
              ...current!.data,
              requestId: oldId,
              profileUrl: 'javascript:alert(document.cookie)',
              requestedAt: now,
              expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
              replaces: null,
            },
            metadata: {
              actorUserId: creator.userId,
              correlationId: 'before-the-fix',
              causationId: null,
              schemaVersion: 1,
              timestamp: now,
            },
          },
        ],
        { expectedRevision: 'any' },
      );
      const derived = `https://www.instagram.com/${handle}/`;
      await expect.poll(() => consoleRecord(oldId).catch(() => null)).not.toBeNull();
      expect((await consoleRecord(oldId)).profileUrl).toBe(derived);
      const listed = (await consoleList({ userId: creator.userId })).find((r) => r.id === oldId);
      expect(listed?.profileUrl).toBe(derived);
      const got = (await recordsOf(creator)).find((row) => row.id === oldId);
      expect(got?.profileUrl).toBe(derived);
      const status = await api()
        .get('/api/pageowners/get-by-userid')
        .query({ userId: creator.userId })
        .set(auth(creator))
        .expect(200);
      expect(status.body.profileUrl).toBe(derived);
    });

    it('refuses a handle that is no Instagram username, appending nothing', async () => {
      const creator = await creatorWithInstagram('Asha Cooks');
      const before = await headPosition(server);
      await requestCode(creator, 'asha cooks').expect(400, {
        success: false,
        message: 'Enter an Instagram username (letters, digits, dots and underscores, at most 30).',
      });
      expect(await headPosition(server)).toBe(before);
    });
  });

  describe('Send Otp', () => {
    it("marks the admin's record, and refuses it once a newer request replaced it", async () => {
      const handle = uniqueHandle('mira');
      const second = uniqueHandle('mira');
      const creator = await creatorWithInstagram(handle, second);
      await requestCode(creator, handle).expect(201);
      const [a] = await recordsOf(creator);
      clock.advance(61_000);
      // Asked again for the same handle: the open request answers, no new record.
      await requestCode(creator, handle).expect(200);
      expect(await recordsOf(creator)).toHaveLength(1);
      // For the other account on the profile: a new request, replacing the open one.
      await requestCode(creator, second).expect(201);
      const b = (await recordsOf(creator)).find((row) => row.id !== a!.id)!;

      // The admin had record A open and presses Send Otp: refused, B untouched, nothing appended.
      const before = await headPosition(server);
      await api().post(`/api/admin/otp-records/${a!.id}/send`).set(auth(admin)).expect(409, {
        success: false,
        message: 'This code was replaced by a newer request. Refresh and send the newer code.',
      });
      expect(await headPosition(server)).toBe(before);
      expect(await consoleRecord(b.id)).toMatchObject({ status: 'pending', sentAt: null });
      expect((await consoleRecord(a!.id)).status).toBe('expired');

      // Send Otp on B marks B.
      const sent = await api().post(`/api/admin/otp-records/${b.id}/send`).set(auth(admin));
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ id: b.id, status: 'send' });
      expect((await consoleRecord(a!.id)).status).toBe('expired');
    });

    it("keeps the spec's send-status marking the current request", async () => {
      const handle = uniqueHandle('kiran');
      const second = uniqueHandle('kiran');
      const creator = await creatorWithInstagram(handle, second);
      await requestCode(creator, handle).expect(201);
      clock.advance(61_000);
      await requestCode(creator, second).expect(201);
      await api()
        .put('/api/pageowners/send-status')
        .set(auth(admin))
        .send({ userId: creator.userId, status: 'send' })
        .expect(200);
      const statuses = (await recordsOf(creator)).map((row) => row.status);
      expect(statuses).toEqual(['send', 'expired']);
      const nobody = await registerUser(server, { role: 'influencer' });
      await api()
        .put('/api/pageowners/send-status')
        .set(auth(admin))
        .send({ userId: nobody.userId, status: 'send' })
        .expect(404, { success: false, message: 'No OTP found for this user' });
    });
  });

  describe('the User ID and Profile name filters', () => {
    // J's user id begins with eight hex digits; K's handle begins with the same eight: a search
    // over both fields would find each by the other's filter.
    let j: TestUser;
    let k: TestUser;
    let jHandle: string;
    let kHandle: string;
    let shared: string;
    const ids = (rows: Row[]) => rows.map((row) => row.userId).sort();

    beforeAll(async () => {
      jHandle = uniqueHandle('jaya');
      j = await creatorWithInstagram(jHandle);
      shared = j.userId.slice(0, 8);
      kHandle = `${shared}.${uniqueHandle('kabir_cooks').replace('.', '')}`;
      k = await creatorWithInstagram(kHandle);
      await requestCode(j, jHandle).expect(201);
      await requestCode(k, kHandle).expect(201);
    });

    const both = async (filter: { userId?: string; profileName?: string }) => {
      const fromGetAll = ids(await getAll(filter));
      const fromConsole = ids(await consoleList(filter));
      expect(fromConsole).toEqual(fromGetAll);
      return fromGetAll;
    };

    it('matches the User ID on the user id only: exact, or its beginning', async () => {
      expect(await both({ userId: j.userId })).toEqual([j.userId]);
      expect(await both({ userId: shared })).toEqual([j.userId]);
      expect(await both({ userId: ` ${k.userId.slice(0, 13)} ` })).toEqual([k.userId]);
      expect(await both({ userId: k.userId.slice(9) })).toEqual([]);
      expect(await both({ userId: jHandle })).toEqual([]);
    });

    it('matches the Profile name on the handle only: a word prefix, any case, @ ignored', async () => {
      expect(await both({ profileName: shared })).toEqual([k.userId]);
      expect(await both({ profileName: `@${kHandle.toUpperCase()}` })).toEqual([k.userId]);
      expect(await both({ profileName: 'KABIR_COO' })).toEqual([k.userId]);
      expect(await both({ profileName: `@${jHandle.slice(0, 7)}` })).toEqual([j.userId]);
      expect(await both({ profileName: 'abir' })).toEqual([]);
      expect(await both({ profileName: j.userId })).toEqual([]);
    });

    it('combines them, and keeps react-admin’s free search q on both fields', async () => {
      expect(await both({ userId: k.userId, profileName: jHandle })).toEqual([]);
      expect(await both({ userId: k.userId, profileName: kHandle })).toEqual([k.userId]);
      expect(ids(await consoleList({ q: shared }))).toEqual([j.userId, k.userId].sort());
    });
  });
});
