import type { MouseEvent } from 'react';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import { Button } from '@mui/material';
import { useNotify, useRecordContext } from 'react-admin';
import { directMessage } from './dm-message';
import { COPIED } from './labels';
import type { OtpRecord } from './types';

/**
 * Puts the direct message for the record (handle and code) on the clipboard, ready to paste into
 * Instagram. `label` is "Copy" in the table and "Copy DM Message" in the side panel.
 */
export function CopyDmButton({ label }: { label: string }) {
  const record = useRecordContext<OtpRecord>();
  const notify = useNotify();
  if (!record) return null;

  const copy = async (event: MouseEvent) => {
    // In the table, the row click opens the side panel: copying is a different action.
    event.stopPropagation();
    try {
      await navigator.clipboard.writeText(directMessage(record));
      notify(COPIED, { type: 'success' });
    } catch (error) {
      console.warn('Clipboard write failed', error);
      notify('Could not copy to the clipboard', { type: 'error' });
    }
  };

  return (
    // MUI's button keeps its words on a phone, where react-admin's shows a bare icon.
    <Button
      size="small"
      startIcon={<ContentCopyRoundedIcon />}
      onClick={(event) => void copy(event)}
    >
      {label}
    </Button>
  );
}
