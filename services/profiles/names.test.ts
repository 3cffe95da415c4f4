/**
 * Names are names (issue 19): the person's name and the handles apart, everywhere, with the old
 * wizard's "Insta or YouTube Username" saves read by the legacy rule (nothing rewritten).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../testing/accounts.ts';
import { changeCollection, grantCoins } from '../testing/collections.ts';
import { creatorWizard, saveProfile } from '../testing/profiles.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('names and handles over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** Appends an event as the old wizard recorded it, and waits for the read models. */
  const legacySave = async (user: TestUser, ownerName: string) => {
    const { platform } = server.runtime;
    const result = await platform.eventStore.append(
      profileStreamId(user.userId),
      [
        {
          type: 'PersonalDetailsUpdated',
          data: { ownerName, mobile: '', whatsapp: '', description: '' },
          metadata: {
            actorUserId: user.userId,
            correlationId: 'old-wizard',
            causationId: null,
            schemaVersion: 1,
            timestamp: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    await platform.progress.waitFor(result.position, 10_000);
  };
  const profileOf = async (id: string) =>
    (await request(server.url).get(`/api/pageowners/user/${id}`).expect(200)).body.data;
  const search = async (words: string) =>
    (
      await request(server.url).get('/api/pageowners/users').query({ search: words }).expect(200)
    ).body.data.map((item: { ownerName: string; handle: string | null }) => [
      item.ownerName,
      item.handle,
    ]);

  it('reads a handle the old wizard saved as the name as a handle: the name stays, search finds both', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Khan' });
    await legacySave(creator, 'asha.k');
    expect(await profileOf(creator.userId)).toMatchObject({
      ownerName: 'Asha Khan',
      handle: 'asha.k',
    });
    expect(await search('khan')).toEqual([['Asha Khan', 'asha.k']]);
    expect(await search('asha.k')).toEqual([['Asha Khan', 'asha.k']]);
    const me = await request(server.url)
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${creator.token}`)
      .expect(200);
    expect(me.body.user).toMatchObject({ ownerName: 'Asha Khan', handle: 'asha.k' });

    // An old save that reads as a name is the name.
    await legacySave(creator, 'Asha K. Khan');
    expect((await profileOf(creator.userId)).ownerName).toBe('Asha K. Khan');
  });

  it('keeps the name and the accounts apart from the wizard on, and shows a brand its company', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Kumar' });
    await saveProfile(
      server,
      creator,
      creatorWizard({
        ownerName: 'Ravi Kumar',
        profileDetails: [{ platform: 'instagram', profileName: 'ravi.travels', followers: 1200 }],
      }),
    ).expect(200);
    expect(await profileOf(creator.userId)).toMatchObject({
      ownerName: 'Ravi Kumar',
      handle: 'ravi.travels',
      companyName: null,
    });

    const brand = await registerUser(server, {
      role: 'user',
      ownerName: 'Meera Shah',
      companyName: 'Chai Point',
    });
    expect(await profileOf(brand.userId)).toMatchObject({
      ownerName: 'Meera Shah',
      companyName: 'Chai Point',
    });
    await saveProfile(server, brand, {
      ownerName: 'Meera Shah',
      companyName: 'Chai Point Foods',
    }).expect(200);

    // The creator's list shows the brand with its company, the brand's the creator's handle.
    await grantCoins(server, await loginAdmin(server), brand, 1);
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    const creatorsList = await request(server.url)
      .get(`/api/collection/users/${creator.userId}`)
      .set('Authorization', `Bearer ${creator.token}`)
      .expect(200);
    expect(creatorsList.body.collections[0].user).toMatchObject({
      ownerName: 'Meera Shah',
      companyName: 'Chai Point Foods',
    });
    // The console shows them so too.
    const admin = await loginAdmin(server);
    const overview = async (id: string) =>
      (
        await request(server.url)
          .get(`/api/admin/user-overviews/${id}`)
          .set('Authorization', `Bearer ${admin.token}`)
          .expect(200)
      ).body;
    expect(await overview(creator.userId)).toMatchObject({
      ownerName: 'Ravi Kumar',
      handle: 'ravi.travels',
    });
    expect(await overview(brand.userId)).toMatchObject({
      ownerName: 'Meera Shah',
      companyName: 'Chai Point Foods',
    });
    const brandsList = await request(server.url)
      .get(`/api/collection/users/${brand.userId}`)
      .set('Authorization', `Bearer ${brand.token}`)
      .expect(200);
    expect(brandsList.body.collections[0].user).toMatchObject({
      ownerName: 'Ravi Kumar',
      handle: 'ravi.travels',
      companyName: null,
    });
  });
});
