import { Box } from '@mui/material';
import type { CollectionContact } from '@linkcoin/domain/collections/contracts.ts';
import { ProfileAvatar } from '../../profiles';
import { OnlineDot } from './OnlineDot';

/** A connection's picture (a generated avatar when there is none) with the online dot. */
export function ConnectionAvatar({
  connection,
  online,
  size = 44,
}: {
  connection: CollectionContact;
  online: boolean;
  size?: number;
}) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <ProfileAvatar name={connection.ownerName} src={connection.profilePicUrl} size={size} />
      <OnlineDot online={online} />
    </Box>
  );
}
