/**
 * The security suite's table, collected: every context keeps its endpoints' entries beside them
 * (`services/<context>/security.ts`: each endpoint's row of the authorisation matrix and its
 * fixture, see services/testing/security.ts), and names that file in its `BoundedContext`. The
 * suite loads them through the composition list and checks them against the composed registry:
 * an endpoint without an entry in its own context's file fails every test of the suite.
 */
import { fileURLToPath } from 'node:url';
import type { BoundedContext } from '../../platform/context.ts';
import type { Endpoint } from '../../platform/http/endpoint.ts';
import type { ContextSecurity, EndpointSecurity } from '../../testing/security.ts';
import { CONTEXTS } from '../composition.ts';
import type { Runtime } from '../runtime.ts';

/** An endpoint as the entries name it: `METHOD /path`. */
export const keyOf = (endpoint: Endpoint): string =>
  `${endpoint.method.toUpperCase()} ${endpoint.path}`;

export type CollectedSecurity = Readonly<{
  /** Each context's own entries, by its name. */
  byContext: ReadonlyMap<string, ContextSecurity>;
  /** Every entry of every context, by endpoint. */
  entries: Readonly<Record<string, EndpointSecurity>>;
}>;

const loadSecurity = async (context: BoundedContext): Promise<ContextSecurity> => {
  if (!context.security) return {};
  const loaded = (await import(fileURLToPath(context.security))) as {
    security?: ContextSecurity;
  };
  if (!loaded.security) throw new Error(`${context.security.pathname} exports no \`security\``);
  return loaded.security;
};

/** The entries of every context of the list (the product's unless given). */
export const collectSecurity = async (
  contexts: readonly BoundedContext[] = CONTEXTS,
): Promise<CollectedSecurity> => {
  const byContext = new Map<string, ContextSecurity>();
  for (const context of contexts) byContext.set(context.name, await loadSecurity(context));
  return {
    byContext,
    entries: Object.assign({}, ...byContext.values()) as Record<string, EndpointSecurity>,
  };
};

/**
 * What the table misses or has too much, as sentences: an endpoint without an entry in its own
 * context's `security.ts`, an entry naming an endpoint its context does not serve. Empty when
 * every endpoint of the registry has its matrix row and fixture beside it.
 */
export const tableProblems = (
  collected: CollectedSecurity,
  runtime: Pick<Runtime, 'endpointsByContext'>,
): string[] => {
  const problems: string[] = [];
  for (const [name, own] of collected.byContext) {
    const served = (runtime.endpointsByContext.get(name) ?? []).map(keyOf);
    for (const key of served.filter((k) => !Object.hasOwn(own, k)))
      problems.push(`${key}: no entry in services/${name}/security.ts`);
    for (const key of Object.keys(own).filter((k) => !served.includes(k)))
      problems.push(
        `services/${name}/security.ts: an entry for ${key}, which ${name} does not serve`,
      );
  }
  for (const name of runtime.endpointsByContext.keys())
    if (!collected.byContext.has(name)) problems.push(`${name}: a context outside the list`);
  return problems;
};
