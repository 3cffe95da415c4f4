import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { packageById } from '@linkcoin/domain/wallet/pricing.ts';
import { WALLET_MESSAGES } from '@linkcoin/domain/wallet/messages.ts';
import { idempotencyKeys } from '@linkcoin/frontend-shared/idempotency/idempotency-key.ts';
import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { useToast } from '../../../components/toast/useToast';
import { errorStatus } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { publicConfigQueryOptions } from '../../../lib/public-config';
import { approvalDestination, useStartPayment } from '../api/payments';
import {
  DEFAULT_QUANTITY_TEXT,
  PACKAGE_OFFERS,
  QUANTITY_MAX_DIGITS,
  betterPackageFor,
  checkoutOf,
  digitsOnly,
  type PackageOffer,
  type PurchaseChoice,
} from '../purchase';
import { HowLinkCoinsWorkList } from './HowLinkCoinsWorkList';
import { visuallyHidden } from '../../../lib/visually-hidden';

const CUSTOM = 'custom';

const optionSx = (selected: boolean) =>
  ({
    position: 'relative',
    display: 'block',
    cursor: 'pointer',
    border: 2,
    borderColor: selected ? 'primary.main' : 'divider',
    bgcolor: selected ? 'action.hover' : 'background.paper',
    borderRadius: 2,
    p: 2,
    pt: 2.5,
    transition: 'border-color 120ms',
    '&:hover': { borderColor: selected ? 'primary.main' : 'primary.light' },
  }) as const;

function PackageOption({ offer, selected }: { offer: PackageOffer; selected: boolean }) {
  return (
    <Box component="label" sx={optionSx(selected)}>
      {offer.mostPopular && (
        <Chip
          label="Most popular"
          color="secondary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: 16 }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Radio
          value={offer.id}
          sx={{ p: 0.5, mt: -0.25 }}
          slotProps={{
            input: {
              'aria-label': `${offer.title} for ${offer.price}${offer.mostPopular ? ', most popular' : ''}`,
            },
          }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 800, fontSize: '1.1rem' }}>{offer.title}</Typography>
          <Typography variant="body2" color="success.main" sx={{ fontWeight: 700 }}>
            {offer.freeText}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {offer.totalText}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mt: 1 }}>
            <Typography component="span" sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
              {offer.price}
            </Typography>
            <Typography component="span" color="text.secondary">
              <Box component="span" sx={visuallyHidden}>
                Original price{' '}
              </Box>
              <del>{offer.originalPrice}</del>
            </Typography>
          </Stack>
          <Chip label={offer.discount} color="success" size="small" sx={{ mt: 1 }} />
        </Box>
      </Stack>
    </Box>
  );
}

type PurchasePanelProps = {
  initialChoice: PurchaseChoice;
  /** Told when the browser is on its way to the payment page (the dialog then stays open). */
  onLeaving?: (leaving: boolean) => void;
  /** The level of the "How LinkCoins work" heading: h3 under the dialog's title, h2 on a page. */
  rulesHeading?: 'h2' | 'h3';
};

/**
 * The purchase dialog's content (also the checkout page's): the packages, the custom quantity
 * with its running total, the pay button, and how LinkCoins work. The browser sends a package id
 * or a number of coins; the server prices it and answers where to approve the payment.
 */
