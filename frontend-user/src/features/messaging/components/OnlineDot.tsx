import { Box } from '@mui/material';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** The online dot (docs/product-spec.md section 2): green when the connection has the chat open somewhere. */
export function OnlineDot({ online, size = 12 }: { online: boolean; size?: number }) {
  return (
    <Box
      component="span"
      data-online={online}
      sx={{
        position: 'absolute',
        right: 0,
        bottom: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        border: 2,
        borderColor: 'background.paper',
        bgcolor: online ? 'success.main' : 'grey.400',
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {online ? 'Online' : 'Offline'}
      </Box>
    </Box>
  );
}
