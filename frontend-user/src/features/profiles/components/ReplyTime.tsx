import { Typography } from '@mui/material';
import { replyTimeText } from '@linkcoin/domain/messaging/reply-times.ts';

type ReplyTimeProps = {
  /** The creator's usual first reply in hours; nothing is shown for null. */
  hours: number | null;
  align?: 'center' | 'left';
};

/**
 * "Usually replies within N hours" (issue 24): on the directory's cards, the profile and the
 * chat's header, once the creator has answered enough brands for it to mean something.
 */
export function ReplyTime({ hours, align = 'left' }: ReplyTimeProps) {
  if (hours === null) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      component="p"
      sx={{ m: 0, textAlign: align }}
      data-testid="reply-time"
    >
      {replyTimeText(hours)}
    </Typography>
  );
}