export function PurchasePanel({
  initialChoice,
  onLeaving,
  rulesHeading = 'h3',
}: PurchasePanelProps) {
  const { user } = useAuth();
  const toast = useToast();
  const config = useQuery(publicConfigQueryOptions());
  const startPayment = useStartPayment();
  const [choice, setChoice] = useState<PurchaseChoice>(initialChoice);
  const [quantityText, setQuantityText] = useState(DEFAULT_QUANTITY_TEXT);
  // One key per purchase attempt while this panel is open: a double click starts one payment.
  const [keys] = useState(() => idempotencyKeys());
  const [leaving, setLeaving] = useState(false);
  const inFlight = useRef(false);
  const ids = { quantity: useId(), total: useId(), rules: useId() };

  const checkout = checkoutOf(choice, quantityText);
  const paymentsDisabled = config.data?.payments === 'disabled';
  const busy = startPayment.isPending || leaving;
  const customSelected = choice.kind === CUSTOM;
  const quantityError = customSelected && !checkout.ok ? checkout.message : null;
  const better = customSelected && checkout.ok ? betterPackageFor(checkout.order.coins) : null;

  useEffect(() => onLeaving?.(leaving), [leaving, onLeaving]);

  // Back from the payment page through the browser's page cache: the panel works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const failed = (error?: unknown) => {
    inFlight.current = false;
    // The server answered and started nothing: the next try is a new attempt. After a lost
    // answer the key is kept, so a retry cannot start a second payment.
    const status = errorStatus(error);
    if (status !== null && status !== 0 && (status < 500 || status === 503)) keys.reset();
    toast.error(WALLET_MESSAGES.paymentStartFailed);
  };

  const pay = (event?: FormEvent) => {
    event?.preventDefault();
    if (!user || !checkout.ok || paymentsDisabled || inFlight.current) return;
    inFlight.current = true;
    const order = checkout.order.body;
    startPayment.mutate(
      { userId: user._id, order, idempotencyKey: keys.keyFor({ userId: user._id, ...order }) },
      {
        onSuccess: (answer) => {
          const destination = approvalDestination(answer.approvalURL, window.location.href);
          if (destination === null) {
            failed();
            return;
          }
          setLeaving(true);
          window.location.assign(destination);
        },
        onError: failed,
      },
    );
  };

  const choose = (value: string) => {
    const pack = packageById(value);
    setChoice(pack ? { kind: 'package', packageId: pack.id } : { kind: CUSTOM });
  };

  let payLabel: string;
  if (paymentsDisabled) payLabel = WALLET_MESSAGES.comingSoon;
  else if (busy) payLabel = 'Starting payment...';
  else payLabel = checkout.ok ? `Pay ${checkout.order.total}` : 'Pay';

  return (
    <Stack component="form" noValidate onSubmit={pay} spacing={3}>
      {user && (
        <Typography color="text.secondary">
          Your balance:{' '}
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {linkCoins(user.linkCoins)}
          </Box>
        </Typography>
      )}
      <RadioGroup
        aria-label="What to buy"
        value={choice.kind === 'package' ? choice.packageId : CUSTOM}
        onChange={(event) => choose(event.target.value)}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            pt: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {PACKAGE_OFFERS.map((offer) => (
            <PackageOption
              key={offer.id}
              offer={offer}
              selected={choice.kind === 'package' && choice.packageId === offer.id}
            />
          ))}
        </Box>
        <Box sx={{ ...optionSx(customSelected), mt: 2.5, cursor: 'default' }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 200 }}>
              <Radio
                value={CUSTOM}
                sx={{ p: 0.5 }}
                slotProps={{ input: { 'aria-label': 'Custom quantity' } }}
              />
              <Box>
                <Typography sx={{ fontWeight: 800 }}>Custom quantity</Typography>
                <Typography variant="body2" color="text.secondary">
                  ₹5 per LinkCoin
                </Typography>
              </Box>
            </Stack>
            <TextField
              id={ids.quantity}
              label="Number of LinkCoins"
              value={quantityText}
              onChange={(event) => {
                setQuantityText(digitsOnly(event.target.value));
                setChoice({ kind: CUSTOM });
              }}
              onFocus={() => setChoice({ kind: CUSTOM })}
              error={quantityError !== null}
              helperText={quantityError ?? 'From 1 to 2000 LinkCoins at a time'}
              size="small"
              sx={{ maxWidth: 260 }}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  pattern: '[0-9]*',
                  maxLength: QUANTITY_MAX_DIGITS,
                  autoComplete: 'off',
                },
              }}
            />
          </Stack>
        </Box>
      </RadioGroup>

      {better && (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => setChoice({ kind: 'package', packageId: better.id })}
            >
              Choose it
            </Button>
          }
        >
          The {better.title} package costs the same {better.price} and adds {better.freeText}.
        </Alert>
      )}

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          alignItems: { sm: 'center' },
          justifyContent: 'space-between',
          bgcolor: 'background.default',
          borderRadius: 2,
          p: 2,
        }}
      >
        <Box id={ids.total} role="status" aria-live="polite">
          <Typography variant="body2" color="text.secondary">
            Total
          </Typography>
          <Typography sx={{ fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2 }}>
            {checkout.ok ? checkout.order.total : '—'}
          </Typography>
          {checkout.ok && (
            <Typography variant="body2" color="text.secondary">
              {checkout.order.breakdown} · you get {linkCoins(checkout.order.totalCoins)}
            </Typography>
          )}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={paymentsDisabled || busy || !checkout.ok || config.isPending || !user}
          aria-describedby={ids.total}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ minWidth: 200 }}
        >
          {payLabel}
        </Button>
      </Stack>

      <Box component="section" aria-labelledby={ids.rules}>
        <Typography id={ids.rules} variant="h4" component={rulesHeading} gutterBottom>
          How LinkCoins work
        </Typography>
        <HowLinkCoinsWorkList />
      </Box>
    </Stack>
  );
}
