import { useId, useReducer, useState } from 'react';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import {
  PROFILE_MESSAGES,
  profileUpdateRequest,
  type ProfileView,
} from '@linkcoin/domain/profiles/contracts.ts';
import { PageTitle } from '../../../../components/PageTitle';
import { useToast } from '../../../../components/toast/useToast';
import { errorMessage } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth/auth-context';
import { INSIGHTS_PATH } from '../../../insights';
import { profileQueryOptions, rememberOwnProfile, useUpdateProfile } from '../../api/profile';
import { issuesByPath, type FieldErrors } from '../../utils/field-errors';
import {
  buildPayload,
  formFromProfile,
  formReducer,
  postsToSend,
  previewProfile,
} from '../../utils/profile-form';
import {
  STEP_LABELS,
  accountsStepProblem,
  firstUnfinishedPost,
  stepDone,
  stepsFor,
  unfinishedPostText,
} from '../../utils/wizard-rules';
import { VisibilityCard } from './VisibilityCard';
import { InfluencerDetailModal } from '../InfluencerDetailModal';
import { AccountDetailsStep } from './AccountDetailsStep';
import { PastPostsStep, type PostReveal } from './PastPostsStep';
import { PersonalDetailsStep } from './PersonalDetailsStep';
import { VerificationStep } from './VerificationStep';
import { WizardAlert, type WizardAlertContent } from './WizardAlert';
import { WizardStepper } from './WizardStepper';

type ProfileWizardProps = { userId: string; role: Role; initial: ProfileView };

/**
 * The profile edit wizard (docs/product-spec.md section 2): one step for a brand, four for everyone else. Every
 * step change saves the whole profile; Submit on the last step saves and opens the profile page.
 */
