import { useReducer } from 'react';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { useToast } from '../../../components/toast/useToast';
import { useSendPasswordResetOtp, useSendRegistrationOtp, useVerifyOtp } from '../api/otp';
import {
  emailOtpReducer,
  initialEmailOtpState,
  sendOtpErrorMessage,
  verifyOtpErrorMessage,
  type OtpPurpose,
} from '../email-otp-state';

/** Sending and verifying an e-mail code, for registration or a password reset. */
export function useEmailOtp(purpose: OtpPurpose) {
  const [state, dispatch] = useReducer(emailOtpReducer, initialEmailOtpState);
  const toast = useToast();
  const sendRegistration = useSendRegistrationOtp();
  const sendReset = useSendPasswordResetOtp();
  const send = purpose === 'registration' ? sendRegistration : sendReset;
  const verify = useVerifyOtp();

  const sendOtp = async (email: string): Promise<boolean> => {
    dispatch({ type: 'errorCleared' });
    try {
      const answer = await send.mutateAsync(email);
      dispatch({ type: 'sent' });
      toast.success(answer.message);
      return true;
    } catch (error) {
      dispatch({ type: 'failed', error: sendOtpErrorMessage(purpose, error) });
      return false;
    }
  };

  const verifyCode = async (email: string): Promise<string | null> => {
    if (state.otp.trim() === '') {
      dispatch({ type: 'failed', error: M.enterOtp });
      return null;
    }
    try {
      const answer = await verify.mutateAsync({ email, otp: state.otp });
      dispatch({ type: 'verified', verificationToken: answer.verificationToken });
      return answer.message;
    } catch (error) {
      dispatch({ type: 'failed', error: verifyOtpErrorMessage(error) });
      return null;
    }
  };

  return {
    ...state,
    isSending: send.isPending,
    isVerifying: verify.isPending,
    sendOtp,
    verifyOtp: verifyCode,
    setOtp: (otp: string) => dispatch({ type: 'otpChanged', otp }),
    fail: (error: string) => dispatch({ type: 'failed', error }),
    reset: () => dispatch({ type: 'reset' }),
  };
}

export type EmailOtp = ReturnType<typeof useEmailOtp>;
