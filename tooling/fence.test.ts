/**
 * The fence: who may import whom, on every tier, in one place. Every import is resolved to a
 * file, whether it is written relative (`../wallet/handlers.ts`) or by package name
 * (`@linkcoin/services/wallet/handlers.ts`), so neither spelling slips past. The rules:
 *
 * - Back end: a context (`services/<c>/`, found by its `context.ts`) imports no other context,
 *   and nothing but the composition list imports a context. Contexts build on
 *   `services/platform/` and neither knows the composition root (`services/runtime/`) that runs
 *   them. `infra/` knows nothing of `services/`; `domain/` knows nothing outside itself. The
 *   tools (`tooling/`) stand outside the product and may use all of it.
 * - User app (`frontend-user/src/`): every feature has a public `index.ts`, and a feature is
 *   reached from outside itself (another feature, or the app level) only through it; the shared
 *   layers (everything beside `app/` and `features/`) import no feature and nothing of `app/`;
 *   features import nothing of `app/`. The app level (`app/`, `main.tsx`) sits on top: it may
 *   import anything else (past an index only where `APP_LEVEL_EXCEPTIONS` names it, and why).
 * - The shared front-end workspace imports neither app.
 *
 * Contexts and features are discovered, so a new one is fenced the day its folder appears.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const WORKSPACES: Record<string, string> = {
  '@linkcoin/domain': 'domain',
  '@linkcoin/infra': 'infra',
  '@linkcoin/services': 'services',
  '@linkcoin/frontend-shared': 'frontend-shared',
  '@linkcoin/frontend-user': 'frontend-user',
  '@linkcoin/frontend-admin': 'frontend-admin',
};

const SKIPPED = new Set(['node_modules', 'dist', '.cache']);

export const sources = (directory: string): string[] =>
  existsSync(directory)
    ? readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sources(path);
        return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
      })
    : [];

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/** The file a path names, as the bundler and Node would find it. */
const asFile = (path: string): string =>
  [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts'), join(path, 'index.tsx')].find(
    isFile,
  ) ?? path;

/** Where a specifier leads: a file of this repository, or null for an outside package. */
export const resolveImport = (file: string, specifier: string): string | null => {
  if (specifier.startsWith('.')) return asFile(resolve(dirname(file), specifier));
  const [scope, name, ...rest] = specifier.split('/');
  const workspace = WORKSPACES[`${scope}/${name}`];
  return workspace === undefined ? null : asFile(join(ROOT, workspace, ...rest));
};

/** The repository files a source file imports. */
export const importsOf = (file: string, text = readFileSync(file, 'utf8')): string[] =>
  [...text.matchAll(IMPORT)]
    .map((match) => resolveImport(file, (match[1] ?? match[2] ?? match[3])!))
    .filter((path): path is string => path !== null);

const inside = (folder: string, path: string): boolean => path.startsWith(folder + sep);
const topFolderIn = (folder: string, path: string): string | null =>
  inside(folder, path) ? relative(folder, path).split(sep)[0]! : null;
const show = (path: string): string => relative(ROOT, path);

// ---- the back end ----

const SERVICES = join(ROOT, 'services');
const PLATFORM = join(SERVICES, 'platform');
const TOOLING = join(ROOT, 'tooling');
const RUNTIME = join(SERVICES, 'runtime');
const COMPOSITION = join(RUNTIME, 'composition.ts');
/** The folders of services/ that are not contexts: what contexts build on, and what runs them. */
const BY_ROLE = ['platform', 'runtime', 'testing'];
export const CONTEXTS = readdirSync(SERVICES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(SERVICES, entry.name, 'context.ts')))
  .map((entry) => entry.name)
  .filter((name) => !BY_ROLE.includes(name));
const isTest = (path: string): boolean => /\.test\.tsx?$/.test(path);

const contextOf = (path: string): string | null => {
  const top = topFolderIn(SERVICES, path);
  return top !== null && CONTEXTS.includes(top) ? top : null;
};

