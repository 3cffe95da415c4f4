import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  firstLoadBudget,
  inlineSmallCss,
  precompressed,
  preloadFont,
} from '../tooling/vite-performance.ts';

// The dev server forwards API, uploads and the chat WebSocket to the back end, so the browser
// sees one origin in development exactly as it does behind the embedded server.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Pinned so `vite build` writes frontend-user/dist whichever directory it is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    preloadFont('inter-latin-wght-normal.woff2'),
    inlineSmallCss(),
    // Issue 20's budgets: what a phone fetches before the landing page and the directory show.
    firstLoadBudget([
      { page: 'landing (/)', routes: ['src/features/marketing/routes/HomePage.tsx'], gzipKB: 170 },
      {
        page: '/influencers',
        routes: ['src/features/directory/routes/InfluencersPage.tsx'],
        gzipKB: 220,
      },
    ]),
    precompressed(),
  ],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one file: over HTTP/1.1 a phone fetches
          // a few files, not dozens, before the first screen (one compression window, too).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiUrl, changeOrigin: true },
      '/uploads': { target: apiUrl, changeOrigin: true },
      '/ws': { target: apiUrl, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
  },
});
