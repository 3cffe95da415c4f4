import { useState } from 'react';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { Button, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * Downloads a server-side CSV export (the whole ledger or verification history, not one page):
 * fetched with the session's bearer token, then saved under the name the server gives it.
 */
export function CsvExportButton({ path, label = 'Export CSV' }: { path: string; label?: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const { data } = await dataProvider.getCsv(path);
      const url = URL.createObjectURL(data.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = data.filename;
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the file to the browser; the object URL can go once it has read it.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Could not export', {
        type: 'error',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button label={label} aria-label={label} onClick={() => void download()} disabled={pending}>
      <DownloadRoundedIcon />
    </Button>
  );
}
