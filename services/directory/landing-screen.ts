import { escapeHtml as h, type FirstScreen } from '../platform/http/first-screen.ts';

/**
 * The landing page's hero (HomePage's PageHero: the eyebrow, the h1, the line under it, the two
 * calls to action and the trial note) in plain CSS at the user app's breakpoints and type sizes
 * (frontend-user/src/lib/theme.ts through responsiveFontSizes). The app's hero replaces it in
 * place: its line under the h1 is a phone's largest paint, so it is painted with the HTML.
 * frontend-user/e2e/first-screen.e2e.ts checks that every element lands where the app puts it.
 */
const HERO_STYLES = `<style>
.fs-hero{padding:64px 0;color:#fff;text-align:center;font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:16px;line-height:1.7;background:radial-gradient(circle at 85% 15%,#6366f1 0%,transparent 45%),linear-gradient(135deg,#312e81 0%,#4338ca 60%,#6366f1 100%)}
.fs-hero>div{box-sizing:border-box;max-width:900px;margin:0 auto;padding:0 16px}
.fs-hero .fs-eyebrow{margin:0 0 8px;color:#fbbf24;font-size:12.8px;line-height:2.66;font-weight:700;letter-spacing:.12em;text-transform:uppercase}
.fs-hero h1{margin:0 0 24px;font-size:34px;line-height:1.1;font-weight:800;letter-spacing:-.02em}
.fs-hero .fs-line{max-width:680px;margin:0 auto;color:rgba(255,255,255,.86);font-size:17px;line-height:1.6}
.fs-hero .fs-actions{display:flex;flex-direction:column;gap:16px;justify-content:center;margin-top:40px}
.fs-hero .fs-actions a{box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;padding:12px 28px;border-radius:10px;font-size:16px;line-height:28px;font-weight:600;text-decoration:none}
.fs-hero .fs-primary{background:#f59e0b;color:#0f172a}
.fs-hero .fs-outlined{border:1px solid rgba(255,255,255,.7);color:#fff}
.fs-hero .fs-note{margin:24px 0 0;color:rgba(255,255,255,.78);font-size:14px;line-height:1.43}
@media (min-width:600px){.fs-hero>div{padding:0 24px}.fs-hero h1{font-size:43.6368px}.fs-hero .fs-line{font-size:17.5008px;line-height:28.0013px}.fs-hero .fs-actions{flex-direction:row}}
@media (min-width:900px){.fs-hero{padding:104px 0}.fs-hero h1{font-size:47.272px}}
@media (min-width:1200px){.fs-hero h1{font-size:52px}.fs-hero .fs-line{font-size:18px;line-height:1.6}}
</style>`;

/** The trial the hero's note promises (the user app's FREE_TRIAL_DAYS). */
const FREE_TRIAL_DAYS = 7;

/**
 * The hero for a visitor or a signed-in browser: "Find creators" leads a visitor to sign up as
 * a brand and a signed-in user to the directory, as the app's button does. The links work
 * before the app starts (plain navigation) and stay out of the tab order and the accessibility
 * tree, which the app's own hero joins a moment later.
 */
const heroHtml = (anonymous: boolean): string =>
  [
    '<header class="fs-hero" aria-hidden="true"><div>',
    '<p class="fs-eyebrow">Influencer marketing, simplified</p>',
    '<h1>Where brands meet verified creators</h1>',
    '<p class="fs-line">LinkCoin connects brands with verified Instagram and YouTube creators. Search by niche and audience, chat in real time, and pay only for the conversations you open.</p>',
    '<div class="fs-actions">',
    `<a class="fs-primary" tabindex="-1" href="${h(anonymous ? '/RegisterUser' : '/influencers')}">Find creators</a>`,
    '<a class="fs-outlined" tabindex="-1" href="/Register">Join as a creator</a>',
    '</div>',
    `<p class="fs-note">${FREE_TRIAL_DAYS}-day free trial · No card needed</p>`,
    '</div></header>',
  ].join('');

/** `/` (docs/product-spec.md section 1): the landing page's hero, painted with the HTML. */
export const landingFirstScreen = (): FirstScreen => ({
  path: '/',
  render: async (_req, _res, { anonymous }) => ({
    head: HERO_STYLES,
    shell: heroHtml(anonymous),
  }),
});
