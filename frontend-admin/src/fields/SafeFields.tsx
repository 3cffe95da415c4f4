import type { MouseEvent } from 'react';
import { Link, Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';
import { safeMailtoHref } from '@linkcoin/frontend-shared/links/safe-link.ts';
import { SafeLink } from '@linkcoin/frontend-shared/links/SafeLink.tsx';

type SafeFieldProps = FieldProps & { emptyText?: string };

/** In a table with a row click, following the link is a different action. */
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/**
 * A user-provided address as a link, through the shared safe-link helper: only absolute http(s)
 * addresses become links (opened in a new tab, `noopener noreferrer nofollow`); anything else is
 * shown as plain text, so an admin sees what was given without being able to follow it.
 * Replaces react-admin's UrlField, which links whatever the record holds.
 */
export function SafeUrlField({ emptyText = '', ...props }: SafeFieldProps) {
  const value: unknown = useFieldValue(props);
  if (typeof value !== 'string' || value.trim() === '') {
    return (
      <Typography component="span" variant="body2">
        {emptyText}
      </Typography>
    );
  }
  return (
    <SafeLink
      href={value}
      variant="body2"
      onClick={stopRowClick}
      sx={{ overflowWrap: 'anywhere' }}
    />
  );
}

/**
 * An e-mail address as a mailto: link only when it is one plain address; otherwise plain text.
 * Replaces react-admin's EmailField, which builds `mailto:` from whatever the record holds.
 */
export function SafeEmailField({ emptyText = '', ...props }: SafeFieldProps) {
  const value: unknown = useFieldValue(props);
  const text = typeof value === 'string' ? value : '';
  const mailto = safeMailtoHref(text);
  if (!mailto) {
    return (
      <Typography component="span" variant="body2">
        {text || emptyText}
      </Typography>
    );
  }
  return (
    <Link href={mailto} variant="body2" onClick={stopRowClick}>
      {text}
    </Link>
  );
}