export function ProfileWizard({ userId, role, initial }: ProfileWizardProps) {
  const [form, dispatch] = useReducer(formReducer, initial, formFromProfile);
  const [saved, setSaved] = useState(initial);
  const steps = stepsFor(role);
  const [stepIndex, setStepIndex] = useState(0);
  const [alert, setAlert] = useState<WizardAlertContent | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [showAccountErrors, setShowAccountErrors] = useState(false);
  const [showPostErrors, setShowPostErrors] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  /** The unfinished post the wizard last pointed at (a new object each time, to open it again). */
  const [reveal, setReveal] = useState<PostReveal | null>(null);
  const headingId = useId();
  const queryClient = useQueryClient();
  const { userUpdated } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const saving = update.isPending;

  const step = steps[stepIndex] ?? 'personal';
  const postsStepIndex = steps.indexOf('posts');
  const isLast = stepIndex === steps.length - 1;

  const remember = (profile: ProfileView) => {
    setSaved(profile);
    userUpdated({
      ownerName: profile.ownerName,
      companyName: profile.companyName,
      profilePicUrl: profile.profilePicUrl,
    });
  };

  /**
   * Saves the whole wizard; answers the server's reply, or null after showing the alert. A post
   * that is not finished holds every save back: it cannot be saved, and a save must not drop it
   * silently. The wizard names it (under the spec's alert on Submit), opens it on the Upload
   * Posts step, and saves nothing until it is finished or removed; other edits wait in the form.
   */
  const save = async (purpose: 'step' | 'submit') => {
    const unfinished = postsStepIndex >= 0 ? firstUnfinishedPost(form.posts) : null;
    if (unfinished) {
      setShowPostErrors(true);
      setReveal({ key: unfinished.key });
      if (stepIndex !== postsStepIndex) {
        setStepIndex(postsStepIndex);
        window.scrollTo({ top: 0 });
      }
      const message = unfinishedPostText(unfinished);
      setAlert(
        purpose === 'submit' ? { title: PROFILE_MESSAGES.pastPostsMissing, message } : { message },
      );
      return null;
    }
    const payload = buildPayload(form);
    // The server's own schema first: a refused field is marked without a round trip.
    const checked = profileUpdateRequest.safeParse(payload);
    if (!checked.success) {
      setFieldErrors(issuesByPath(checked.error.issues));
      setAlert({
        title: PROFILE_MESSAGES.updateFailed,
        message: checked.error.issues[0]?.message ?? '',
      });
      return null;
    }
    try {
      const answer = await update.mutateAsync({ userId, payload });
      dispatch({
        type: 'saved',
        sentPostKeys: postsToSend(form.posts).map((post) => post.key),
        profile: answer.user,
      });
      setFieldErrors({});
      remember(answer.user);
      return answer;
    } catch (error) {
      setAlert({ title: PROFILE_MESSAGES.updateFailed, message: errorMessage(error, '') });
      return null;
    }
  };

  /** Step 2 is left only with complete accounts and all three prices (docs/product-spec.md section 5). */
  const mayLeaveStep = () => {
    if (step !== 'accounts') return true;
    const problem = accountsStepProblem(form);
    if (!problem) return true;
    setShowAccountErrors(true);
    setAlert({ message: problem });
    return false;
  };

  const goToStep = async (target: number) => {
    if (saving || target === stepIndex || target < 0 || target >= steps.length) return;
    if (!mayLeaveStep()) return;
    if (await save('step')) {
      setStepIndex(target);
      window.scrollTo({ top: 0 });
    }
  };

  const submit = async () => {
    if (saving || !mayLeaveStep()) return;
    const answer = await save('submit');
    if (!answer) return;
    toast.success(answer.message);
    navigate(`/Profile/${encodeURIComponent(userId)}`);
  };

  /** After a verification: the account comes back verified (and locked) from the server. */
  const refreshAccounts = async () => {
    try {
      const profile = await queryClient.fetchQuery({
        ...profileQueryOptions(userId, userId),
        staleTime: 0,
      });
      dispatch({ type: 'accountsRefreshed', accounts: profile.profileDetails });
      rememberOwnProfile(queryClient, userId, profile);
      remember(profile);
    } catch (error) {
      // The verification itself succeeded; the next visit reads the verified account.
      console.error('The profile could not be read again', error);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <PageTitle title="Update Profile" />
      <Stack spacing={3}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          <Typography variant="h2" component="h1">
            Update Profile
          </Typography>
          <Button
            variant="outlined"
            startIcon={<VisibilityIcon />}
            onClick={() => setPreviewing(true)}
          >
            Preview
          </Button>
        </Stack>
        {/* A creator sees where the saved profile stands in the directory (docs/product-spec.md section 1). */}
        {role !== 'user' && <VisibilityCard profile={saved} />}
        {role === 'influencer' && (
          <Button component={RouterLink} to={INSIGHTS_PATH} sx={{ alignSelf: 'flex-start' }}>
            See how brands find your profile: your insights
          </Button>
        )}
        <WizardStepper
          steps={steps}
          done={(wizardStep) => stepDone(wizardStep, saved)}
          active={stepIndex}
          disabled={saving}
          onStep={(index) => void goToStep(index)}
        />
        <Paper
          component="section"
          role="tabpanel"
          variant="outlined"
          aria-labelledby={headingId}
          sx={{ p: { xs: 2, sm: 4 } }}
        >
          <Typography variant="h4" component="h2" id={headingId} sx={{ mb: 3 }}>
            {STEP_LABELS[step]}
          </Typography>
          {step === 'personal' && (
            <PersonalDetailsStep form={form} dispatch={dispatch} errors={fieldErrors} />
          )}
          {step === 'accounts' && (
            <AccountDetailsStep
              form={form}
              dispatch={dispatch}
              showErrors={showAccountErrors}
              errors={fieldErrors}
            />
          )}
          {step === 'verification' && (
            <VerificationStep
              userId={userId}
              accounts={form.accounts}
              onVerified={refreshAccounts}
            />
          )}
          {step === 'posts' && (
            <PastPostsStep
              posts={form.posts}
              dispatch={dispatch}
              showErrors={showPostErrors}
              reveal={reveal}
            />
          )}
        </Paper>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void goToStep(stepIndex - 1)}
            disabled={stepIndex === 0 || saving}
          >
            Previous
          </Button>
          {isLast ? (
            <Button variant="contained" onClick={() => void submit()} disabled={saving}>
              {saving ? 'Saving...' : 'Submit'}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={() => void goToStep(stepIndex + 1)}
              disabled={saving}
            >
              {saving ? 'Saving...' : 'Save & Next'}
            </Button>
          )}
        </Box>
      </Stack>
      <WizardAlert alert={alert} onClose={() => setAlert(null)} />
      <InfluencerDetailModal
        open={previewing}
        onClose={() => setPreviewing(false)}
        profile={previewProfile(saved, form)}
      />
    </Container>
  );
}
