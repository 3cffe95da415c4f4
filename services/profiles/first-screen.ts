import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { replyTimeText } from '@linkcoin/domain/messaging/reply-times.ts';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { followersCount, formatFollowers } from '@linkcoin/domain/profiles/followers.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import type { AnalyticsRecorder } from '../platform/analytics/recorder.ts';
import { escapeHtml as h, type FirstScreen } from '../platform/http/first-screen.ts';
import type { ProfileHandlers } from './handlers.ts';

/** The pictures the app shows (frontend-shared's `safeImageSrc`): our uploads, or https. */
const shownPicture = (url: string): string | null =>
  /^\/uploads\/[\w.-]+$/.test(url) || url.startsWith('https://') ? url : null;

const VERIFIED_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" fill="#4338ca" aria-hidden="true" focusable="false"><path d="m23 12-2.44-2.79.34-3.69-3.61-.82-1.89-3.2L12 2.96 8.6 1.5 6.71 4.69 3.1 5.5l.34 3.7L1 12l2.44 2.79-.34 3.7 3.61.82L8.6 22.5l3.4-1.47 3.4 1.46 1.89-3.19 3.61-.82-.34-3.69zM9.38 16.01 7 13.61a.996.996 0 0 1 0-1.41l.07-.07c.39-.39 1.03-.39 1.42 0l1.61 1.62 5.15-5.16c.39-.39 1.03-.39 1.42 0l.07.07c.39.39.39 1.02 0 1.41l-5.92 5.94c-.41.39-1.04.39-1.44 0"/></svg>';
const INSTAGRAM_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" fill="#c13584" aria-hidden="true" focusable="false"><path d="M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.39 5.61 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.61 18.39 4 16.4 4H7.6m9.65 1.5a1.25 1.25 0 0 1 1.25 1.25A1.25 1.25 0 0 1 17.25 8 1.25 1.25 0 0 1 16 6.75a1.25 1.25 0 0 1 1.25-1.25M12 7a5 5 0 0 1 5 5 5 5 0 0 1-5 5 5 5 0 0 1-5-5 5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3 3 3 0 0 0 3 3 3 3 0 0 0 3-3 3 3 0 0 0-3-3z"/></svg>';

/**
 * The profile header's layout (ProfileHeader on the profile page) in plain CSS, at the app's
 * breakpoints (600 and 900 px) and type sizes, so the app's header replaces it in place.
 */
const PROFILE_STYLES = `<style>
.fs-page{box-sizing:border-box;max-width:1200px;margin:0 auto;padding:32px 16px;color:#0f172a;font-size:16px;line-height:1.7;font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
.fs-profile{display:flex;flex-direction:column;align-items:center;gap:24px}
.fs-avatar{display:block;flex-shrink:0;width:120px;height:120px;border-radius:50%;object-fit:cover;background:#e2e8f0}
.fs-about{display:flex;flex-direction:column;align-items:center;gap:12px;min-width:0;flex:1;text-align:center}
.fs-name{display:flex;flex-direction:column;align-items:flex-start;gap:2px;min-width:0;max-width:100%}
.fs-name h1{display:flex;align-items:center;gap:4px;max-width:100%;margin:0;font-size:20px;line-height:1.3;font-weight:700;overflow-wrap:anywhere}
.fs-name svg{flex-shrink:0}
.fs-name>span{font-size:14px;line-height:1.43;overflow-wrap:anywhere}
.fs-stats{display:flex;flex-wrap:wrap;justify-content:center;gap:24px;font-weight:600}
.fs-stats p{margin:0}
.fs-stats span{display:inline-flex;align-items:center;gap:6px}
.fs-about>p{margin:0;white-space:pre-line}
.fs-about>.fs-reply{font-size:14px;line-height:1.43;color:#475569}
.fs-badge{display:inline-flex;align-items:center;gap:4px;padding:2px 8px;border-radius:999px;border:1px solid #f0c75e;background:#fff1cc;color:#6b4200;font-size:12px;font-weight:600;line-height:1.5;white-space:nowrap}
.fs-chips{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;margin:0;padding:0;list-style:none}
.fs-chips li{max-width:100%;height:24px;padding:0 8px;border-radius:16px;background:rgba(0,0,0,.08);font-size:13px;font-weight:600;line-height:24px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fs-audience{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0;text-align:left}
.fs-audience dt{color:#475569;font-weight:600}
.fs-audience dd{margin:0}
@media (min-width:600px){.fs-page{padding:32px 24px}.fs-profile{flex-direction:row;align-items:flex-start}.fs-about{align-items:flex-start;text-align:left}.fs-name h1{font-size:21.5392px}.fs-stats,.fs-chips{justify-content:flex-start}}
@media (min-width:900px){.fs-page{padding:48px 24px}}
@media (min-width:1200px){.fs-name h1{font-size:24px}}
</style>`;

