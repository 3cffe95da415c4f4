import { Link, Stack, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { safeMailtoHref } from '@linkcoin/frontend-shared/links/safe-link.ts';

const present = (value: string | null): value is string => value !== null && value.trim() !== '';

/** E-mail, mobile and WhatsApp: the API returns them only to the owner and to admins. */
export function ContactDetails({ profile }: { profile: ProfileView }) {
  const { email, mobile, whatsapp } = profile;
  const mailto = safeMailtoHref(email);
  if (!present(email) && !present(mobile) && !present(whatsapp)) return null;
  return (
    <Stack
      component="section"
      aria-label="Contact details"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 3 }}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      {present(email) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <EmailIcon fontSize="small" color="primary" aria-hidden="true" />
          <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
            Email: {mailto ? <Link href={mailto}>{email}</Link> : email}
          </Typography>
        </Stack>
      )}
      {present(mobile) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PhoneIcon fontSize="small" color="primary" aria-hidden="true" />
          <Typography component="span">Mobile: {mobile}</Typography>
        </Stack>
      )}
      {present(whatsapp) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <WhatsAppIcon fontSize="small" sx={{ color: '#25d366' }} aria-hidden="true" />
          <Typography component="span">WhatsApp: {whatsapp}</Typography>
        </Stack>
      )}
    </Stack>
  );
}
