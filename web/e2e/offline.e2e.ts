/**
 * Offline practice (issue 26) against the real server: a learner starts today's session online,
 * the network is cut, the session is finished by keyboard, the page is closed and opened again
 * offline (from the service worker's copy of the app), then the network comes back: every answer
 * arrives once. The app is installable (Chrome's own installability check) and the offline
 * status passes axe in ar/en × light/dark.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { apiAs, axeViolations, BASE, chord, createAccount, expect, expectFocus, expectStatus, launch, newPage, press, setPrefs, storeSession, test, type Browser, type LoginResult } from './support';

// The second test opens the app the first one installed: after a failure the rest does not run.
test.describe.configure({ mode: 'serial' });

let b: Browser;
let learner: LoginResult;

test.beforeAll(async ({ browser }) => {
  b = await launch(browser);
  learner = await createAccount('student', 'Offline Learner');
});
test.afterAll(async () => b?.close());

const OFFLINE = 'You are offline. Your answers are kept on this device and will be sent when you are back online.';
const READ: Record<string, string> = { '⠁': 'a', '⠃': 'b', '⠉': 'c' };
const WRITE: Record<string, string[]> = { a: ['KeyF'], b: ['KeyF', 'KeyD'], c: ['KeyF', 'KeyJ'] };

/** Answers the card in hand right, by keyboard; returns what its result says. */
async function answer(p: Page): Promise<string> {
  await expectFocus(p, 'practice-answer');
  const card = await p.locator('.practice-card').innerText();
  const writing = /Write (\w)/.exec(card);
  if (writing) await chord(p, ...WRITE[writing[1]]);
  else await p.keyboard.type(READ[Object.keys(READ).find((c) => card.includes(c)) ?? ''] ?? '?');
  await p.keyboard.press('Enter');
  await expectFocus(p, 'practice-result');
  return p.locator('#practice-result').innerText();
}

async function expectNoAxe(p: Page, label: string) {
  expect(await axeViolations(p), label).toEqual([]);
}

/** The answers waiting in this browser's IndexedDB (features/practice/api/offline.ts). */
const keptCount = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('lamsa-practice');
        req.onsuccess = () => {
          const count = req.result.transaction('answers').objectStore('answers').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        req.onerror = () => reject(req.error);
      }),
  );

