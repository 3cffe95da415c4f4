import { Box } from '@mui/material';
import DoneAllRoundedIcon from '@mui/icons-material/DoneAllRounded';
import DoneRoundedIcon from '@mui/icons-material/DoneRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import type { Tick } from '../utils/chat-rules';

/** The blue of read ticks. */
export const READ_TICK_COLOUR = '#1d9bf0';

const LABEL: Record<Tick, string> = {
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

/** docs/product-spec.md section 4: one tick unread, two delivered or read, blue when read (own messages). */
export function MessageTicks({ tick }: { tick: Tick }) {
  const Icon =
    tick === 'sending'
      ? ScheduleRoundedIcon
      : tick === 'sent'
        ? DoneRoundedIcon
        : DoneAllRoundedIcon;
  return (
    <Box
      component="span"
      role="img"
      aria-label={LABEL[tick]}
      data-tick={tick}
      sx={{
        display: 'inline-flex',
        color: tick === 'read' ? READ_TICK_COLOUR : 'inherit',
        opacity: tick === 'read' ? 1 : 0.8,
      }}
    >
      <Icon sx={{ fontSize: 16 }} aria-hidden="true" />
    </Box>
  );
}
