/** Where the LinkCoin mobile app lives: the URL scheme it registers and its store page. */
export const MOBILE_APP_SCHEME = 'linkcoin';

export const APP_STORE_URL = 'https://play.google.com/store/apps/details?id=in.linkcoin.app';

/** If the app has not taken over by then, the visitor is sent to the store (docs/product-spec.md section 9). */
export const APP_STORE_FALLBACK_DELAY_MS = 2000;

/** The app's link to a creator's profile, or to its start screen when no profile is given. */
export function profileDeepLink(userId: string | null): string {
  return userId
    ? `${MOBILE_APP_SCHEME}://profile/${encodeURIComponent(userId)}`
    : `${MOBILE_APP_SCHEME}://`;
}