/** What a back-end file may not import, as lines "file imports target". */
export const backEndCrossings = (file: string, imported: readonly string[]): string[] => {
  const from = contextOf(file);
  return imported
    .filter((target) => {
      const to = contextOf(target);
      if (to !== null && to !== from && file !== COMPOSITION && !inside(TOOLING, file)) return true;
      // The platform and the contexts know nothing of the composition root that runs them (their
      // tests may start it).
      if ((from !== null || inside(PLATFORM, file)) && inside(RUNTIME, target))
        return !isTest(file);
      if (inside(join(ROOT, 'infra'), file) && inside(SERVICES, target)) return true;
      if (inside(join(ROOT, 'domain'), file)) return !inside(join(ROOT, 'domain'), target);
      return false;
    })
    .map((target) => `${show(file)} imports ${show(target)}`);
};

// ---- the user app ----

const USER_SRC = join(ROOT, 'frontend-user', 'src');
const FEATURES = join(USER_SRC, 'features');
const APP = join(USER_SRC, 'app');
const featureOf = (path: string): string | null => topFolderIn(FEATURES, path);
const isPublicIndex = (path: string, feature: string): boolean =>
  path === join(FEATURES, feature, 'index.ts') || path === join(FEATURES, feature, 'index.tsx');
const isAppLevel = (path: string): boolean =>
  inside(APP, path) || path === join(USER_SRC, 'main.tsx');

/**
 * The app level's named ways past an index, each with its reason. The profiles index re-exports
 * the components the directory's cards and the chat draw (NameLine, PlatformIcon, ProfileAvatar);
 * the route table importing it would put them in every page's first load (measured: the landing
 * page's first-load JavaScript from 161.6 to 172.0 KB gzip, over its 170 KB budget). So the route
 * table takes the profile prefetch's query and the two profile screens from their files. A test
 * below fails when one of these is no longer used, so the list cannot outlive its reason.
 */
export const APP_LEVEL_EXCEPTIONS: readonly Readonly<{ from: string; to: string }>[] = [
  'api/profile.ts',
  'routes/ProfilePage.tsx',
  'routes/UpdateProfilePage.tsx',
].map((file) => ({
  from: join(APP, 'router.tsx'),
  to: join(FEATURES, 'profiles', file),
}));
const isAppLevelException = (file: string, target: string): boolean =>
  APP_LEVEL_EXCEPTIONS.some((exception) => exception.from === file && exception.to === target);

/** What a file of the user app may not import, as lines "file imports target (why)". */
export const frontEndCrossings = (file: string, imported: readonly string[]): string[] => {
  if (!inside(USER_SRC, file)) return [];
  const from = featureOf(file);
  return imported.flatMap((target) => {
    if (!inside(USER_SRC, target)) return [];
    const to = featureOf(target);
    let why: string | null = null;
    if (isAppLevel(file)) {
      if (to !== null && !isPublicIndex(target, to) && !isAppLevelException(file, target))
        why = `the app level reaches a feature through features/${to}/index.ts`;
    } else if (isAppLevel(target)) why = 'only the app level imports app/';
    else if (from === null && to !== null) why = 'a shared layer imports no feature';
    else if (from !== null && to !== null && to !== from && !isPublicIndex(target, to))
      why = `another feature is reached through features/${to}/index.ts`;
    return why === null ? [] : [`${show(file)} imports ${show(target)} (${why})`];
  });
};

/** Files of one workspace that import an app they do not belong to. */
const appCrossings = (file: string, imported: readonly string[]): string[] => {
  const apps = ['frontend-user', 'frontend-admin'].map((app) => join(ROOT, app));
  const own = apps.find((app) => inside(app, file));
  return imported
    .filter((target) => apps.some((app) => app !== own && inside(app, target)))
    .map((target) => `${show(file)} imports ${show(target)} (an app is imported by no one)`);
};

const TIERS = [
  'domain',
  'infra',
  'services',
  'frontend-shared',
  'frontend-user',
  'frontend-admin',
  'tooling',
];
const everyFile = TIERS.flatMap((tier) => sources(join(ROOT, tier)));

/** The circles of a graph: groups of nodes that reach each other (Tarjan's algorithm). */
export const circlesOf = (edges: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== node);
    if (circle.length > 1 || (edges.get(node) ?? []).includes(node)) circles.push(circle.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return circles;
};

