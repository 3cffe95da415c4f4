import { useState, type ReactElement } from 'react';
import { Button, Confirm, useNotify, useRefresh } from 'react-admin';

type DeskActionProps = {
  label: string;
  icon: ReactElement;
  /** The confirmation dialog's question and what it explains. */
  title: string;
  content: string;
  confirm: string;
  /** What the action does on the server. */
  run: () => Promise<unknown>;
  /** Said once it is done. */
  done: string;
};

/**
 * One of the desk's decisions on a claimed account, always after a confirmation: they move a
 * verification between creators (or close a request), which the creators see at once.
 */
export function DeskAction({ label, icon, title, content, confirm, run, done }: DeskActionProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const decide = async () => {
    setPending(true);
    try {
      await run();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Could not do that', {
        type: 'error',
      });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button label={label} aria-label={label} onClick={() => setOpen(true)} disabled={pending}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={title}
        content={content}
        confirm={confirm}
        cancel="Cancel"
        onConfirm={() => void decide()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