test.describe('offline practice', () => {
  test('a session finished offline by keyboard, closed and reopened offline, then online: every answer arrives once', async () => {
    let page = await newPage(b);
    await setPrefs(page, { lang: 'en', theme: 'light', clear: true });
    await storeSession(page, learner);
    await page.goto('/student/practice');
    await expect(page.getByText('5 cards are waiting')).toBeVisible();
    // The service worker is installed and controls the page (the app shell is on the device).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    await press(page.locator('#practice-start'));
    expect(await answer(page)).toContain('Right.');
    await press(page.locator('#practice-next'));

    // The network goes: the learner is told, politely, and goes on.
    await b.context.setOffline(true);
    await expectStatus(page, OFFLINE);
    for (let n = 2; n <= 5; n++) {
      await expect(page.locator('.practice-card h2')).toHaveText(`Card ${n} of 5`);
      expect(await answer(page)).toContain('Your answer is kept on this device.');
      if (n === 2) await expectNoAxe(page, 'kept answer');
      await press(page.locator('#practice-next'));
    }
    await expectFocus(page, 'practice-summary');
    await expect(page.locator('.practice-offline-waiting')).toHaveText('4 answers are waiting to be sent.');
    expect(await keptCount(page)).toBe(4);

    // Closed offline and opened again offline: the app comes from the device, the answers are still there.
    await page.close();
    page = await newPage(b);
    await page.goto('/student/practice');
    await page.waitForSelector('h1:has-text("Practice")');
    await expectStatus(page, OFFLINE);
    await expect(page.locator('.practice-offline-waiting')).toHaveText('4 answers are waiting to be sent.');
    // Today's session, as kept, has nothing left to ask.
    await expect(page.getByText('Nothing is due')).toBeVisible();

    // The new view in both languages and both themes.
    for (const [lang, theme] of [
      ['en', 'dark'],
      ['ar', 'light'],
      ['ar', 'dark'],
    ] as const) {
      await page.evaluate(([l, t]) => {
        localStorage.setItem('app-lang', l);
        localStorage.setItem('app-theme', t);
      }, [lang, theme]);
      await page.reload();
      await page.waitForSelector('.practice-offline-waiting');
      await expectNoAxe(page, `offline ${lang} ${theme}`);
    }
    await expectStatus(page, 'أنت غير متصل بالإنترنت.');
    await page.evaluate(() => localStorage.setItem('app-lang', 'en'));
    await page.reload();
    await page.waitForSelector('.practice-offline-waiting');

    // The network comes back (the access token has long expired: the app renews it first).
    await b.context.setOffline(false);
    await expectStatus(page, 'You are back online: 4 answers kept on this device were sent.');
    await expectNoAxe(page, 'synced');
    await expect.poll(() => keptCount(page)).toBe(0);
    const stats = await apiAs<{ symbols: Array<{ symbol: { print: string }; reviews: number }>; today: { reviewed: number } }>(learner, 'GET', 'practice/stats?code=en');
    expect(stats.today.reviewed).toBe(5);
    const reviews = Object.fromEntries(stats.symbols.filter((s) => s.reviews).map((s) => [s.symbol.print, s.reviews]));
    expect(reviews).toEqual({ a: 2, b: 2, c: 1 });
    await page.close();
  });

  test('is installable: Chrome finds no installability error and the manifest has what a home screen needs', async () => {
    // Chrome never offers to install from an incognito profile, which is what a test's
    // browser context is: this check runs in a profile on disk, as a learner's browser has.
    const dir = mkdtempSync(join(tmpdir(), 'lamsa-install-'));
    const profile = await chromium.launchPersistentContext(dir, { ...test.info().project.use.launchOptions, baseURL: BASE });
    const page = await profile.newPage();
    await page.goto('/login');
    await storeSession(page, learner);
    await page.goto('/student/practice');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await fetch(`${BASE}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ sizes: string; purpose: string }>;
      translations: { en: { name: string } };
    };
    expect(manifest).toMatchObject({ short_name: 'لمسة', lang: 'ar', start_url: '/student/practice', display: 'standalone' });
    expect(manifest.translations.en.name).toBe('Lamsa: learn Braille');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const themes = await page.locator('meta[name="theme-color"]').evaluateAll((m) => m.map((e) => e.getAttribute('media')));
    expect(themes).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
    // The service worker's script is never kept stale by an HTTP cache.
    const sw = await fetch(`${BASE}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    await profile.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a new version found during a visit waits, then takes over on the next visit and says so', async ({ browser }) => {
    // A new build is a new sw.js in the served directory (scripts/e2e.sh's LAMSA_WEB_DIR).
    const sw = join(process.env.LAMSA_WEB_DIR ?? '', 'sw.js');
    const original = readFileSync(sw, 'utf8');
    const profile = await launch(browser);
    const page = await newPage(profile);
    const waiting = () => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
    try {
      await page.goto('/login');
      await storeSession(page, learner);
      await page.goto('/student');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      writeFileSync(sw, `${original}\n// a new version ${Date.now()}\n`);
      // Found during this visit: it waits, and the page the learner is on stays as it is while
      // they go on working in it (no reload under them).
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect.poll(waiting, { timeout: 20_000 }).toBe(true);
      await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Profile', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await waiting()).toBe(true);
      await expect(page.getByText('Lamsa was updated to its latest version.')).toHaveCount(0);
      // The next visit: the new version takes over, the page reloads onto it and says so.
      await page.goto('/student');
      await expect(page.getByText('Lamsa was updated to its latest version.')).toBeVisible({ timeout: 20_000 });
      await expect.poll(waiting).toBe(false);
    } finally {
      writeFileSync(sw, original);
      await profile.close();
    }
  });
});
