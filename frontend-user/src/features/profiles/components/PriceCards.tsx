import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { Pricing } from '@linkcoin/domain/profiles/contracts.ts';
import { PRICE_CARDS, priceText } from '../utils/profile-display';

/** Story Post, Feed Post and Reel in rupees; Negotiable when the creator gave no price. */
export function PriceCards({ pricing }: { pricing: Pricing }) {
  return (
    <Box component="section" aria-label="Prices">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="list">
        {PRICE_CARDS.map(({ field, label }) => (
          <Card key={field} role="listitem" sx={{ flex: 1 }}>
            <CardContent>
              <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="h4" component="p" color="primary">
                {priceText(pricing[field])}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
