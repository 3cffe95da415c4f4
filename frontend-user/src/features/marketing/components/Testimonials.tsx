import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import FormatQuoteRoundedIcon from '@mui/icons-material/FormatQuoteRounded';
import { Section } from '../../../components/Section';
import { TESTIMONIALS } from '../content';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function Testimonials() {
  return (
    <Section
      id="testimonials"
      tone="muted"
      eyebrow="Testimonials"
      title="Brands and creators on LinkCoin"
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {TESTIMONIALS.map((t) => (
          <Card component="figure" key={t.name} sx={{ m: 0, height: '100%' }}>
            <CardContent
              sx={{ p: 4, height: '100%', display: 'flex', flexDirection: 'column', gap: 3 }}
            >
              <FormatQuoteRoundedIcon color="secondary" sx={{ fontSize: 40 }} aria-hidden="true" />
              <Typography component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
                {t.quote}
              </Typography>
              <Stack
                component="figcaption"
                direction="row"
                spacing={2}
                sx={{ alignItems: 'center' }}
              >
                <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden="true">
                  {initials(t.name)}
                </Avatar>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{t.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t.role}
                  </Typography>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Section>
  );
}
