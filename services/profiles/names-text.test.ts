/**
 * Names are text (issue 18, finding 5), over HTTP: a name with a line break, a NUL or a
 * direction override is refused at registration and in the wizard with a clear message and
 * changes nothing; names are kept NFC with their spaces collapsed; a name recorded before these
 * rules (an event is never edited) is shown cleaned by every read: the profile, the directory,
 * the session's user and the console's users.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { NAME_MESSAGES } from '@linkcoin/domain/shared/names.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  verifiedEmail,
  type TestUser,
} from '../testing/accounts.ts';
import { appendLegacyEvents, storedEvents } from '../testing/legacy-events.ts';
import { creatorWizard, saveProfile } from '../testing/profiles.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const DIRTY: readonly (readonly [string, string])[] = [
  ['Asha\r\nBcc: evil@example.com', NAME_MESSAGES.control],
  ['Asha\u0000Rao', NAME_MESSAGES.control],
  ['Asha\nRao', NAME_MESSAGES.control],
  ['Asha \u202Eoar', NAME_MESSAGES.direction],
  ['\u2066Asha\u2069', NAME_MESSAGES.direction],
];

describe('names are text', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses control and direction characters at registration, changing nothing', async () => {
    for (const [ownerName, message] of DIRTY) {
      const email = `names-${Math.random().toString(36).slice(2)}@example.in`;
      const verificationToken = await verifiedEmail(server, email);
      const before = await headPosition(server);
      const res = await request(server.url)
        .post('/api/pageowners/register')
        .send({
          ownerName,
          email,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          role: 'influencer',
          verificationToken,
        })
        .expect(400);
      expect(res.body).toEqual({ success: false, message });
      expect(await headPosition(server)).toBe(before);
    }
  });

  it('refuses them in the wizard, and keeps names NFC with spaces collapsed', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Zoe\u0308   Q' });
    for (const [ownerName, message] of DIRTY) {
      const before = await headPosition(server);
      const res = await saveProfile(server, creator, { ownerName }).expect(400);
      expect(res.body).toEqual({ success: false, message });
      expect(await headPosition(server)).toBe(before);
    }
    const check = await request(server.url)
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${creator.token}`)
      .expect(200);
    expect(check.body.user.ownerName).toBe('Zoë Q');
    const saved = await saveProfile(server, creator, { ownerName: '  Asha \u00A0  Rao ' }).expect(
      200,
    );
    expect(saved.body.user.ownerName).toBe('Asha Rao');
  });

  it('shows names recorded before the rules cleaned, on every read, without editing an event', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Legacy One' });
    await saveProfile(server, creator, creatorWizard({ ownerName: 'Legacy One' })).expect(200);
    // As an older version stored them: a profile name and a registration with such characters.
    const dirty = 'Legacy\r\nBcc: x\u202E One';
    await appendLegacyEvents(server, profileStreamId(creator.userId), [
      {
        type: 'PersonalDetailsUpdated',
        data: {
          ownerName: dirty,
          mobile: '+91 98765 43210',
          whatsapp: '+91 98765 43210',
          description: 'Home chef sharing quick Maharashtrian recipes.',
        },
      },
    ]);
    const brandId = `legacy-brand-${Date.now()}`;
    await appendLegacyEvents(server, accountStreamId(brandId), [
      {
        type: 'AccountRegistered',
        data: {
          userId: brandId,
          email: `${brandId}@example.in`,
          ownerName: 'Brand\u0000\u2066Co\u2069',
          role: 'user',
          mobile: '',
          passwordHash: null,
          googleSub: null,
          emailProof: 'operator',
          registeredAt: new Date().toISOString(),
        },
      },
    ]);
    const clean = 'Legacy Bcc: x One';
    const profile = await request(server.url)
      .get(`/api/pageowners/user/${creator.userId}`)
      .expect(200);
    expect(profile.body.data.ownerName).toBe(clean);
    const listed = await request(server.url)
      .get('/api/pageowners/users')
      .query({ search: 'legacy bcc' })
      .expect(200);
    expect(listed.body.data.map((item: { ownerName: string }) => item.ownerName)).toEqual([clean]);
    const check = await request(server.url)
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${creator.token}`)
      .expect(200);
    expect(check.body.user.ownerName).toBe(clean);
    const console = await request(server.url)
      .get(`/api/admin/user-overviews/${brandId}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(console.body.ownerName).toBe('Brand Co');
    // The events are as they were written.
    const events = await storedEvents(server, profileStreamId(creator.userId));
    expect((events.at(-1)?.data as { ownerName: string }).ownerName).toBe(dirty);
  });
});
