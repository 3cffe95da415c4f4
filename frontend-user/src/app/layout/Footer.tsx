import { Box, Container, Link, Stack, Typography } from '@mui/material';
import BusinessCenterRoundedIcon from '@mui/icons-material/BusinessCenterRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router-dom';
import { brandColors } from '../../lib/theme';
import { SALES_EMAIL, SUPPORT_EMAIL } from '../../config/contact';
import { BrandLogo } from '../../components/BrandLogo';

type Assurance = { title: string; text: string; Icon: SvgIconComponent };

const ASSURANCES: readonly Assurance[] = [
  {
    title: 'Enterprise solutions',
    text: `Multi-campaign planning, custom LinkCoin packages and a named contact for agencies and large brands. Write to ${SALES_EMAIL}.`,
    Icon: BusinessCenterRoundedIcon,
  },
  {
    title: '24/7 support',
    text: `Brands and creators reach a real person at any hour at ${SUPPORT_EMAIL}.`,
    Icon: SupportAgentRoundedIcon,
  },
  {
    title: 'PCI-compliant payments',
    text: 'LinkCoin purchases go through PCI-DSS compliant payment partners. We never see or store your card details.',
    Icon: LockRoundedIcon,
  },
];

const FOOTER_LINKS = [
  { label: 'About us', to: '/aboutus' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Admin login', to: '/adminLogin' },
] as const;

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: brandColors.ink, color: 'grey.400', pt: 8, pb: 4 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          <Box sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}>
            <BrandLogo inverted />
            <Typography variant="body2" sx={{ mt: 2 }}>
              The marketplace that links brands with verified social-media creators. Made in India
              since 2025.
            </Typography>
          </Box>
          {ASSURANCES.map(({ title, text, Icon }) => (
            <Box key={title}>
              <Icon sx={{ color: 'secondary.light', mb: 1 }} aria-hidden="true" />
              <Typography variant="h6" component="h2" sx={{ color: '#fff', mb: 1 }}>
                {title}
              </Typography>
              <Typography variant="body2">{text}</Typography>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: 6,
            pt: 3,
            borderTop: 1,
            borderColor: 'rgba(255,255,255,0.12)',
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 2,
            justifyContent: 'space-between',
            alignItems: { sm: 'center' },
          }}
        >
          <Typography variant="body2">
            © {new Date().getFullYear()} LinkCoin. All rights reserved.
          </Typography>
          <Stack
            component="nav"
            aria-label="Footer"
            direction="row"
            spacing={3}
            sx={{ flexWrap: 'wrap' }}
          >
            {FOOTER_LINKS.map((link) => (
              <Link
                key={link.to}
                component={RouterLink}
                to={link.to}
                variant="body2"
                sx={{ color: 'grey.300', '&:hover': { color: '#fff' } }}
              >
                {link.label}
              </Link>
            ))}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
