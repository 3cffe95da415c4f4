import { useId, useRef, useState } from 'react';
import {
  Button as MuiButton,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  Form,
  HttpError,
  NumberInput,
  TextInput,
  useDataProvider,
  useGetOne,
  useNotify,
  useRefresh,
} from 'react-admin';
import { MAX_GRANT_COINS, MAX_GRANT_REASON } from '@linkcoin/domain/wallet/wallet.ts';
import { idempotencyKeys } from '@linkcoin/frontend-shared/idempotency/idempotency-key.ts';
import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import type { ConsoleDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../notify-failure';
import type { ConsoleUser } from '../users/types';
import { grantBody, validateGrant, type GrantBody, type GrantFormValues } from './grant-form';
import type { ConsoleWallet } from './types';

const EMPTY_GRANT = { coins: null, reason: '' };

type GrantCoinsDialogProps = {
  wallet: ConsoleWallet;
  open: boolean;
  onClose: () => void;
};

/**
 * The grant: a number of coins and a required reason (it shows in the user's history as
 * "Granted by LinkCoin: <reason>"). One idempotency key per dialog and payload: a double click
 * or a retry after a lost answer grants once.
 */
export function GrantCoinsDialog({ wallet, open, onClose }: GrantCoinsDialogProps) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: user } = useGetOne<ConsoleUser>('users', { id: wallet.userId });
  const [keys] = useState(() => idempotencyKeys());
  const notifyFailure = useNotifyFailure();
  // Set at once on a submit (isPending shows only from the next render): a double click grants once.
  const inFlight = useRef(false);
  const titleId = useId();
  const who = user?.ownerName ?? wallet.userId;
  const { mutate: grantCoins, isPending: pending } = useMutation({
    mutationFn: (grant: GrantBody) => dataProvider.grantCoins(wallet.id, grant, keys.keyFor(grant)),
    onSuccess: (_answer, grant) => {
      notify(`Granted ${linkCoins(grant.coins)} to ${who}`, { type: 'success' });
      inFlight.current = false;
      onClose();
      refresh();
    },
    onError: (error) => {
      inFlight.current = false;
      // Answered and refused: nothing was granted, the next try is a new attempt.
      if (error instanceof HttpError && (error.status < 500 || error.status === 503)) keys.reset();
      notifyFailure('Could not grant the coins')(error);
    },
  });

  const close = () => {
    if (!inFlight.current) onClose();
  };

  const submit = (values: GrantFormValues) => {
    const grant = grantBody(values);
    if (!grant || inFlight.current) return;
    inFlight.current = true;
    grantCoins(grant);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form record={EMPTY_GRANT} validate={validateGrant} onSubmit={submit}>
        <DialogTitle id={titleId}>Grant LinkCoins</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`To ${who}. The reason shows in their wallet history as "Granted by LinkCoin".`}
          </DialogContentText>
          <NumberInput
            source="coins"
            label="LinkCoins"
            min={1}
            max={MAX_GRANT_COINS}
            step={1}
            fullWidth
            autoFocus
          />
          <TextInput
            source="reason"
            label="Reason"
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: MAX_GRANT_REASON } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={pending}>
            Cancel
          </MuiButton>
          <MuiButton
            type="submit"
            variant="contained"
            disabled={pending}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {pending ? 'Granting...' : 'Grant'}
          </MuiButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
