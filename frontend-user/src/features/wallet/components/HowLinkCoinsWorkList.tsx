import { Box, Typography } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import AllInclusiveRoundedIcon from '@mui/icons-material/AllInclusiveRounded';
import LayersRoundedIcon from '@mui/icons-material/LayersRounded';
import { HOW_LINKCOINS_WORK } from '../linkcoin-rules';

const ICONS = [ForumRoundedIcon, ReplayRoundedIcon, AllInclusiveRoundedIcon, LayersRoundedIcon];

/**
 * The purchase dialog's explanation (docs/product-spec.md section 2): 1 coin buys 7 days of chat with one
 * influencer, the 48-hour refund guarantee, coins do not expire, 1 extra page per 5 more coins.
 */
export function HowLinkCoinsWorkList() {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {HOW_LINKCOINS_WORK.map((rule, index) => {
        const Icon = ICONS[index % ICONS.length] ?? ForumRoundedIcon;
        return (
          <Box component="li" key={rule.title} sx={{ display: 'flex', gap: 1.5 }}>
            <Icon color="primary" sx={{ mt: 0.25 }} aria-hidden="true" />
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{rule.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {rule.description}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
