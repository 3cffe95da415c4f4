import { Avatar } from '@mui/material';
import { avatarColourOf, initialsOf } from '../utils/profile-display';

type ProfileAvatarProps = { name: string; src: string; size: number; alt?: string };

/** The profile photo, or a generated avatar (initials on a colour of the name) when absent. */
export function ProfileAvatar({ name, src, size, alt }: ProfileAvatarProps) {
  return (
    <Avatar
      src={src || undefined}
      alt={alt ?? name}
      // Without a photo the generated avatar is still an image of the person, by name.
      {...(src ? {} : { role: 'img', 'aria-label': alt ?? name })}
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
