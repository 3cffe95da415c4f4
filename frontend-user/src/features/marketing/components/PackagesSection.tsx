import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
  COIN_PACKAGES,
  RUPEES_PER_LINKCOIN,
  type CoinPackage,
} from '@linkcoin/domain/wallet/pricing.ts';
import { Section } from '../../../components/Section';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatRupees } from '../../../lib/format';
import { usePurchaseDialog } from '../../wallet';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * A package's button: a visitor signs in first; a signed-in user opens the purchase dialog on
 * that package.
 */
function BuyButton({ pack, signedIn }: { pack: CoinPackage; signedIn: boolean }) {
  const { openPurchase } = usePurchaseDialog();
  const variant = pack.mostPopular ? 'contained' : 'outlined';
  if (!signedIn) {
    return (
      <Button fullWidth variant={variant} component={RouterLink} to="/login" sx={{ mt: 3 }}>
        Sign in to buy
      </Button>
    );
  }
  return (
    <Button
      fullWidth
      variant={variant}
      onClick={() => openPurchase({ kind: 'package', packageId: pack.id })}
      aria-haspopup="dialog"
      sx={{ mt: 3 }}
    >
      Buy now
    </Button>
  );
}

function PackageCard({ pack, signedIn }: { pack: CoinPackage; signedIn: boolean }) {
  const titleId = `package-${pack.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        height: '100%',
        borderWidth: pack.mostPopular ? 2 : 1,
        borderColor: pack.mostPopular ? 'primary.main' : 'divider',
        overflow: 'visible',
      }}
    >
      {pack.mostPopular && (
        <Chip
          label="Most popular"
          color="secondary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: '50%', transform: 'translateX(-50%)' }}
        />
      )}
      <CardContent sx={{ p: 4, textAlign: 'center' }}>
        <Typography id={titleId} variant="h3" component="h3">
          {pack.coins} LinkCoins
        </Typography>
        <Typography color="success.main" sx={{ fontWeight: 700, mt: 0.5 }}>
          + {pack.bonusCoins} free
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {pack.coins + pack.bonusCoins} coins in total
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ justifyContent: 'center', alignItems: 'baseline', mt: 3 }}
        >
          <Typography component="p" sx={{ fontSize: '2.5rem', fontWeight: 800, lineHeight: 1 }}>
            {formatRupees(pack.priceRupees)}
          </Typography>
          <Typography component="p" color="text.secondary">
            <Box component="span" sx={visuallyHidden}>
              Original price{' '}
            </Box>
            <del>{formatRupees(pack.originalPriceRupees)}</del>
          </Typography>
        </Stack>
        <Chip label={`${pack.discountPercent}% off`} color="success" sx={{ mt: 2 }} />
        <BuyButton pack={pack} signedIn={signedIn} />
      </CardContent>
    </Card>
  );
}

/** The three LinkCoin packages. */
export function PackagesSection() {
  const { isAuthenticated } = useAuth();
  return (
    <Section
      id="packages"
      tone="muted"
      eyebrow="Pricing"
      title="LinkCoin packages"
      subtitle={`1 LinkCoin = ${formatRupees(RUPEES_PER_LINKCOIN)}. Buy more, get more coins free.`}
    >
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, md: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          maxWidth: 1000,
          mx: 'auto',
          pt: 1.5,
        }}
      >
        {COIN_PACKAGES.map((pack) => (
          <PackageCard key={pack.id} pack={pack} signedIn={isAuthenticated} />
        ))}
      </Box>
    </Section>
  );
}
