import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeLink } from './SafeLink.tsx';

// Rendered outside a browser: no page origin, so every valid link counts as an outside link.
const render = (element: ReactElement) => renderToStaticMarkup(element);

describe('SafeLink', () => {
  it('renders an outside link that opens in a new tab without opener or referrer', () => {
    const html = render(<SafeLink href="https://instagram.com/asha">Visit Profile</SafeLink>);
    expect(html).toMatch(/<a [^>]*href="https:\/\/instagram.com\/asha"/);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain('>Visit Profile</a>');
  });

  it('shows the normalised address when it has no text of its own', () => {
    expect(render(<SafeLink href="HTTPS://Instagram.com/asha" />)).toContain(
      '>https://instagram.com/asha</a>',
    );
  });

  it.each([
    'javascript:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
  ])('renders %j as plain text, never as a link', (href) => {
    const html = render(<SafeLink href={href}>Visit Profile</SafeLink>);
    expect(html).not.toContain('<a');
    expect(html).not.toContain('href=');
    expect(html).toContain('Visit Profile');
  });

  it('shows a refused address as escaped text, or nothing when asked', () => {
    const html = render(<SafeLink href={'"><svg onload=alert(1)>'} />);
    expect(html).not.toContain('<a');
    expect(html).not.toContain('<svg');
    expect(html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(render(<SafeLink href="javascript:alert(1)" whenUnsafe="nothing" />)).toBe('');
  });
});
