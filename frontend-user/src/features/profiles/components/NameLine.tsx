import type { ElementType, ReactNode } from 'react';
import { Box, Stack, Typography, type TypographyProps } from '@mui/material';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';

type NameLineProps = {
  /** The person's name (never a handle). */
  name: string;
  /** The handle shown beside it (without "@"), when there is one. */
  handle?: string | null;
  /** A brand's company, shown beside the name instead of a handle. */
  companyName?: string | null;
  verified?: boolean;
  variant?: TypographyProps['variant'];
  component?: ElementType;
  id?: string | undefined;
  align?: 'center' | 'left';
  /** Extra content after the name on its line. */
  after?: ReactNode;
};

/**
 * A person as the product names them (issue 19): their name, a Verified badge by it, and beside
 * it their handle (creators) or their company (brands). One way for cards, the profile, the
 * chat and the lists.
 */
export function NameLine({
  name,
  handle = null,
  companyName = null,
  verified = false,
  variant = 'h6',
  component = 'span',
  id,
  align = 'left',
  after,
}: NameLineProps) {
  const secondary = companyName ?? (handle ? `@${handle.replace(/^@/, '')}` : null);
  return (
    <Stack
      spacing={0.25}
      sx={{
        minWidth: 0,
        maxWidth: '100%',
        alignItems: align === 'center' ? 'center' : 'flex-start',
      }}
    >
      <Typography
        variant={variant}
        component={component}
        id={id}
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: align === 'center' ? 'center' : 'flex-start',
          gap: 0.5,
          maxWidth: '100%',
          overflowWrap: 'anywhere',
        }}
      >
        <Box component="span" sx={{ minWidth: 0 }}>
          {name}
        </Box>
        {verified && (
          <VerifiedRoundedIcon
            color="primary"
            fontSize="small"
            titleAccess="Verified"
            sx={{ flexShrink: 0 }}
          />
        )}
        {after}
      </Typography>
      {secondary && (
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {secondary}
        </Typography>
      )}
    </Stack>
  );
}
