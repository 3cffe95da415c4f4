import { Box } from '@mui/material';
import type { CollectionContact } from '@linkcoin/domain/collections/contracts.ts';
import { ProfileAvatar } from '../../profiles';
import { OnlineDot } from './OnlineDot';

/** A contact's picture (a generated avatar when there is none) with the online dot. */
export function ContactAvatar({
  contact,
  online,
  size = 44,
}: {
  contact: CollectionContact;
  online: boolean;
  size?: number;
}) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <ProfileAvatar name={contact.ownerName} src={contact.profilePicUrl} size={size} />
      <OnlineDot online={online} />
    </Box>
  );
}
