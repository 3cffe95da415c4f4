import { Box, Card, CardContent, Typography } from '@mui/material';
import type { Step } from '../content';

type StepListProps = {
  steps: readonly Step[];
  /** Columns from the md breakpoint up. */
  columns: 3 | 2;
};

/** Numbered steps as an ordered list of cards. */
export function StepList({ steps, columns }: StepListProps) {
  return (
    <Box
      component="ol"
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
      {steps.map((step, index) => (
        <Card component="li" key={step.title} sx={{ height: '100%' }}>
          <CardContent sx={{ p: 3 }}>
            <Box
              aria-hidden="true"
              sx={{
                width: 40,
                height: 40,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 800,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                mb: 2,
              }}
            >
              {index + 1}
            </Box>
            <Typography variant="h4" component="h3" gutterBottom>
              {step.title}
            </Typography>
            <Typography color="text.secondary">{step.description}</Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