/** The largest Instagram account's followers, as the header shows them. */
const instagramLabel = (profile: ProfileView): string => {
  const counts = profile.profileDetails
    .filter((account) => account.platform === 'instagram')
    .map((account) => account.followers);
  if (counts.length === 0) return formatFollowers(null);
  return formatFollowers(
    counts.reduce((most, next) => (followersCount(next) > followersCount(most) ? next : most)),
  );
};

/** The profile header as HTML: the picture, name line, counts, description, chips, audience. */
export const profileHeaderHtml = (profile: ProfileView): string => {
  const picture = shownPicture(profile.profilePicUrl);
  const creator = profile.role === 'influencer';
  const secondary =
    profile.companyName ?? (profile.handle ? `@${profile.handle.replace(/^@/, '')}` : null);
  const categories = [...new Set([...profile.adCategories, ...profile.pageContentCategory])];
  const audience = profile.averageAudienceType.map((value) => labelOf(value)).join(', ');
  const places = profile.averageLocationOfAudience.join(', ');
  const verified = profile.profileDetails.some((account) => account.verified);
  return [
    '<div class="fs-page" aria-hidden="true"><div class="fs-profile">',
    picture
      ? `<img class="fs-avatar" src="${h(picture)}" alt="" width="120" height="120" fetchpriority="high">`
      : '<span class="fs-avatar"></span>',
    '<div class="fs-about"><div class="fs-name">',
    `<h1><span>${h(profile.ownerName)}</span>${verified ? VERIFIED_ICON : ''}</h1>`,
    secondary ? `<span>${h(secondary)}</span>` : '',
    '</div>',
    creator && profile.earlyAdopter
      ? '<span class="fs-badge"><span>★</span>Early adopter</span>'
      : '',
    creator && profile.replyHours !== null
      ? `<p class="fs-reply">${h(replyTimeText(profile.replyHours))}</p>`
      : '',
    creator
      ? `<div class="fs-stats"><p>Promotions: ${profile.promotions}</p><span>${INSTAGRAM_ICON}${h(instagramLabel(profile))}</span></div>`
      : '',
    profile.description ? `<p>${h(profile.description)}</p>` : '',
    categories.length > 0
      ? `<ul class="fs-chips">${categories.map((value) => `<li>${h(labelOf(value))}</li>`).join('')}</ul>`
      : '',
    creator && (audience !== '' || places !== '')
      ? `<dl class="fs-audience">${audience !== '' ? `<dt>Audience</dt><dd>${h(audience)}</dd>` : ''}${places !== '' ? `<dt>Audience location</dt><dd>${h(places)}</dd>` : ''}</dl>`
      : '',
    '</div></div></div>',
  ].join('');
};

/**
 * `/Profile/:userId` (docs/product-spec.md section 2), for a visitor: the public profile's header painted with
 * the HTML, its picture preloaded, and the anonymous answer of `GET /api/pageowners/user/:userId`
 * for the app.
 * One read of the read model's kept JSON text (the same the API sends); a missing profile gets
 * the plain app, which shows the missing-profile page.
 */
export const profileFirstScreen = (
  profiles: ProfileHandlers,
  analytics: AnalyticsRecorder,
): FirstScreen => ({
  path: '/Profile/:userId',
  // A signed-in viewer's app asks with the token (an owner sees the contact fields) and shows
  // its loading state meanwhile: no header painted for it to take away again.
  render: async (req, res, { anonymous }) => {
    if (!anonymous) return null;
    const userId = String(req.params.userId ?? '');
    if (userId === '' || userId.length > 64) return null;
    let json: string;
    try {
      json = await profiles.viewJson(userId, false);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
    const profile = JSON.parse(json) as ProfileView;
    // The answer goes with the page instead of a request: the view is counted here (insights).
    analytics.viewed(req, res, userId);
    const picture = shownPicture(profile.profilePicUrl);
    return {
      head:
        (picture
          ? `<link rel="preload" as="image" href="${h(picture)}" fetchpriority="high">`
          : '') + PROFILE_STYLES,
      shell: profileHeaderHtml(profile),
      answers: {
        [`/pageowners/user/${encodeURIComponent(userId)}`]: `{"success":true,"data":${json}}`,
      },
    };
  },
});
