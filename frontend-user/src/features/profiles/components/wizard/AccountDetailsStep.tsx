import type { Dispatch } from 'react';
import { Stack } from '@mui/material';
import { MAX_CATEGORIES } from '@linkcoin/domain/profiles/contracts.ts';
import {
  AUDIENCE_TYPES,
  CONTENT_TOPICS,
  PLATFORMS,
  PRODUCT_CATEGORIES,
} from '@linkcoin/domain/profiles/options.ts';
import type { FieldErrors } from '../../utils/field-errors';
import type { FormAction, ProfileForm } from '../../utils/profile-form';
import { AudienceLocations } from './AudienceLocations';
import {
  CONTENT_TOPIC_GROUPS,
  PRODUCT_CATEGORY_GROUPS,
} from '@linkcoin/domain/profiles/option-groups.ts';
import { OptionPicker } from './OptionPicker';
import { PricingFields } from './PricingFields';
import { SocialAccountsEditor } from './SocialAccountsEditor';

type AccountDetailsStepProps = {
  form: ProfileForm;
  dispatch: Dispatch<FormAction>;
  showErrors: boolean;
  errors: FieldErrors;
};

/**
 * docs/product-spec.md section 2, "Account Details step": platforms with quick-add chips, ad and page content
 * categories (20 each at most), audience type and locations, prices and the social accounts.
 */
export function AccountDetailsStep({
  form,
  dispatch,
  showErrors,
  errors,
}: AccountDetailsStepProps) {
  return (
    <Stack spacing={4}>
      <OptionPicker
        label="Social Media Platforms"
        options={PLATFORMS}
        values={form.socialMediaPlatforms}
        onChange={(values) => dispatch({ type: 'setList', field: 'socialMediaPlatforms', values })}
        quickAdd={4}
      />
      <OptionPicker
        label="Ad Categories"
        options={PRODUCT_CATEGORIES}
        values={form.adCategories}
        onChange={(values) => dispatch({ type: 'setList', field: 'adCategories', values })}
        max={MAX_CATEGORIES}
        quickAdd={5}
        groups={PRODUCT_CATEGORY_GROUPS}
      />
      <OptionPicker
        label="Page Content Categories"
        options={CONTENT_TOPICS}
        values={form.pageContentCategory}
        onChange={(values) => dispatch({ type: 'setList', field: 'pageContentCategory', values })}
        max={MAX_CATEGORIES}
        quickAdd={5}
        groups={CONTENT_TOPIC_GROUPS}
      />
      <OptionPicker
        label="Average Audience Type"
        options={AUDIENCE_TYPES}
        values={form.averageAudienceType}
        onChange={(values) => dispatch({ type: 'setList', field: 'averageAudienceType', values })}
      />
      <AudienceLocations
        locations={form.averageLocationOfAudience}
        onAdd={(text) => dispatch({ type: 'addLocation', text })}
        onRemove={(location) => dispatch({ type: 'removeLocation', location })}
      />
      <PricingFields
        pricing={form.pricing}
        onChange={(field, value) => dispatch({ type: 'setPrice', field, value })}
        showErrors={showErrors}
      />
      <SocialAccountsEditor
        accounts={form.accounts}
        dispatch={dispatch}
        showErrors={showErrors}
        errors={errors}
      />
    </Stack>
  );
}
