import type { Dispatch } from 'react';
import {
  Button,
  Grid,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { PLATFORMS, labelOf } from '@linkcoin/domain/profiles/options.ts';
import { newDraftKey } from '../../utils/draft-keys';
import type { FieldErrors } from '../../utils/field-errors';
import type { AccountDraft, AccountPatch, FormAction } from '../../utils/profile-form';
import { accountProblems } from '../../utils/wizard-rules';
import { VerifiedMark } from './VerifiedMark';

type SocialAccountsEditorProps = {
  accounts: readonly AccountDraft[];
  dispatch: Dispatch<FormAction>;
  showErrors: boolean;
  errors: FieldErrors;
};

const alertText = { formHelperText: { role: 'alert' } } as const;

type AccountFieldsProps = {
  account: AccountDraft;
  index: number;
  onChange: (patch: AccountPatch) => void;
  onRemove: () => void;
  showErrors: boolean;
  errors: FieldErrors;
};

function AccountFields({
  account,
  index,
  onChange,
  onRemove,
  showErrors,
  errors,
}: AccountFieldsProps) {
  const problems = accountProblems(account);
  const locked = account.verified;
  const serverError = (field: string) => errors[`profileDetails.${index}.${field}`];
  const shown = (missing: boolean, field: string, text: string) =>
    serverError(field) ?? (showErrors && missing ? text : undefined);
  const platformError = shown(problems.platform, 'platform', 'Choose a platform');
  const nameError = shown(problems.profileName, 'profileName', 'Enter the profile name');
  const linkError = serverError('profilePicUrl');
  const followersError = shown(
    problems.followers,
    'followers',
    'Enter a number, or a count such as 12.5k or 1.2M',
  );
  const readOnly = { htmlInput: { readOnly: true } } as const;

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={`Account ${index + 1}`}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>Account {index + 1}</Typography>
        <IconButton aria-label={`Remove account ${index + 1}`} onClick={onRemove} color="error">
          <DeleteIcon />
        </IconButton>
      </Stack>
      {locked && <VerifiedMark />}
      <Grid container spacing={2} sx={{ mt: locked ? 1 : 0 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {locked ? (
            <TextField
              label="Platform"
              value={labelOf(account.platform)}
              fullWidth
              slotProps={readOnly}
            />
          ) : (
            <TextField
              select
              label="Platform"
              required
              fullWidth
              value={account.platform}
              onChange={(event) => onChange({ platform: event.target.value })}
              error={platformError !== undefined}
              helperText={platformError}
              slotProps={platformError ? alertText : {}}
            >
              {PLATFORMS.map((platform) => (
                <MenuItem key={platform.value} value={platform.value}>
                  {platform.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Profile Name"
            required={!locked}
            fullWidth
            value={account.profileName}
            onChange={(event) => onChange({ profileName: event.target.value })}
            error={nameError !== undefined}
            helperText={nameError}
            slotProps={
              locked ? readOnly : { htmlInput: { maxLength: 100 }, ...(nameError ? alertText : {}) }
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Profile Link"
            fullWidth
            type="url"
            placeholder="https://instagram.com/yourname"
            value={account.profileLink}
            onChange={(event) => onChange({ profileLink: event.target.value })}
            error={linkError !== undefined}
            helperText={linkError}
            slotProps={
              locked ? readOnly : { htmlInput: { maxLength: 500 }, ...(linkError ? alertText : {}) }
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Followers"
            required={!locked}
            fullWidth
            value={account.followers}
            onChange={(event) => onChange({ followers: event.target.value })}
            error={followersError !== undefined}
            helperText={followersError ?? (locked ? undefined : 'e.g. 12500, 12.5k or 1.2M')}
            slotProps={
              locked
                ? readOnly
                : { htmlInput: { inputMode: 'decimal' }, ...(followersError ? alertText : {}) }
            }
          />
        </Grid>
      </Grid>
    </Paper>
  );
}

/** The social accounts: platform, profile name, profile link and followers; + Add Account. */
export function SocialAccountsEditor({
  accounts,
  dispatch,
  showErrors,
  errors,
}: SocialAccountsEditorProps) {
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        Social Accounts
      </Typography>
      {accounts.length === 0 && (
        <Typography color="text.secondary">
          Add the accounts brands will see on your profile.
        </Typography>
      )}
      {accounts.map((account, index) => (
        <AccountFields
          key={account.key}
          account={account}
          index={index}
          showErrors={showErrors}
          errors={errors}
          onChange={(patch) => dispatch({ type: 'updateAccount', key: account.key, patch })}
          onRemove={() => dispatch({ type: 'removeAccount', key: account.key })}
        />
      ))}
      <Button
        variant="outlined"
        onClick={() => dispatch({ type: 'addAccount', key: newDraftKey() })}
        sx={{ alignSelf: 'flex-start' }}
      >
        + Add Account
      </Button>
    </Stack>
  );
}
