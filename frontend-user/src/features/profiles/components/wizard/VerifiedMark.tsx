import { Typography } from '@mui/material';

/** docs/product-spec.md section 4: a verified account shows "✓ This account is verified". */
export function VerifiedMark() {
  return (
    <Typography color="success.main" sx={{ fontWeight: 600 }}>
      ✓ This account is verified
    </Typography>
  );
}
