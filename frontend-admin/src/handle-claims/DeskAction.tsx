import { useState, type ReactElement } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Confirm, useNotify, useRefresh } from 'react-admin';
import { useNotifyFailure } from '../notify-failure';

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
  const notifyFailure = useNotifyFailure();
  const { mutate: decide, isPending } = useMutation({
    mutationFn: run,
    onSuccess: () => {
      notify(done, { type: 'success' });
      refresh();
    },
    onError: notifyFailure('Could not do that'),
    onSettled: () => setOpen(false),
  });

  return (
    <>
      <Button label={label} aria-label={label} onClick={() => setOpen(true)} disabled={isPending}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={title}
        content={content}
        confirm={confirm}
        cancel="Cancel"
        onConfirm={() => decide()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
