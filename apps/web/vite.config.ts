import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server that `npm run dev` starts next to the Vite dev server. */
const apiServer = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/ws': { target: apiServer, ws: true, changeOrigin: false },
      '/files': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
  },
});
