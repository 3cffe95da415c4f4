import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { Button as MuiButton } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../notify-failure';

/**
 * Downloads a server-side CSV export (the whole ledger or verification history, not one page):
 * fetched with the session's bearer token, then saved under the name the server gives it.
 * In a toolbar it is react-admin's button (an icon alone on a phone); `labelled` keeps its
 * words on every screen, for a page where it stands on its own.
 */
export function CsvExportButton({
  path,
  label = 'Export CSV',
  labelled = false,
}: {
  path: string;
  label?: string;
  labelled?: boolean;
}) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyFailure = useNotifyFailure();
  const { mutate: download, isPending } = useMutation({
    mutationFn: () => dataProvider.getCsv(path),
    onSuccess: ({ data }) => {
      const url = URL.createObjectURL(data.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = data.filename;
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the file to the browser; the object URL can go once it has read it.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: notifyFailure('Could not export'),
  });

  if (labelled) {
    return (
      <MuiButton
        size="small"
        startIcon={<DownloadRoundedIcon />}
        onClick={() => download()}
        disabled={isPending}
      >
        {label}
      </MuiButton>
    );
  }
  return (
    <Button label={label} aria-label={label} onClick={() => download()} disabled={isPending}>
      <DownloadRoundedIcon />
    </Button>
  );
}
