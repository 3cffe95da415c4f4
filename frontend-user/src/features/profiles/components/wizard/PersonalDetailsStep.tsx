import type { Dispatch } from 'react';
import { Stack, TextField } from '@mui/material';
import type { FieldErrors } from '../../utils/field-errors';
import type { FormAction, ProfileForm } from '../../utils/profile-form';
import { ProfilePictureField } from './ProfilePictureField';

type PersonalDetailsStepProps = {
  form: ProfileForm;
  dispatch: Dispatch<FormAction>;
  errors: FieldErrors;
};

const errorText = { formHelperText: { role: 'alert' } } as const;

/**
 * docs/product-spec.md section 2: picture, name, e-mail (read-only), phone, description; a brand's company
 * name. The name is the person's (ownerName), never a handle: a creator's Instagram and YouTube
 * usernames are their accounts, on the next step, and are shown beside the name.
 */
export function PersonalDetailsStep({ form, dispatch, errors }: PersonalDetailsStepProps) {
  return (
    <Stack spacing={3}>
      <ProfilePictureField
        name={form.ownerName}
        url={form.profilePicUrl}
        onUploaded={(url) => dispatch({ type: 'set', field: 'profilePicUrl', value: url })}
      />
      <TextField
        label="Full name"
        required
        autoComplete="name"
        value={form.ownerName}
        onChange={(event) =>
          dispatch({ type: 'set', field: 'ownerName', value: event.target.value })
        }
        error={errors.ownerName !== undefined}
        helperText={
          errors.ownerName ??
          (form.isBrand
            ? 'Your own name, as creators see it beside your company'
            : 'Your own name. Your Instagram and YouTube usernames go with your accounts, on the next step.')
        }
        slotProps={{ htmlInput: { maxLength: 100 }, ...(errors.ownerName ? errorText : {}) }}
      />
      {form.isBrand && (
        <TextField
          label="Company name"
          autoComplete="organization"
          value={form.companyName}
          onChange={(event) =>
            dispatch({ type: 'set', field: 'companyName', value: event.target.value })
          }
          error={errors.companyName !== undefined}
          helperText={errors.companyName ?? 'Shown to creators in their list and in the chat'}
          slotProps={{
            htmlInput: { maxLength: 100 },
            ...(errors.companyName ? errorText : {}),
          }}
        />
      )}
      <TextField
        label="Email"
        type="email"
        value={form.email}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="Your sign-in e-mail cannot be changed here."
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        value={form.mobile}
        onChange={(event) => dispatch({ type: 'set', field: 'mobile', value: event.target.value })}
        error={errors.mobile !== undefined}
        helperText={errors.mobile}
        slotProps={{ htmlInput: { maxLength: 20 }, ...(errors.mobile ? errorText : {}) }}
      />
      <TextField
        label="Description"
        multiline
        rows={4}
        value={form.description}
        onChange={(event) =>
          dispatch({ type: 'set', field: 'description', value: event.target.value })
        }
        error={errors.description !== undefined}
        helperText={errors.description}
        slotProps={{ htmlInput: { maxLength: 2000 }, ...(errors.description ? errorText : {}) }}
      />
    </Stack>
  );
}
