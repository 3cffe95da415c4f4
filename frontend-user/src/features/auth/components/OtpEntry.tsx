import { Button, Stack, TextField } from '@mui/material';

type OtpEntryProps = {
  value: string;
  onChange: (otp: string) => void;
  onVerify: () => void;
  isVerifying: boolean;
  /** The code's error, announced and tied to the input. */
  error: string | null;
};

/** The one-time code input and its Verify OTP button (no length limit: docs/product-spec.md section 5). */
export function OtpEntry({ value, onChange, onVerify, isVerifying, error }: OtpEntryProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="OTP"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onVerify();
          }
        }}
        autoComplete="one-time-code"
        fullWidth
        error={error !== null}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        helperText="Enter the code we e-mailed you"
      />
      <Button
        type="button"
        variant="contained"
        onClick={onVerify}
        disabled={isVerifying}
        sx={{ flexShrink: 0, minHeight: 56, width: { xs: '100%', sm: 'auto' } }}
      >
        {isVerifying ? 'Verifying...' : 'Verify OTP'}
      </Button>
    </Stack>
  );
}
