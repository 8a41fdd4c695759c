/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';
import { precompress } from './build/precompress';

const api = 'http://127.0.0.1:8080';

/**
 * The app ships on Preact's compat layer instead of react-dom: about 11 KB gzipped instead of
 * about 58 KB, which is what keeps the JavaScript `/` loads before first paint under 90 KB
 * (scripts/web-budget.sh; measurements in web/README.md). The Vitest suite renders with React
 * (Testing Library's `fireEvent.change` does not reach Preact's input-event `onChange`) and so
 * does the dev server (React Refresh); the browser tests (web/e2e) run the shipped Preact build.
 * `LAMSA_WEB_REACT=1` builds with React, to compare.
 */
const preact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  // react-i18next's shim for React 17; Preact's compat layer has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' && !process.env.LAMSA_WEB_REACT ? preact : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false, ws: true },
      '/media': { target: api, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
