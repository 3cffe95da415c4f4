// `make lighthouse`: Lighthouse (npm) in Debian's Chromium on the landing page, /influencers and
// a public creator profile, phone and desktop, against the real embedded server in production
// mode on a fresh data directory with demo creators. Prints the four category scores, the paint
// timings and the machine's load average before and after, and names every audit that cost a
// category points. Not part of `make test`: timings depend on the machine's load.
//
//   make lighthouse                          # one run per page and form factor
//   LIGHTHOUSE_RUNS=3 make lighthouse        # the median run (by Performance) of three
//   LIGHTHOUSE_URL=http://127.0.0.1:8080 make lighthouse   # a server already running (seeded)
//   LIGHTHOUSE_DETAILS=1 make lighthouse     # also where the main thread's time and shifts go
//   LIGHTHOUSE_PAGES=influencers,profile LIGHTHOUSE_FORM_FACTORS=mobile make lighthouse   # some only
//   LIGHTHOUSE_SAVE=/tmp/lh make lighthouse  # also every report as JSON, for the Lighthouse viewer
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Config, Flags, Result } from 'lighthouse';
import { CHROMIUM_HEADLESS_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? '1') || 1);
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';
/** LIGHTHOUSE_SAVE=dir: every run's full report (JSON) is written there, the last run per cell. */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
const DEMO_CREATORS = '24';
/** Comma-separated filters (`landing`, `influencers`, `profile`; `mobile`, `desktop`); all if unset. */
const listed = (name: string): ((value: string) => boolean) => {
  const wanted =
    process.env[name]
      ?.split(',')
      .map((value) => value.trim())
      .filter(Boolean) ?? [];
  return (value) => wanted.length === 0 || wanted.some((want) => value.includes(want));
};
const pageWanted = listed('LIGHTHOUSE_PAGES');
const formFactorWanted = listed('LIGHTHOUSE_FORM_FACTORS');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const freePort = async (): Promise<number> => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
};

const run = async (command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> => {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
};

const waitUntilReady = async (url: string, child: ChildProcess): Promise<void> => {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${url} did not become ready`);
};

/** The embedded runtime in production mode on a fresh data directory with demo creators. */
const startServer = async (): Promise<{ url: string; stop: () => Promise<void> }> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-lighthouse-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
  console.log(`Seeding ${DEMO_CREATORS} demo creators into ${dataDir} ...`);
  await run(process.execPath, ['tooling/cli/seed.ts'], {
    ...env,
    CREATORS: DEMO_CREATORS,
    BRANDS: '1',
  });
  const server = spawn(process.execPath, ['services/runtime/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS: 'disabled',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, server);
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** Debian's Chromium, headless, with a DevTools port Lighthouse drives. */
const startChromium = async (): Promise<{ port: number; stop: () => Promise<void> }> => {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'linkcoin-lighthouse-chromium-'));
  const chromium = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_HEADLESS_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  return {
    port,
    stop: async () => {
      chromium.kill('SIGTERM');
      if (chromium.exitCode === null) await once(chromium, 'exit');
      await rm(profile, { recursive: true, force: true });
    },
  };
};

type FormFactor = 'mobile' | 'desktop';

type Measure = Readonly<{
  page: string;
  formFactor: FormFactor;
  scores: Record<(typeof CATEGORIES)[number], number>;
  timings: Readonly<{ fcp: number; lcp: number; tbt: number; cls: number; si: number }>;
  deductions: string[];
  /** With LIGHTHOUSE_DETAILS: the long tasks, the main thread's time by kind, the shifts. */
  details: string[];
}>;

type DetailItem = Record<string, unknown>;
const itemsOf = (lhr: Result, id: string): DetailItem[] => {
  const details = lhr.audits[id]?.details as { items?: DetailItem[] } | undefined;
  return details?.items ?? [];
};
/** The LCP element as Lighthouse 13's breakdown insight names it (its selector and text). */
const lcpElement = (lhr: Result): string => {
  const parts = (
    lhr.audits['lcp-breakdown-insight']?.details as { items?: DetailItem[] } | undefined
  )?.items;
  const node = parts?.find((part) => part.type === 'node');
  const delays = (parts?.find((part) => part.type === 'table')?.items as DetailItem[] | undefined)
    ?.map((part) => `${String(part.label)} ${Math.round(Number(part.duration))} ms`)
    .join(', ');
  return node
    ? `${String(node.selector)} ${JSON.stringify(node.nodeLabel ?? '')} (${delays ?? 'no breakdown'})`
    : 'not named';
};
const detailsOf = (lhr: Result): string[] => [
  ...itemsOf(lhr, 'long-tasks')
    .slice(0, 8)
    .map(
      (task) =>
        `long task ${Math.round(Number(task.duration))} ms at ${Math.round(Number(task.startTime))} ms: ${String(task.url)}`,
    ),
  ...itemsOf(lhr, 'mainthread-work-breakdown').map(
    (group) => `main thread ${String(group.groupLabel)}: ${Math.round(Number(group.duration))} ms`,
  ),
  ...itemsOf(lhr, 'bootup-time')
    .slice(0, 5)
    .map(
      (script) =>
        `script ${String(script.url)}: ${Math.round(Number(script.total))} ms (evaluation ${Math.round(Number(script.scripting))} ms)`,
    ),
  ...itemsOf(lhr, 'layout-shifts').map(
    (shift) =>
      `layout shift ${Number(shift.score).toFixed(3)}: ${JSON.stringify((shift.node as DetailItem | undefined)?.snippet ?? '')}`,
  ),
  `largest contentful paint element: ${lcpElement(lhr)}`,
];

const measure = async (
  port: number,
  page: string,
  url: string,
  formFactor: FormFactor,
): Promise<Measure> => {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  const answer = await lighthouse(url, flags, config);
  if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr: Result = answer.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (SAVE_DIR) {
    await mkdir(SAVE_DIR, { recursive: true });
    await writeFile(
      join(SAVE_DIR, `${page.replace(/\W+/g, '-')}-${formFactor}.json`),
      JSON.stringify(lhr),
    );
  }
  const score = (id: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The audits that cost points outside Performance (whose opportunities are in the timings).
  const deductions = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => `${id}: ${audit!.id} (${audit!.title})`),
  );
  return {
    page,
    formFactor,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    timings: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      si: numeric('speed-index'),
    },
    deductions,
    details: DETAILS ? detailsOf(lhr) : [],
  };
};

/** A run whose trace Lighthouse could not record (a busy machine) is tried again, twice. */
const measureRetrying = async (
  port: number,
  page: string,
  url: string,
  formFactor: FormFactor,
): Promise<Measure> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(port, page, url, formFactor);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  ${page} (${formFactor}): ${String(error)}; trying again`);
    }
  }
};

