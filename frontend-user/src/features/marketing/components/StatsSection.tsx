import { Box, Container, Typography } from '@mui/material';
import { PLATFORM_STATS } from '../constants';

/** The platform's headline numbers as a definition list. */
export function StatsSection() {
  return (
    <Box
      component="section"
      aria-labelledby="stats-title"
      sx={{ py: { xs: 6, md: 8 }, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <Typography
          id="stats-title"
          variant="h2"
          component="h2"
          sx={{ textAlign: 'center', mb: 5 }}
        >
          LinkCoin in numbers
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 1fr)' },
          }}
        >
          {PLATFORM_STATS.map((stat) => (
            <Box
              key={stat.label}
              sx={{
                textAlign: 'center',
                p: { xs: 2, md: 3 },
                borderRadius: 4,
                bgcolor: 'background.default',
                display: 'flex',
                flexDirection: 'column-reverse',
              }}
            >
              <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
                {stat.label}
              </Typography>
              <Typography
                component="dd"
                color="primary"
                sx={{
                  m: 0,
                  fontWeight: 800,
                  fontSize: { xs: '2.25rem', md: '3rem' },
                  lineHeight: 1.1,
                }}
              >
                {stat.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
