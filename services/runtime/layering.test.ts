/**
 * The shape of services/: each context is a folder with its own `context.ts` that nothing but the
 * composition list imports, contexts do not reach into one another (they meet through the
 * domain's deciders and the platform's ports), and infra/ knows nothing of services/. Contexts
 * are discovered, so a new one is fenced the day its folder appears.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';

const SERVICES = join(REPO_ROOT, 'services');
const INFRA = join(REPO_ROOT, 'infra');
const COMPOSITION = join(SERVICES, 'runtime', 'composition.ts');

const sources = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The modules a file imports: relative ones as absolute paths, packages as written. */
const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => {
    const specifier = (match[1] ?? match[2] ?? match[3])!;
    return specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier;
  });

const CONTEXTS = readdirSync(SERVICES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(SERVICES, entry.name, 'context.ts')))
  .map((entry) => entry.name);

/** The context a path belongs to, if any. */
const contextOf = (path: string): string | null => {
  if (!path.startsWith(SERVICES + sep)) return null;
  const top = relative(SERVICES, path).split(sep)[0]!;
  return CONTEXTS.includes(top) ? top : null;
};

describe('the shape of services/', () => {
  it('finds the contexts by their context.ts', () => {
    expect(CONTEXTS).toEqual(
      expect.arrayContaining(['accounts', 'profiles', 'verification', 'uploads']),
    );
  });

  it('lets no context import another, and nothing but the composition list import a context', () => {
    const crossings: string[] = [];
    for (const file of sources(SERVICES)) {
      const from = contextOf(file);
      for (const imported of importsOf(file)) {
        const to = contextOf(imported);
        if (to === null || to === from || file === COMPOSITION) continue;
        crossings.push(`${relative(REPO_ROOT, file)} imports ${relative(REPO_ROOT, imported)}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('keeps infra/ free of services/', () => {
    const leaks = sources(INFRA).flatMap((file) =>
      importsOf(file)
        .filter(
          (imported) => imported.startsWith(SERVICES) || imported.startsWith('@linkcoin/services'),
        )
        .map((imported) => `${relative(REPO_ROOT, file)} imports ${imported}`),
    );
    expect(leaks).toEqual([]);
  });
});
