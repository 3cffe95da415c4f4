import { Box, Step, StepButton, Stepper } from '@mui/material';
import { STEP_LABELS, type WizardStep } from '../../utils/wizard-rules';

type WizardStepperProps = {
  steps: readonly WizardStep[];
  active: number;
  /** Which steps are done (on the saved profile): their dots show a tick. */
  done: (step: WizardStep) => boolean;
  disabled: boolean;
  onStep: (index: number) => void;
};

/**
 * The step dots and labels; both are clickable (docs/product-spec.md section 2), and every change saves. A step
 * that is done on the saved profile shows a tick.
 */
export function WizardStepper({ steps, active, done, disabled, onStep }: WizardStepperProps) {
  return (
    <Box component="nav" aria-label="Profile steps">
      <Stepper
        nonLinear
        alternativeLabel
        activeStep={active}
        sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
      >
        {steps.map((step, index) => (
          <Step key={step} completed={done(step)}>
            <StepButton
              onClick={() => onStep(index)}
              disabled={disabled}
              aria-current={index === active ? 'step' : undefined}
              aria-description={done(step) ? 'Done' : undefined}
            >
              {STEP_LABELS[step]}
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
