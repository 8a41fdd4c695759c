/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// Browser tests (playwright-core + Debian chromium) against a running server: see scripts/e2e.sh.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
