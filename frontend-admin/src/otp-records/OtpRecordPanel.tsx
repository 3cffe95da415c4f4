import { Box, IconButton, Stack, Toolbar, Typography } from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { Labeled, ShowBase, TextField, useNotify, useRecordContext } from 'react-admin';
import { SafeUrlField } from '../fields/SafeFields';
import { CopyDmButton } from './CopyDmButton';
import { OtpStatusField, ProfileField } from './fields';
import { FETCH_FAILED } from './labels';
import { SendOtpButton } from './SendOtpButton';
import type { OtpRecord } from './types';

/** The panel's width on screens wider than a phone; the list leaves that much room for it. */
export const PANEL_WIDTH = 400;

function OtpRecordDetails({ onClose }: { onClose: () => void }) {
  const record = useRecordContext<OtpRecord>();
  return (
    <Box sx={{ width: { xs: '100vw', sm: PANEL_WIDTH }, px: 3, pb: 3, overflowWrap: 'anywhere' }}>
      {/* Clears the console's app bar, which stays above the panel. */}
      <Toolbar />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', my: 2 }}>
        <Typography variant="h6" component="h2">
          OTP record
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseRoundedIcon />
        </IconButton>
      </Stack>
      {record ? (
        <Stack spacing={2}>
          <Labeled label="User ID">
            <TextField source="userId" />
          </Labeled>
          <Labeled label="Profile">
            <ProfileField />
          </Labeled>
          <Labeled label="Profile link">
            <SafeUrlField source="profileUrl" emptyText="None" />
          </Labeled>
          <Labeled label="OTP">
            <TextField source="otp" sx={{ fontFamily: 'monospace', fontSize: '1.25rem' }} />
          </Labeled>
          <Labeled label="Status">
            <OtpStatusField />
          </Labeled>
          <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
            <CopyDmButton label="Copy DM Message" />
            <SendOtpButton />
          </Stack>
        </Stack>
      ) : null}
    </Box>
  );
}

/** The side panel of the selected record: what to DM, and the Send Otp action. */
export function OtpRecordPanel({ id, onClose }: { id: OtpRecord['id']; onClose: () => void }) {
  const notify = useNotify();
  return (
    <ShowBase<OtpRecord>
      resource="otp-records"
      id={id}
      queryOptions={{
        onError: () => {
          notify(FETCH_FAILED, { type: 'error' });
          onClose();
        },
      }}
    >
      <OtpRecordDetails onClose={onClose} />
    </ShowBase>
  );
}
