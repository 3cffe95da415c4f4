import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineSmallCss, precompressed, preloadFont } from '../tooling/vite-performance.ts';

// The dev server forwards the API to the back end, as the embedded server does in production.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Pinned so `vite build` writes frontend-admin/dist whichever directory it is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    preloadFont('inter-latin-wght-normal.woff2'),
    inlineSmallCss(),
    precompressed(),
  ],
  // The console is served under /admin/ by the embedded server.
  base: '/admin/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks stay cached across deploys.
        // A module goes to the matching group of highest priority. Only what the entry loads
        // (`$initial`): a library only a lazy page uses (the figures page's charts) stays in
        // that page's chunks, loaded when it opens.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 40,
              tags: ['$initial'],
            },
            { name: 'mui', test: /node_modules[\\/]@mui[\\/]/, priority: 30, tags: ['$initial'] },
            {
              name: 'react-admin',
              test: /node_modules[\\/](react-admin|ra-[a-z-]+)[\\/]/,
              priority: 20,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api': { target: apiUrl, changeOrigin: true },
    },
  },
  preview: {
    port: 4174,
  },
});
