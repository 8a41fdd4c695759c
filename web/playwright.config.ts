import { defineConfig } from '@playwright/test';
import { COMBO, COMBOS, type Lang, type Theme } from './e2e/combos';

/**
 * Browser tests (Playwright Test) against the server scripts/e2e.sh starts. One worker: the
 * files share that server and its supervisor queues, so they run one after another. Tests tagged
 * @combo run once in each of the four language × theme projects, everything else once in
 * `default`.
 */
export default defineConfig<object, { lang: Lang; theme: Theme }>({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  // Ignored by git; a failed test's trace stays here (`npx playwright show-trace <trace.zip>`).
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  // The machine is shared and slow at times: an answer may take a few seconds to arrive.
  expect: { timeout: 15_000 },
  // `list` ends with "N passed", "N failed", "N skipped" lines (scripts/test.sh counts them).
  reporter: [['list']],
  use: {
    baseURL: process.env.LAMSA_BASE_URL ?? 'http://127.0.0.1:8080',
    headless: true,
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
    // A failed test keeps its trace (DOM snapshots, network, console); no screencast, which costs
    // CPU on every test of a 2-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Debian's chromium (never a downloaded one); STACK-NOTES has the flags.
    launchOptions: {
      executablePath: process.env.LAMSA_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'default', grepInvert: new RegExp(COMBO) },
    ...COMBOS.map(([lang, theme]) => ({ name: `${lang}-${theme}`, grep: new RegExp(COMBO), use: { lang, theme } })),
  ],
});
