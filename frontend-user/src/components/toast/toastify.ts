/*
 * react-toastify, loaded with the first toast: most visits show none, so the first screen does
 * not wait for it. ToastHost mounts the container once a toast has been asked for.
 */
import type * as ReactToastify from 'react-toastify';

type Toastify = typeof ReactToastify;

let toastify: Promise<Toastify> | null = null;
const listeners = new Set<() => void>();

/** The library, loading it the first time. */
export const loadToastify = (): Promise<Toastify> => {
  if (!toastify) {
    toastify = import('react-toastify');
    listeners.forEach((listener) => listener());
  }
  return toastify;
};

/** Whether a toast has been asked for yet (the container is needed from then on). */
export const toastsAskedFor = (): boolean => toastify !== null;

export const onToastsAskedFor = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
