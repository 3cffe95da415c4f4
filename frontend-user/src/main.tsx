import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@linkcoin/frontend-shared/fonts/inter.css';
import { App } from './app/App';
import { router } from './app/router';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html must contain an element with id "root".');
}

/**
 * The first render is a transition: React renders the page in slices, giving the main thread
 * back between them (a phone stays responsive while the app starts), and the shell stays on
 * screen until the page is ready to show.
 */
const mount = (element: HTMLElement) => {
  const root = createRoot(element);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};

// The page's first screen (the shell in index.html, and the server's part of it on some routes)
// stays until the route's code has loaded: the app replaces it with the page, not with a
// loading screen first.
if (router.state.initialized) {
  mount(container);
} else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    mount(container);
  });
}
