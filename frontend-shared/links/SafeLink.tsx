import type { ReactNode } from 'react';
import { Box, Link, type LinkProps } from '@mui/material';
import { OUTSIDE_LINK_REL, safeLink } from './safe-link.ts';

export type SafeLinkProps = Omit<LinkProps, 'href' | 'target' | 'rel' | 'children'> & {
  /** The address a user gave: anything, checked here. */
  href: unknown;
  /** The link's text; without it the (normalised) address is shown. */
  children?: ReactNode;
  /**
   * What an address that must not be a link becomes: its text (the children, or the address as
   * plain text, so an admin sees what was given) or nothing.
   */
  whenUnsafe?: 'text' | 'nothing';
};

/**
 * A link to an address a user gave (MUI `Link`), through {@link safeLink}: only absolute http(s)
 * addresses become links; outside links open in a new tab with `noopener noreferrer nofollow`.
 */
export function SafeLink({ href, children, whenUnsafe = 'text', ...linkProps }: SafeLinkProps) {
  const link = safeLink(href);
  if (!link) {
    if (whenUnsafe === 'nothing') return null;
    const text = children ?? (typeof href === 'string' ? href : '');
    return (
      <Box component="span" data-unsafe-link="" sx={linkProps.sx}>
        {text}
      </Box>
    );
  }
  return (
    <Link
      {...linkProps}
      href={link.href}
      {...(link.external ? { target: '_blank', rel: OUTSIDE_LINK_REL } : {})}
    >
      {children ?? link.href}
    </Link>
  );
}
