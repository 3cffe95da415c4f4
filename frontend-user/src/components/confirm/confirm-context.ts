import { createContext, useContext } from 'react';

export type ConfirmRequest = Readonly<{
  title: string;
  /** What happens, in a sentence (the spec's question where it has one). */
  message: string;
  /** Details shown under the message: the creator, the cost, the balance. */
  details?: readonly string[];
  confirmText?: string;
  cancelText?: string;
  /** A removal is shown as such (its button in the error colour). */
  destructive?: boolean;
}>;

/** Asks; answers true on confirm, false on cancel, Escape, or when another question is open. */
export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm>(async () => false);

/** The app's one confirmation dialog (a real modal that cannot stack). */
export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}
