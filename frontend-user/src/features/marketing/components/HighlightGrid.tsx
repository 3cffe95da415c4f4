import { Box, Card, CardContent, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import type { Highlight } from '../content';

type HighlightGridProps = {
  items: readonly Highlight[];
  /** One icon per item, in order. */
  icons: readonly SvgIconComponent[];
  /** Columns from the md breakpoint up. */
  columns: 2 | 3 | 4;
};

/** Cards with an icon, a title (h3) and a short text. */
export function HighlightGrid({ items, icons, columns }: HighlightGridProps) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {items.map((item, index) => {
        const Icon = icons[index];
        return (
          <Card component="li" key={item.title} sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              {Icon && (
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    borderRadius: 3,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    mb: 2,
                  }}
                >
                  <Icon aria-hidden="true" />
                </Box>
              )}
              <Typography variant="h4" component="h3" gutterBottom>
                {item.title}
              </Typography>
              <Typography color="text.secondary">{item.description}</Typography>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
