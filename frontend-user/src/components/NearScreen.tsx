import { Suspense, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

type NearScreenProps = {
  /** The space the content is expected to take, kept while it loads (no jump when it arrives). */
  minHeight: number | Record<string, number>;
  /** What to show once the place comes near the screen: typically a lazy component. */
  children: ReactNode;
};

/** How long after the page has loaded the browser may wait for an idle moment. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `run` once the page has loaded and the browser is idle (soon after, at the latest). */
const whenSettled = (run: () => void): (() => void) => {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else {
      timer = setTimeout(run, 1);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
};

/**
 * Renders its children once their place comes within 200 px of the viewport, or once the page
 * has loaded and the browser is idle, whichever is first (at once where IntersectionObserver is
 * missing). Sections below the fold load their code after the first screen, yet are there for
 * a keyboard, find-in-page or a crawler without anyone scrolling.
 */
export function NearScreen({ minHeight, children }: NearScreenProps) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    // A transition: the section renders in slices React can interrupt.
    const show = () => startTransition(() => setNear(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    const cancel = whenSettled(show);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [near]);

  const placeholder = <Box ref={place} sx={{ minHeight }} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
