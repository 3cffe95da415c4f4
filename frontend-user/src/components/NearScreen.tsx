import { Suspense, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

type NearScreenProps = {
  /** The space the content is expected to take, kept while it loads (no jump when it arrives). */
  minHeight: number | Record<string, number>;
  /** What to show once the place comes near the screen: typically a lazy component. */
  children: ReactNode;
};

/** How long a page that nobody touches waits, once loaded, before it loads what lies below. */
const SETTLED_AFTER_MS = 5000;

/** What a person does first: from then on the page is theirs, and lower sections may load. */
const FIRST_INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs `run` once, on the person's first input (a key, a touch, a click, the wheel), or once the
 * page has loaded and then stayed idle a while, whichever comes first.
 */
const whenIdleOrTouched = (run: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const once = () => {
    cancel();
    run();
  };
  const afterLoad = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(once);
      else once();
    }, SETTLED_AFTER_MS);
  };
  const cancel = () => {
    for (const event of FIRST_INPUT) window.removeEventListener(event, once, true);
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
  for (const event of FIRST_INPUT) {
    window.addEventListener(event, once, { capture: true, passive: true });
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return cancel;
};

/**
 * Renders its children once their place comes within 200 px of the viewport, on the person's
 * first input, or once the page has loaded and stayed idle a while, whichever is first (at once
 * where IntersectionObserver is missing). Sections below the fold load their code after the
 * first screen, yet are there before a keyboard tabs past the hero or find-in-page looks, and
 * for a crawler that never scrolls.
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
    const cancel = whenIdleOrTouched(show);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [near]);

  const placeholder = <Box ref={place} sx={{ minHeight }} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
