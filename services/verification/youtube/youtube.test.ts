import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOUTUBE_MESSAGES } from '@linkcoin/domain/verification/youtube.ts';
import { headPosition, registerUser, type TestUser } from '../../testing/accounts.ts';
import { creatorWizard, saveProfile } from '../../testing/profiles.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const CLIENT_ID = '1234567890-linkcoin.apps.googleusercontent.com';
const API_KEY = 'AIzaTestKeyForLinkCoin';
const READONLY = 'https://www.googleapis.com/auth/youtube.readonly';

/** What Google knows in this test: channels by handle, and which channel each access token signs in. */
const CHANNELS: Record<
  string,
  { id: string; title: string; subscribers: string; hidden?: boolean }
> = {
  '@ashacookstv': { id: 'UCasha0000000000000000', title: 'Asha Cooks', subscribers: '48213' },
  '@othertv': { id: 'UCother000000000000000', title: 'Other TV', subscribers: '10' },
};
const TOKENS_: Record<string, { aud: string; scope: string; channel: string | null }> = {
  'token-asha': { aud: CLIENT_ID, scope: `openid ${READONLY}`, channel: '@ashacookstv' },
  'token-other': { aud: CLIENT_ID, scope: READONLY, channel: '@othertv' },
  'token-foreign-app': {
    aud: 'someone-else.apps.googleusercontent.com',
    scope: READONLY,
    channel: '@ashacookstv',
  },
  'token-no-scope': { aud: CLIENT_ID, scope: 'openid email', channel: '@ashacookstv' },
};

/** Answers the documented shapes of channels.list (YouTube Data API v3) and tokeninfo. */
const startGoogle = async () => {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://google.test');
    calls.push(url.pathname);
    res.setHeader('Content-Type', 'application/json');
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/tokeninfo') {
      const info = TOKENS_[url.searchParams.get('access_token') ?? ''];
      if (!info) return send(400, { error: 'invalid_token', error_description: 'Invalid Value' });
      return send(200, { aud: info.aud, azp: info.aud, scope: info.scope, expires_in: '3500' });
    }
    if (url.pathname === '/youtube/v3/channels') {
      const listOf = (key: string | null) => {
        const channel = key ? CHANNELS[key.toLowerCase()] : undefined;
        return {
          kind: 'youtube#channelListResponse',
          etag: 'etag',
          pageInfo: { totalResults: channel ? 1 : 0, resultsPerPage: 5 },
          ...(channel
            ? {
                items: [
                  {
                    kind: 'youtube#channel',
                    etag: 'etag',
                    id: channel.id,
                    snippet: { title: channel.title, customUrl: key, description: '' },
                    statistics: {
                      viewCount: '1000',
                      subscriberCount: channel.subscribers,
                      hiddenSubscriberCount: false,
                      videoCount: '12',
                    },
                  },
                ],
              }
            : {}),
        };
      };
      if (url.searchParams.get('mine') === 'true') {
        const token = (req.headers.authorization ?? '').replace('Bearer ', '');
        const info = TOKENS_[token];
        if (!info) return send(401, { error: { code: 401, message: 'Invalid Credentials' } });
        return send(200, listOf(info.channel));
      }
      if (url.searchParams.get('key') !== API_KEY)
        return send(400, { error: { code: 400, message: 'API key not valid.' } });
      return send(200, listOf(url.searchParams.get('forHandle')));
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, calls, stop: () => new Promise<void>((done) => server.close(() => done())) };
};

