import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@linkcoin/frontend-shared/fonts/inter.css';
import { App } from './App';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html must contain an element with id "root".');
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
