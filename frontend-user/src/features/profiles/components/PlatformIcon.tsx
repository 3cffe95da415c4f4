import type { SvgIconProps } from '@mui/material';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PinterestIcon from '@mui/icons-material/Pinterest';
import PublicIcon from '@mui/icons-material/Public';
import RedditIcon from '@mui/icons-material/Reddit';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';

const ICONS: Readonly<Record<string, typeof PublicIcon>> = {
  instagram: InstagramIcon,
  youtube: YouTubeIcon,
  facebook: FacebookIcon,
  twitter: XIcon,
  whatsapp: WhatsAppIcon,
  tiktok: MusicNoteIcon,
  linkedin: LinkedInIcon,
  pinterest: PinterestIcon,
  telegram: TelegramIcon,
  reddit: RedditIcon,
};

const COLOURS: Readonly<Record<string, string>> = {
  instagram: '#c13584',
  youtube: '#ff0000',
  facebook: '#1877f2',
  twitter: '#0f172a',
  whatsapp: '#25d366',
  linkedin: '#0a66c2',
  pinterest: '#e60023',
  telegram: '#229ed9',
  reddit: '#ff4500',
};

type PlatformIconProps = {
  platform: string;
  /** Hidden from assistive technology when the platform's name is written next to it. */
  decorative?: boolean;
} & Omit<SvgIconProps, 'titleAccess'>;

/** A platform's icon, named for assistive technology by the platform's label. */
export function PlatformIcon({ platform, decorative = false, sx, ...props }: PlatformIconProps) {
  const Icon = ICONS[platform] ?? PublicIcon;
  return (
    <Icon
      {...(decorative ? { 'aria-hidden': true } : { titleAccess: labelOf(platform) })}
      sx={[{ color: COLOURS[platform] ?? 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}
