import { afterEach, describe, expect, it, vi } from 'vitest';

const PROFILE_PATH = '/pageowners/user/creator-1';
const SENT = { success: true, data: { _id: 'creator-1', ownerName: 'Asha </script>' } };

/** A page whose HTML came with the server's answers (services/platform/http/first-screen.ts). */
function pageWithAnswers(text: string) {
  const element = { textContent: text, remove: vi.fn() };
  vi.stubGlobal('document', {
    cookie: '',
    getElementById: (id: string) => (id === 'first-screen-answers' ? element : null),
  });
  return element;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('answers the page came with', () => {
  it("answers a visitor's first request for the path from the page, then asks the API", async () => {
    const element = pageWithAnswers(JSON.stringify({ [PROFILE_PATH]: SENT }));
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ success: true, data: { _id: 'creator-1' } })),
    );
    vi.stubGlobal('fetch', fetch);
    const { apiRequest } = await import('./api-client');
    await expect(apiRequest(PROFILE_PATH, { auth: true })).resolves.toEqual(SENT);
    expect(fetch).not.toHaveBeenCalled();
    expect(element.remove).toHaveBeenCalled();
    // Once only: the next read (a refetch, a later visit) is the API's.
    await expect(apiRequest(PROFILE_PATH, { auth: true })).resolves.toEqual({
      success: true,
      data: { _id: 'creator-1' },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never answers a request that carries a token, nor another path', async () => {
    pageWithAnswers(JSON.stringify({ [PROFILE_PATH]: SENT }));
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true })));
    vi.stubGlobal('fetch', fetch);
    // The session module the client uses (modules are loaded afresh for each test).
    const session = await import('@linkcoin/frontend-shared/session/session.ts');
    session.saveSessionToken('jwt-1', Date.now() + 60_000);
    const { apiRequest } = await import('./api-client');
    await expect(apiRequest(PROFILE_PATH, { auth: true })).resolves.toEqual({ success: true });
    session.clearSessionToken();
    await expect(apiRequest('/pageowners/user/creator-2')).resolves.toEqual({ success: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks the API when the page carried something unreadable', async () => {
    pageWithAnswers('{not json');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true })));
    vi.stubGlobal('fetch', fetch);
    const { apiRequest } = await import('./api-client');
    await expect(apiRequest(PROFILE_PATH)).resolves.toEqual({ success: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