describe('the fence', () => {
  it('finds the contexts by their context.ts and the features by their folders', () => {
    expect(CONTEXTS).toEqual(expect.arrayContaining(['accounts', 'collections', 'wallet']));
    expect(readdirSync(FEATURES)).toEqual(expect.arrayContaining(['collections', 'wallet']));
  });

  it('resolves an import written either way to the same file', () => {
    const file = join(SERVICES, 'wallet', 'handlers.ts');
    expect(resolveImport(file, '../collections/context.ts')).toBe(
      resolveImport(file, '@linkcoin/services/collections/context.ts'),
    );
    expect(
      backEndCrossings(file, importsOf(file, "import { x } from '../collections/context.ts';")),
    ).toHaveLength(1);
    expect(
      backEndCrossings(
        file,
        importsOf(file, "import type {\n  x,\n} from '@linkcoin/services/collections/context.ts';"),
      ),
    ).toHaveLength(1);
  });

  it('refuses a feature reaching into another past its index.ts', () => {
    const file = join(FEATURES, 'wallet', 'components', 'Planted.tsx');
    const deep = importsOf(
      file,
      "import { x } from '../../collections/hooks/useCollectionActions';",
    );
    expect(frontEndCrossings(file, deep)).toHaveLength(1);
  });

  it('gives every feature a public index.ts', () => {
    const features = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    expect(
      features
        .filter((entry) => !isPublicIndex(asFile(join(FEATURES, entry.name)), entry.name))
        .map((entry) => `features/${entry.name} has no index.ts`),
    ).toEqual([]);
  });

  it.each([
    ['deeplink', 'config.ts'],
    ['legal', 'privacy-policy.ts'],
    ['marketing', 'content.ts'],
    ['notifications', 'push-registration.ts'],
    ['verification', 'routes/OtpDashboardPage.tsx'],
  ])(
    'refuses a deep import into features/%s from another feature or the app level, and takes its index',
    (feature, deepFile) => {
      const deep = join(FEATURES, feature, deepFile);
      expect(isFile(deep)).toBe(true);
      for (const file of [
        join(FEATURES, 'wallet', 'components', 'Planted.tsx'),
        join(APP, 'layout', 'Planted.tsx'),
        join(APP, 'Planted.tsx'),
      ]) {
        const throughIndex = importsOf(
          file,
          `import { x } from '${relative(dirname(file), join(FEATURES, feature))}';`,
        );
        const past = importsOf(
          file,
          `import { x } from '${relative(dirname(file), deep).replace(/\.tsx?$/, '')}';`,
        );
        expect(throughIndex).toEqual([join(FEATURES, feature, 'index.ts')]);
        expect(frontEndCrossings(file, throughIndex)).toEqual([]);
        expect(frontEndCrossings(file, past)).toHaveLength(1);
      }
    },
  );

  it("uses every one of the app level's named exceptions, and no other", () => {
    for (const { from, to } of APP_LEVEL_EXCEPTIONS) expect(importsOf(from)).toContain(to);
    const router = join(APP, 'router.tsx');
    const planted = importsOf(router, "import { x } from '../features/profiles/api/other';");
    expect(frontEndCrossings(router, planted)).toHaveLength(1);
  });

  it('lets no context import another, and nothing but the composition list import a context', () => {
    expect(everyFile.flatMap((file) => backEndCrossings(file, importsOf(file)))).toEqual([]);
  });

  it('keeps the user app layered: app on top, features through their index, shared layers below', () => {
    expect(everyFile.flatMap((file) => frontEndCrossings(file, importsOf(file)))).toEqual([]);
  });

  it('has no circle: no file imports itself through others', () => {
    const edges = new Map(everyFile.map((file) => [file, importsOf(file)]));
    expect(circlesOf(edges).map((circle) => circle.map(show).join(' -> '))).toEqual([]);
  });

  it('has no circle between the features of the user app', () => {
    const edges = new Map<string, string[]>();
    for (const file of everyFile.filter((path) => featureOf(path) !== null)) {
      const from = featureOf(file)!;
      const to = importsOf(file)
        .map(featureOf)
        .filter((f): f is string => f !== null && f !== from);
      edges.set(from, [...(edges.get(from) ?? []), ...to]);
    }
    expect(circlesOf(edges)).toEqual([]);
  });

  it('lets no workspace import an app', () => {
    expect(everyFile.flatMap((file) => appCrossings(file, importsOf(file)))).toEqual([]);
  });
});
