import { Box, Container, Divider, Link, Typography } from '@mui/material';
import { PageTitle } from '../../../components/PageTitle';
import { PRIVACY_POLICY_SECTIONS } from '../privacy-policy';

export function PrivacyPolicyPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <PageTitle title="Privacy Policy" />
      <Typography variant="h1" sx={{ fontSize: { xs: '2.25rem', md: '3rem' }, mb: 2 }}>
        Privacy Policy
      </Typography>
      <Typography variant="subtitle1" component="p" color="text.secondary">
        How LinkCoin collects, uses and protects the personal data of brands and creators.
      </Typography>
      <Box component="nav" aria-labelledby="policy-contents" sx={{ my: 4 }}>
        <Typography id="policy-contents" component="p" sx={{ fontWeight: 700, mb: 1 }}>
          Contents
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, columns: { sm: 2 } }}>
          {PRIVACY_POLICY_SECTIONS.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </Box>
      </Box>
      <Divider />
      {PRIVACY_POLICY_SECTIONS.map((section, index) => (
        <Box
          component="section"
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          sx={{ mt: 5, scrollMarginTop: 96 }}
        >
          <Typography id={`${section.id}-title`} variant="h3" component="h2" gutterBottom>
            {index + 1}. {section.title}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 2 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Container>
  );
}
