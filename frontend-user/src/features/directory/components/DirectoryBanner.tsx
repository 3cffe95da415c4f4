import { Box, Container, Typography } from '@mui/material';
import { brandColors } from '../../../lib/theme';

/** The directory's banner (docs/product-spec.md section 2): the page's only h1. */
export function DirectoryBanner() {
  return (
    <Box
      component="header"
      sx={{
        color: '#fff',
        background: `linear-gradient(135deg, ${brandColors.indigoDark} 0%, ${brandColors.indigo} 60%, ${brandColors.indigoLight} 100%)`,
        py: { xs: 5, md: 7 },
      }}
    >
      <Container maxWidth="lg">
        <Typography variant="h2" component="h1" sx={{ fontWeight: 800 }}>
          Find influencers
        </Typography>
        <Typography sx={{ mt: 1.5, maxWidth: 640, opacity: 0.9, fontSize: { md: '1.125rem' } }}>
          Search verified Instagram and YouTube creators by name, niche, audience and reach, then
          add them to your list and start a conversation.
        </Typography>
      </Container>
    </Box>
  );
}
