import { Box, Card, CardContent, Typography } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import AllInclusiveRoundedIcon from '@mui/icons-material/AllInclusiveRounded';
import LayersRoundedIcon from '@mui/icons-material/LayersRounded';
import { Section } from '../../../components/Section';
import { HOW_LINKCOINS_WORK } from '../../wallet';

const ICONS = [ForumRoundedIcon, ReplayRoundedIcon, AllInclusiveRoundedIcon, LayersRoundedIcon];

export function HowLinkCoinsWork() {
  return (
    <Section
      id="how-linkcoins-work"
      eyebrow="Fair by design"
      title="How LinkCoins Work"
      subtitle="One simple currency for every connection. You only spend when you start a conversation."
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, 1fr)' },
        }}
      >
        {HOW_LINKCOINS_WORK.map((rule, index) => {
          const Icon = ICONS[index % ICONS.length] ?? ForumRoundedIcon;
          return (
            <Card component="li" key={rule.title}>
              <CardContent sx={{ p: 3 }}>
                <Icon color="primary" sx={{ fontSize: 36, mb: 1.5 }} aria-hidden="true" />
                <Typography variant="h4" component="h3" gutterBottom>
                  {rule.title}
                </Typography>
                <Typography color="text.secondary">{rule.description}</Typography>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Section>
  );
}
