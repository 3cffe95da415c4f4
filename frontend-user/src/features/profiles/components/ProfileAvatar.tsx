import { Avatar } from '@mui/material';
import { safeImageSrc } from '@linkcoin/frontend-shared/links/safe-link.ts';
import { avatarColourOf, initialsOf } from '../utils/profile-display';

type ProfileAvatarProps = { name: string; src: string; size: number; alt?: string };

/**
 * The profile photo, or a generated avatar (initials on a colour of the name) when absent or when
 * the address is not one the safe-link helper lets load (our uploads, https).
 */
export function ProfileAvatar({ name, src, size, alt }: ProfileAvatarProps) {
  const photo = safeImageSrc(src);
  return (
    <Avatar
      src={photo}
      alt={alt ?? name}
      // Without a photo the generated avatar is still an image of the person, by name; a
      // decorative one (alt="", the name beside it) is hidden from assistive technology.
      {...(photo
        ? {}
        : alt === ''
          ? { 'aria-hidden': true }
          : { role: 'img', 'aria-label': alt ?? name })}
      sx={{
        width: size,
        height: size,
        fontSize: size / 2.6,
        fontWeight: 700,
        bgcolor: avatarColourOf(name),
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
