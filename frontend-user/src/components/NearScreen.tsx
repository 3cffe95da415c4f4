import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

type NearScreenProps = {
  /** The space the content is expected to take, kept while it loads (no jump when it arrives). */
  minHeight: number | Record<string, number>;
  /** What to show once the place comes near the screen: typically a lazy component. */
  children: ReactNode;
};

/**
 * Renders its children once their place comes within 200 px of the viewport (or at once where
 * IntersectionObserver is missing). Sections below the fold load their code then, so the first
 * screen of a page waits only for its own.
 */
export function NearScreen({ minHeight, children }: NearScreenProps) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <Box ref={place} sx={{ minHeight }} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
