/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';

const api = 'http://127.0.0.1:8080';

// No aliases for react/react-dom: Vitest, the dev server, the browser tests and production all
// run React 19, so the unit tests check the runtime users get (issue 22).
export default defineConfig({
  // The prerender (build/prerender.ts) writes its pages before precompress runs over the output.
  plugins: [react(), prerender(), precompress(), installableApp()],
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

/**
 * The installable app (issue 26): the web app manifest and a Workbox service worker that keeps
 * the app shell (index.html and the built scripts, styles and icons) on the device, so that the
 * signed-in area, and above all today's practice, opens without a network. Navigations under
 * /student are answered from the shell; every other page (the prerendered public pages) and
 * every /api call goes to the network as before. The app registers it (src/lib/pwa.ts), and a
 * new version takes over on the next visit, not under an open page.
 */
function installableApp() {
  return VitePWA({
    injectRegister: false,
    registerType: 'prompt',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: true,
    manifest: {
      id: '/student/practice',
      name: 'لمسة: تعلّم برايل',
      short_name: 'لمسة',
      description: 'تدرّب على قراءة برايل وكتابتها كل يوم، ولو دون اتصال بالإنترنت.',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/student/practice',
      scope: '/',
      display: 'standalone',
      // The palette's brand blue (lib/palette.ts); the page's own colours follow the theme.
      theme_color: '#0b4f6c',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      // Chrome reads these for an English interface (Web App Manifest translations).
      translations: { en: { name: 'Lamsa: learn Braille', short_name: 'Lamsa', description: 'Practise reading and writing Braille every day, even offline.' } },
    } as Record<string, unknown>,
    workbox: {
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png}', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['prerendered/**', '**/*.gz', '**/*.br'],
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/student(\/|$)/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      maximumFileSizeToCacheInBytes: 3_000_000,
    },
  });
}
