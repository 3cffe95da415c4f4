import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, from the npm package (no download). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The impacts a screen must be free of (minor ones are reported by axe but not counted). */
export const COUNTED_IMPACTS = ['critical', 'serious', 'moderate'] as const;

export type AxeFinding = Readonly<{
  id: string;
  impact: string;
  help: string;
  /** Where: each element's selector and the start of its markup, with axe's summary. */
  targets: string[];
}>;

type AxeResults = {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; html: string; failureSummary?: string }[];
  }[];
};

/**
 * Runs axe (WCAG 2.1 A and AA, and axe's best practices: landmarks, one h1, heading order) on
 * the page as it is, and answers the critical, serious and moderate violations. The engine is
 * evaluated through the DevTools protocol, so the page's content security policy is left alone.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // Colours are read as they end, not half-way through a transition (a button just enabled).
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate<AxeResults>(`axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
  })`);
  return results.violations
    .filter((violation) => (COUNTED_IMPACTS as readonly string[]).includes(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${JSON.stringify(node.target)} ${node.html.slice(0, 160)} (${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)})`,
        ),
    }));
}
