import { useState } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import type { RegistrationRole } from '@linkcoin/domain/accounts/roles.ts';
import { useToast } from '../../../components/toast/useToast';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthCard } from '../components/AuthCard';
import { RegistrationForm } from '../components/RegistrationForm';
import { RoleToggle } from '../components/RoleToggle';
import { useEmailOtp } from '../hooks/useEmailOtp';
import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';

const HEADINGS: Record<RegistrationRole, string> = {
  user: 'Brand Registration',
  influencer: 'Creator Registration',
};

const SUBTITLES: Record<RegistrationRole, string> = {
  user: 'Find verified creators and chat with them using LinkCoins.',
  influencer: 'Create your creator profile and get discovered by brands.',
};

/** Registration, starting with `defaultRole` (docs/product-spec.md section 2, "Registration screens"). */
function RegistrationPage({ defaultRole }: { defaultRole: RegistrationRole }) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [role, setRole] = useState(defaultRole);
  const otp = useEmailOtp('registration');
  // Only a visitor who arrives signed in is sent to /login; registering here navigates itself.
  const [arrivedSignedIn] = useState(isAuthenticated);

  if (arrivedSignedIn) return <Navigate to="/login" replace />;

  const changeRole = (next: RegistrationRole) => {
    setRole(next);
    // Switching the role resets OTP sent, OTP verified and the entered OTP (docs/product-spec.md section 4).
    otp.reset();
  };

  const onRegistered = (user: SessionUser) => {
    toast.success('Registration successful');
    // Signed in either way: a creator fills in the profile, a brand finds creators.
    navigate(user.role === 'influencer' ? '/UpdateProfile' : '/influencers');
  };

  const onGoogleSignIn = (user: SessionUser) =>
    navigate(user.role === 'influencer' ? '/UpdateProfile' : '/');

  return (
    <AuthCard
      title={HEADINGS[role]}
      subtitle={SUBTITLES[role]}
      header={<RoleToggle role={role} onChange={changeRole} />}
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            Sign in
          </Link>
        </>
      }
    >
      <RegistrationForm
        role={role}
        otp={otp}
        onRegistered={onRegistered}
        onGoogleSignIn={onGoogleSignIn}
      />
    </AuthCard>
  );
}

/** /Register: registration that starts with the Creator role. */
export function CreatorRegisterPage() {
  return <RegistrationPage defaultRole="influencer" />;
}

/** /RegisterUser: registration that starts with the Brand role. */
export function BrandRegisterPage() {
  return <RegistrationPage defaultRole="user" />;
}
