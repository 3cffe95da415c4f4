import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { RegistrationRole } from '@linkcoin/domain/accounts/roles.ts';

type RoleToggleProps = {
  role: RegistrationRole;
  onChange: (role: RegistrationRole) => void;
};

/** docs/product-spec.md section 2: Register as Brand (role user) or Register as Creator (role influencer). */
export function RoleToggle({ role, onChange }: RoleToggleProps) {
  return (
    <ToggleButtonGroup
      value={role}
      exclusive
      fullWidth
      color="primary"
      aria-label="Account type"
      onChange={(_event, value: RegistrationRole | null) => {
        // Pressing the chosen option again keeps it chosen.
        if (value !== null && value !== role) onChange(value);
      }}
    >
      <ToggleButton value="user">Register as Brand</ToggleButton>
      <ToggleButton value="influencer">Register as Creator</ToggleButton>
    </ToggleButtonGroup>
  );
}
