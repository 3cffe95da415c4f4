import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOUTUBE_READONLY_SCOPE, YouTubeApiError, YouTubeClient } from './client.ts';

const CLIENT_ID = 'client-1.apps.googleusercontent.com';

/** A stand-in for tokeninfo and channels.list, answering their documented shapes. */
const answer = (req: IncomingMessage): [number, unknown] => {
  const url = new URL(req.url!, 'http://google.test');
  if (url.pathname === '/tokeninfo') {
    const token = url.searchParams.get('access_token');
    if (token === 'ours')
      return [200, { aud: CLIENT_ID, scope: `openid ${YOUTUBE_READONLY_SCOPE}` }];
    if (token === 'azp-only') return [200, { azp: CLIENT_ID, scope: YOUTUBE_READONLY_SCOPE }];
    if (token === 'no-scope') return [200, { aud: CLIENT_ID, scope: 'openid email' }];
    if (token === 'foreign') return [200, { aud: 'other-app', scope: YOUTUBE_READONLY_SCOPE }];
    if (token === 'google-down') return [503, { error: 'backend' }];
    return [400, { error: 'invalid_token' }];
  }
  if (url.pathname === '/v3/channels') {
    if (url.searchParams.get('mine') === 'true') {
      if (req.headers.authorization !== 'Bearer ours') return [401, { error: 'unauthorized' }];
      return [
        200,
        {
          items: [
            { id: 'UCmine', snippet: { title: 'Mine' }, statistics: { subscriberCount: '12' } },
          ],
        },
      ];
    }
    if (url.searchParams.get('key') !== 'api-key-1234') return [403, { error: 'forbidden' }];
    switch (url.searchParams.get('forHandle')) {
      case '@asha':
        return [
          200,
          {
            items: [
              { id: 'UCasha', snippet: { title: 'Asha' }, statistics: { subscriberCount: '4200' } },
            ],
          },
        ];
      case '@hidden':
        return [
          200,
          {
            items: [
              {
                id: 'UChidden',
                statistics: { subscriberCount: '99', hiddenSubscriberCount: true },
              },
            ],
          },
        ];
      default:
        return [200, { pageInfo: { totalResults: 0 } }];
    }
  }
  return [404, {}];
};

describe('the YouTube client', () => {
  let google: Server;
  let client: YouTubeClient;

  beforeAll(async () => {
    google = createServer((req, res) => {
      const [status, body] = answer(req);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((done) => google.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
    client = new YouTubeClient({
      apiKey: 'api-key-1234',
      apiBaseUrl: `${base}/v3`,
      tokenInfoUrl: `${base}/tokeninfo`,
      clientId: CLIENT_ID,
    });
  });
  afterAll(async () => {
    await new Promise((done) => google.close(done));
  });

  it('accepts only tokens issued to our client id with the read-only YouTube scope', async () => {
    expect(await client.tokenIsOurs('ours')).toBe(true);
    expect(await client.tokenIsOurs('azp-only')).toBe(true);
    expect(await client.tokenIsOurs('no-scope')).toBe(false);
    expect(await client.tokenIsOurs('foreign')).toBe(false);
    expect(await client.tokenIsOurs('unknown')).toBe(false);
  });

  it('reports Google failing as an error, not as a foreign token', async () => {
    await expect(client.tokenIsOurs('google-down')).rejects.toBeInstanceOf(YouTubeApiError);
  });

  it('finds a channel by handle, with or without the @', async () => {
    const expected = { id: 'UCasha', title: 'Asha', subscribers: 4200 };
    expect(await client.channelByHandle('asha')).toEqual(expected);
    expect(await client.channelByHandle('@asha')).toEqual(expected);
    expect(await client.channelByHandle('nobody')).toBeNull();
  });

  it('counts hidden subscribers as zero and falls back to the id for a missing title', async () => {
    expect(await client.channelByHandle('hidden')).toEqual({
      id: 'UChidden',
      title: 'UChidden',
      subscribers: 0,
    });
  });

  it("reads the signed-in account's channel with its access token", async () => {
    expect(await client.signedInChannel('ours')).toEqual({
      id: 'UCmine',
      title: 'Mine',
      subscribers: 12,
    });
    await expect(client.signedInChannel('someone')).rejects.toMatchObject({ status: 401 });
  });
});
