import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { landingFirstScreen } from './landing-screen.ts';

const render = (anonymous: boolean) =>
  landingFirstScreen().render({} as Request, {} as Response, { anonymous });

describe("the landing page's first screen", () => {
  it('paints the hero for a visitor, whose "Find creators" leads to signing up as a brand', async () => {
    const parts = await render(true);
    expect(parts?.shell).toContain('<h1>Where brands meet verified creators</h1>');
    expect(parts?.shell).toContain('href="/RegisterUser">Find creators</a>');
    expect(parts?.shell).toContain('href="/Register">Join as a creator</a>');
    expect(parts?.head).toContain('<style>');
    // Nothing from an API: the landing page's first screen is the same for everyone.
    expect(parts?.answers).toBeUndefined();
  });

  it('leads a signed-in browser from "Find creators" to the directory', async () => {
    expect((await render(false))?.shell).toContain('href="/influencers">Find creators</a>');
  });

  it('keeps its links out of the tab order and the accessibility tree (the app adds its own)', async () => {
    const shell = (await render(true))?.shell ?? '';
    expect(shell).toMatch(/^<header class="fs-hero" aria-hidden="true">/);
    expect(shell.match(/<a /g)).toHaveLength(2);
    expect(shell.match(/tabindex="-1"/g)).toHaveLength(2);
  });
});
