import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards API, uploads and the chat WebSocket to the back end, so the browser
// sees one origin in development exactly as it does behind the embedded server.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Pinned so `vite build` writes frontend-user/dist whichever directory it is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