const median = (runs: Measure[]): Measure => {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const main = async () => {
  const given = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
  const server = given ? { url: given, stop: async () => {} } : await startServer();
  const chromium = await startChromium();
  try {
    const creators = (await (await fetch(`${server.url}/api/pageowners/users?limit=1`)).json()) as {
      data?: { _id: string }[];
    };
    const profileId = creators.data?.[0]?._id;
    if (!profileId) throw new Error('no creator in the directory to measure a profile of');
    const allPages: readonly (readonly [name: string, path: string])[] = [
      ['landing', '/'],
      ['/influencers', '/influencers'],
      ['public profile', `/Profile/${encodeURIComponent(profileId)}`],
    ];
    const pages = allPages.filter(([name]) => pageWanted(name));
    const loadBefore = load();
    console.log(`Load average before (1, 5, 15 min): ${loadBefore}; ${RUNS} run(s) each`);
    const results: Measure[] = [];
    for (const formFactor of (['mobile', 'desktop'] as const).filter(formFactorWanted)) {
      for (const [name, path] of pages) {
        const runs: Measure[] = [];
        for (let index = 0; index < RUNS; index++) {
          runs.push(await measureRetrying(chromium.port, name, `${server.url}${path}`, formFactor));
        }
        const result = median(runs);
        results.push(result);
        const { scores: s, timings: t } = result;
        console.log(
          [
            name.padEnd(15),
            formFactor.padEnd(8),
            `Perf ${String(s.performance).padStart(3)}`,
            `A11y ${String(s.accessibility).padStart(3)}`,
            `BP ${String(s['best-practices']).padStart(3)}`,
            `SEO ${String(s.seo).padStart(3)}`,
            `FCP ${seconds(t.fcp)}`,
            `LCP ${seconds(t.lcp)}`,
            `TBT ${Math.round(t.tbt)} ms`,
            `CLS ${t.cls.toFixed(3)}`,
            `SI ${seconds(t.si)}`,
            runs.length > 1
              ? `(Perf of runs: ${runs.map((r) => r.scores.performance).join(', ')})`
              : '',
          ].join('  '),
        );
        for (const line of result.details) console.log(`    ${line}`);
      }
    }
    console.log(`Load average after (1, 5, 15 min): ${load()}`);
    const deductions = [...new Set(results.flatMap((result) => result.deductions))];
    console.log(
      deductions.length === 0
        ? 'Accessibility, Best practices and SEO: no audit cost a point.'
        : `Audits that cost points:\n${deductions.map((line) => `  ${line}`).join('\n')}`,
    );
  } finally {
    await chromium.stop();
    await server.stop();
  }
};

await main();
