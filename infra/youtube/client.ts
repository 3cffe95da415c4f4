import { z } from 'zod';
import type { Channel } from '@linkcoin/domain/verification/youtube.ts';

export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

/** The parts of a channels.list answer (YouTube Data API v3) the verification reads. */
const channelList = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({ title: z.string() }).partial().optional(),
        statistics: z
          .object({
            subscriberCount: z.string().optional(),
            hiddenSubscriberCount: z.boolean().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

const tokenInfo = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  scope: z.string().optional(),
});

export class YouTubeApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'YouTubeApiError';
    this.status = status;
  }
}

export type YouTubeSettings = Readonly<{
  apiKey: string;
  apiBaseUrl: string;
  tokenInfoUrl: string;
  clientId: string;
  timeoutMs?: number;
}>;

/** Channel look-ups through the YouTube Data API, and the check that a Google token is ours. */
export class YouTubeClient {
  readonly #settings: YouTubeSettings;

  constructor(settings: YouTubeSettings) {
    this.#settings = settings;
  }

  async #get(url: URL, headers: Record<string, string> = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers,
        signal: AbortSignal.timeout(this.#settings.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new YouTubeApiError(`Google could not be reached (${String(error)})`, 502);
    }
    if (!response.ok)
      throw new YouTubeApiError(`Google answered ${response.status}`, response.status);
    return response.json();
  }

  /** True when the access token was issued to our client id with the read-only YouTube scope. */
  async tokenIsOurs(accessToken: string): Promise<boolean> {
    const url = new URL(this.#settings.tokenInfoUrl);
    url.searchParams.set('access_token', accessToken);
    try {
      const info = tokenInfo.parse(await this.#get(url));
      const audience = info.aud ?? info.azp;
      return (
        audience === this.#settings.clientId &&
        (info.scope ?? '').split(' ').includes(YOUTUBE_READONLY_SCOPE)
      );
    } catch (error) {
      if (error instanceof YouTubeApiError && error.status === 400) return false;
      throw error;
    }
  }

  #channelsUrl(): URL {
    const url = new URL(`${this.#settings.apiBaseUrl}/channels`);
    url.searchParams.set('part', 'id,snippet,statistics');
    return url;
  }

  static #first(body: unknown): Channel | null {
    const item = channelList.parse(body).items?.[0];
    if (!item) return null;
    const subscribers = item.statistics?.hiddenSubscriberCount
      ? 0
      : Number(item.statistics?.subscriberCount ?? 0);
    return {
      id: item.id,
      title: item.snippet?.title ?? item.id,
      subscribers: Number.isFinite(subscribers) ? subscribers : 0,
    };
  }

  /** The channel a handle (with or without @) names, with the server's API key. */
  async channelByHandle(handle: string): Promise<Channel | null> {
    const url = this.#channelsUrl();
    url.searchParams.set('forHandle', handle.startsWith('@') ? handle : `@${handle}`);
    url.searchParams.set('key', this.#settings.apiKey);
    return YouTubeClient.#first(await this.#get(url));
  }

  /** The channel of the Google account that granted the access token. */
  async signedInChannel(accessToken: string): Promise<Channel | null> {
    const url = this.#channelsUrl();
    url.searchParams.set('mine', 'true');
    return YouTubeClient.#first(await this.#get(url, { Authorization: `Bearer ${accessToken}` }));
  }
}
