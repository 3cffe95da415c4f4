import { useId } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  IconButton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { profileQueryOptions } from '../api/profile';
import { ProfileDetails } from './ProfileDetails';

type InfluencerDetailModalProps = {
  open: boolean;
  onClose: () => void;
} & (
  | {
      /** A profile already at hand (the wizard's Preview). */ profile: ProfileView;
      userId?: never;
    }
  | { /** Loaded when the modal opens (the directory). */ userId: string; profile?: never }
);

/** docs/product-spec.md section 2, "Influencer detail modal": the profile in a dialog, full screen on phones. */
export function InfluencerDetailModal(props: InfluencerDetailModalProps) {
  const { open, onClose } = props;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const nameId = useId();
  const { user } = useAuth();
  const userId = props.profile ? null : props.userId;
  const query = useQuery({
    ...profileQueryOptions(userId ?? '', user?._id ?? null),
    enabled: open && userId !== null,
  });
  const profile = props.profile ?? query.data;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={nameId}
    >
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8, zIndex: 1 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 5 }}>
        {profile ? (
          <ProfileDetails profile={profile} variant="modal" nameId={nameId} />
        ) : query.isError ? (
          <Alert severity="error" role="alert" id={nameId}>
            {errorMessage(query.error, ACCOUNT_MESSAGES.accountNotFound)}
          </Alert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} id={nameId}>
            <CircularProgress aria-label="Loading profile" />
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
