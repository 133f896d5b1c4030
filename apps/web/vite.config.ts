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
    rolldownOptions: {
      output: {
        // The framework and antd's foundations (theme, CSS-in-JS, shared utilities) in two chunks of their own: every
        // page needs them, and left to automatic splitting they were cut into more pieces each time a lazy module
        // was added, which cost the first load ~3 KB of gzip overhead (login + shell are held under 350 KB).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/,
              priority: 20,
            },
            {
              name: 'antd-core',
              test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion|resize-observer|portal|trigger)|antd[\\/]es[\\/](_util|config-provider|theme|style|locale))[\\/]/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
});