describe('YouTube verification over HTTP', () => {
  let google: Awaited<ReturnType<typeof startGoogle>>;
  let server: TestServer;
  let creator: TestUser;

  const verify = (as: TestUser, body: Record<string, unknown>) =>
    request(server.url)
      .post('/api/pageowners/verify-youtube')
      .set('Authorization', `Bearer ${as.token}`)
      .send({ userId: as.userId, ...body });

  beforeAll(async () => {
    google = await startGoogle();
    server = await startTestServer({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        YOUTUBE_API_KEY: API_KEY,
        YOUTUBE_API_BASE_URL: `${google.base}/youtube/v3`,
        GOOGLE_TOKENINFO_URL: `${google.base}/tokeninfo`,
      },
    });
    creator = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, creator, creatorWizard()).expect(200);
  });
  afterAll(async () => {
    await server?.stop();
    await google?.stop();
  });

  it('is offered when configured', async () => {
    const config = await request(server.url).get('/api/public-config').expect(200);
    expect(config.body.youtubeVerification).toBe(true);
  });

  it('refuses when the signed-in channel is another one, and records the failure', async () => {
    const res = await verify(creator, {
      handle: '@AshaCooksTV',
      accessToken: 'token-other',
    }).expect(400);
    expect(res.body).toEqual({ success: false, message: '❌ Verification failed' });
    const events = await server.runtime.platform.eventStore.readStream(`youtube-${creator.userId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'YouTubeVerificationFailed',
      data: { reason: 'not_signed_in_channel' },
    });
  });

  it('refuses tokens issued to another app or without the read-only YouTube scope, appending nothing', async () => {
    for (const accessToken of ['token-foreign-app', 'token-no-scope', 'token-unknown-to-google']) {
      const before = await headPosition(server);
      await verify(creator, { handle: '@AshaCooksTV', accessToken }).expect(400, {
        success: false,
        message: '❌ Verification failed',
      });
      expect(await headPosition(server)).toBe(before);
    }
  });

  it('refuses a handle that is not on the profile', async () => {
    await verify(creator, { handle: '@OtherTV', accessToken: 'token-other' }).expect(400, {
      success: false,
      message: 'Add this YouTube account to your profile and save it first.',
    });
  });

  it("verifies the account and sets its followers to the channel's subscribers", async () => {
    const res = await verify(creator, { handle: '@AshaCooksTV', accessToken: 'token-asha' }).expect(
      200,
    );
    expect(res.body).toEqual({
      success: true,
      message: '✅ Verified: Asha Cooks (48213 subscribers)',
      channel: { id: 'UCasha0000000000000000', title: 'Asha Cooks', subscribers: 48213 },
    });
    const profile = (
      await request(server.url).get(`/api/pageowners/user/${creator.userId}`).expect(200)
    ).body.data;
    expect(
      profile.profileDetails.find((a: { platform: string }) => a.platform === 'youtube'),
    ).toMatchObject({
      verified: true,
      verifiedBy: 'youtube_oauth',
      followers: 48213,
      followersCount: 48213,
    });
  });

  it('gives a channel one verified owner: a second creator proving it too is refused, for the desk', async () => {
    // The first creator verified the channel in the test above.
    const second = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, second, creatorWizard()).expect(200);
    await verify(second, { handle: '@AshaCooksTV', accessToken: 'token-asha' }).expect(409, {
      success: false,
      message: YOUTUBE_MESSAGES.claimedByOther,
    });
    const profile = (
      await request(server.url).get(`/api/pageowners/user/${second.userId}`).expect(200)
    ).body.data;
    expect(
      profile.profileDetails.find((a: { platform: string }) => a.platform === 'youtube'),
    ).toMatchObject({ verified: false });
    // The proof is on record, so the desk lists both claims on the channel.
    const store = server.runtime.platform.eventStore;
    expect((await store.readStream(`youtube-${second.userId}`)).at(-1)?.type).toBe(
      'YouTubeChannelVerified',
    );
  });

  it('never answers success to a replayed Idempotency-Key: every request is checked with Google', async () => {
    const second = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, second, creatorWizard()).expect(200);
    const keyed = (accessToken: string) =>
      verify(second, { handle: '@AshaCooksTV', accessToken }).set(
        'Idempotency-Key',
        'youtube-replay-1',
      );
    await keyed('token-other').expect(400);
    const head = await headPosition(server);
    // The same key again, with a token that does not prove the channel: still a failure.
    await keyed('token-foreign-app').expect(400, {
      success: false,
      message: '❌ Verification failed',
    });
    expect(await headPosition(server)).toBe(head);
  });

  it('answers a clear failure when Google cannot be reached', async () => {
    const offline = await startTestServer({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        YOUTUBE_API_KEY: API_KEY,
        YOUTUBE_API_BASE_URL: 'http://127.0.0.1:9/youtube/v3',
        GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo',
      },
    });
    try {
      const user = await registerUser(offline, { role: 'influencer' });
      await saveProfile(offline, user, creatorWizard()).expect(200);
      await request(offline.url)
        .post('/api/pageowners/verify-youtube')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ userId: user.userId, handle: '@AshaCooksTV', accessToken: 'token-asha' })
        .expect(502, { success: false, message: '❌ Verification failed' });
    } finally {
      await offline.stop();
    }
  });
});

describe('YouTube verification without configuration', () => {
  it('says it is not available and never fakes a success', async () => {
    const server = await startTestServer();
    try {
      const user = await registerUser(server, { role: 'influencer' });
      await saveProfile(server, user, creatorWizard()).expect(200);
      expect((await request(server.url).get('/api/public-config')).body.youtubeVerification).toBe(
        false,
      );
      await request(server.url)
        .post('/api/pageowners/verify-youtube')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ userId: user.userId, handle: '@AshaCooksTV', accessToken: 'whatever-token' })
        .expect(404, { success: false, message: 'YouTube verification is not available here.' });
    } finally {
      await server.stop();
    }
  });
});
