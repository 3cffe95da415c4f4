/**
 * What both front ends' builds share for a fast first load: a brotli and a gzip copy of every
 * compressible file (served by content negotiation, services/platform/http/static.ts), the preload of the
 * one font file the first screen needs, and the first-load budget of the pages that must open
 * fast on a phone.
 */
import { constants, gzipSync } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import type { Plugin } from 'vite';

/** Files worth compressing (fonts and pictures are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;

/** Brotli at its best and gzip at its best: made once at build time, so the time is free. */
export const precompressed = (): Plugin =>
  compression({
    include: COMPRESSIBLE,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    skipIfLargerOrEqual: true,
  });

type OutputFile = Readonly<{
  type: 'chunk' | 'asset';
  fileName: string;
  names?: readonly string[];
  originalFileNames?: readonly string[];
}>;

/**
 * Preloads the font file whose source name ends with `sourceName` (the Latin subset of Inter):
 * the browser fetches it with the first requests instead of after the style sheet is parsed.
 */
export const preloadFont = (sourceName: string): Plugin => {
  let base = '/';
  return {
    name: 'linkcoin:preload-font',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        const files = Object.values(context.bundle ?? {}) as unknown as OutputFile[];
        const font = files.find(
          (file) =>
            file.type === 'asset' &&
            [...(file.originalFileNames ?? []), ...(file.names ?? [])].some((name) =>
              name.endsWith(sourceName),
            ),
        );
        if (!font) throw new Error(`preloadFont: no ${sourceName} in the bundle`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `${base}${font.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
};

/**
 * Writes small style sheets (the font faces: under `maxBytes`) into the page itself: a linked
 * sheet would hold the first paint for one more request.
 */
export const inlineSmallCss = (maxBytes = 2048): Plugin => ({
  name: 'linkcoin:inline-small-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => {
      const files = Object.values(context.bundle ?? {}) as unknown as (OutputFile & {
        source?: string | Uint8Array;
      })[];
      return html.replace(
        /<link rel="stylesheet"(?: crossorigin)? href="[^"]*\/([^"/]+\.css)">/g,
        (link, name: string) => {
          const sheet = files.find((file) => file.type === 'asset' && file.fileName.endsWith(name));
          const source =
            typeof sheet?.source === 'string'
              ? sheet.source
              : sheet?.source
                ? new TextDecoder().decode(sheet.source)
                : null;
          return source !== null && source.length <= maxBytes ? `<style>${source}</style>` : link;
        },
      );
    },
  },
});

/** A page of the app whose first load has a budget: the modules its first screen loads. */
export type PageBudget = Readonly<{
  page: string;
  /** The route modules the page loads at once, besides the entry (paths from the app's root). */
  routes: readonly string[];
  /** The most JavaScript, gzip-compressed, its first load may fetch. */
  gzipKB: number;
}>;

type Chunk = Readonly<{
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
}>;

export type FirstLoad = Readonly<{ page: string; files: string[]; gzipBytes: number }>;

/** The chunks a page fetches before its first screen: the entry's and its routes' static imports. */
export const firstLoadOf = (chunks: readonly Chunk[], budget: PageBudget): FirstLoad => {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const starts = chunks.filter(
    (chunk) =>
      chunk.isEntry ||
      budget.routes.some((route) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(route)),
  );
  const missing = budget.routes.filter(
    (route) => !starts.some((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(route)),
  );
  if (missing.length > 0) throw new Error(`${budget.page}: no chunk for ${missing.join(', ')}`);
  const seen = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  starts.forEach(visit);
  const files = [...seen].sort();
  const gzipBytes = files.reduce(
    (sum, name) => sum + gzipSync(byName.get(name)!.code, { level: 9 }).length,
    0,
  );
  return { page: budget.page, files, gzipBytes };
};

/**
 * Prints each page's first-load JavaScript beside its budget after a build, and fails the build
 * when a page is over: a heavy import on the landing page is caught where it is made.
 */
export const firstLoadBudget = (budgets: readonly PageBudget[]): Plugin => ({
  name: 'linkcoin:first-load-budget',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter(
      (file): file is typeof file & Chunk => file.type === 'chunk',
    ) as unknown as Chunk[];
    const loads = budgets.map((budget) => ({ budget, load: firstLoadOf(chunks, budget) }));
    const lines = loads.map(({ budget, load }) => {
      const kb = load.gzipBytes / 1024;
      const verdict = kb <= budget.gzipKB ? 'ok' : 'OVER BUDGET';
      return `  ${budget.page.padEnd(16)} ${kb.toFixed(1).padStart(7)} KB gzip  budget ${budget.gzipKB} KB  ${verdict}  (${load.files.length} files)`;
    });
    console.log(`\nFirst-load JavaScript (gzip level 9):\n${lines.join('\n')}\n`);
    const over = loads.filter(({ budget, load }) => load.gzipBytes / 1024 > budget.gzipKB);
    if (over.length > 0) {
      this.error(`first-load budget exceeded: ${over.map(({ budget }) => budget.page).join(', ')}`);
    }
  },
});
