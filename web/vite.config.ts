/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';

const api = 'http://127.0.0.1:8080';

// No aliases for react/react-dom: Vitest, the dev server, the browser tests and production all
// run React 19, so the unit tests check the runtime users get (issue 22).
export default defineConfig({
  // The prerender (build/prerender.ts) writes its pages before precompress runs over the output.
  plugins: [react(), prerender(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false, ws: true },
      '/media': { target: api, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', sourcemap: false, manifest: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
