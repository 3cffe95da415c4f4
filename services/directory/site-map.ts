import express, { type Response, type Router } from 'express';
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { DIRECTORY } from './projection.ts';

/** The marketplace's public pages, as a visitor reaches them without an account. */
export const PUBLIC_PAGES = [
  '/',
  '/AboutUs',
  '/influencers',
  '/launcPage',
  '/privacy-policy',
  '/Register',
  '/RegisterUser',
] as const;

/**
 * What crawlers leave alone: the console and the API, the signed-in app (profile wizard, admin
 * dashboard, payments, wallet, chats) and the sign-in pages. Everything else is public.
 */
export const DISALLOWED_PATHS = [
  '/admin/',
  '/api/',
  '/UpdateProfile',
  '/dashboard',
  '/payment',
  '/wallet',
  '/MessagingApp/',
  '/login',
  '/adminLogin',
  '/forgot-password',
  '/PublicProfile',
] as const;

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Entries read from the read model at a time while writing a sitemap. */
const BATCH = 1000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

export const profilePath = (userId: string) => `/Profile/${encodeURIComponent(userId)}`;

/** robots.txt: public pages allowed, the app and the console not; where the sitemap is. */
export const robotsTxt = (publicUrl: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

/**
 * `/robots.txt` and `/sitemap.xml`, for search engines. The sitemap lists the public pages and
 * every creator's public profile from the directory read model, with the time it last changed.
 * Past 50,000 addresses `/sitemap.xml` is an index of pages `/sitemap.xml?page=N`, each within
 * the protocol's limit. Both are revalidated after an hour.
 */
export const siteMapPages = (deps: {
  readStore: ReadStore;
  publicUrl: () => string;
  /** Addresses per sitemap file (the protocol's 50,000; smaller in tests). */
  maxUrls?: number;
}) => {
  const maxUrls = deps.maxUrls ?? SITEMAP_MAX_URLS;
  const directory = () => deps.readStore.collection<DirectoryEntry>(DIRECTORY);
  const headers = (res: Response, type: string) => {
    res.setHeader('Content-Type', `${type}; charset=utf-8`);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
  };

  const robots: Router = express.Router();
  robots.get('/', (_req, res) => {
    headers(res, 'text/plain');
    res.send(robotsTxt(deps.publicUrl()));
  });

  /** Writes the profiles `from` (in sign-up order) up to `count` of them, a batch at a time. */
  const writeProfiles = async (res: Response, base: string, from: number, count: number) => {
    for (let at = from; at < from + count; at += BATCH) {
      const entries = await directory().find({
        sort: [['registeredAt', 1]],
        skip: at,
        limit: Math.min(BATCH, from + count - at),
      });
      if (entries.length === 0) return;
      res.write(
        entries
          .map(
            (entry) =>
              `<url><loc>${escapeXml(base + profilePath(entry.id))}</loc><lastmod>${escapeXml(entry.updatedAt)}</lastmod></url>\n`,
          )
          .join(''),
      );
      if (res.destroyed) return;
    }
  };

  const sitemap: Router = express.Router();
  sitemap.get('/', async (req, res) => {
    const base = deps.publicUrl();
    const profiles = await directory().count();
    const total = PUBLIC_PAGES.length + profiles;
    const files = Math.ceil(total / maxUrls);
    const page = req.query.page === undefined ? null : Number(req.query.page);
    headers(res, 'application/xml');
    if (page === null && files > 1) {
      const entries = Array.from(
        { length: files },
        (_, index) =>
          `<sitemap><loc>${escapeXml(`${base}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`,
      );
      res.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
      );
      return;
    }
    const index = page ?? 1;
    if (!Number.isInteger(index) || index < 1 || index > files) {
      res
        .status(404)
        .send('<?xml version="1.0" encoding="UTF-8"?>\n<error>No such sitemap page</error>\n');
      return;
    }
    // Page N holds addresses (N-1)*50,000 up to N*50,000 of: the public pages, then profiles.
    const first = (index - 1) * maxUrls;
    const last = Math.min(total, first + maxUrls);
    res.write(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    );
    const pages = PUBLIC_PAGES.slice(first, last);
    res.write(pages.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>\n`).join(''));
    const profilesFrom = Math.max(0, first - PUBLIC_PAGES.length);
    await writeProfiles(res, base, profilesFrom, last - first - pages.length);
    res.end('</urlset>\n');
  });

  return [
    { path: '/robots.txt', handler: robots },
    { path: '/sitemap.xml', handler: sitemap },
  ];
};
