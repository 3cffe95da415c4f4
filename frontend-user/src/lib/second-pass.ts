import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first render, true right after it, in a transition: what a page shows
 * below its first screen renders and commits in a pass of its own, so the first screen shows
 * sooner and a phone's main thread is never held for the whole page at once.
 */
export function useSecondPass(): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    startTransition(() => setSecond(true));
  }, []);
  return second;
}
