/**
 * The loading state of a route change (issue 14): while a lazy page's chunk is on its way the
 * page says so, once, in a polite live region, without moving focus; when the page arrives,
 * focus moves to its h1 as before. The chunk is held back by the test to act as a slow network.
 * With LAMSA_SHOTS_DIR set it saves loading-state.png there.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectHeadingFocused, pagesForFile, setPrefs, test } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

let page: Page;

pagesForFile(1, ([p]) => (page = p), { viewport: { width: 390, height: 844 } });

/** Records every non-empty text the route-loading live region takes. */
async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector('.route-loading')!;
    const w = window as unknown as { announced: string[] };
    w.announced = [];
    new MutationObserver(() => {
      const text = region.textContent?.trim();
      if (text) w.announced.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
}

const announced = (page: Page) => page.evaluate(() => (window as unknown as { announced: string[] }).announced);

test.describe('route change loading state', () => {
  test('a slow page is announced once politely, focus stays, then moves to the new h1', async () => {
    await setPrefs(page, { lang: 'ar', clear: true });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let requested = false;
    await page.route(/\/assets\/InstructionsPages-[^/]*\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });

    // The page's timers on a clock the test can move on: time still passes as usual, and
    // `runFor` lets a second go by at once.
    await page.clock.install();
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    const region = page.locator('.route-loading');
    await expect(region).toHaveAttribute('role', 'status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveText('');
    await recordAnnouncements(page);

    const link = page.locator('footer a[href="/instructions"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(region).toHaveText('جارٍ تحميل الصفحة…', { timeout: 5000 });
    expect(requested).toBe(true);
    await expect(region).toBeVisible();
    // The old page stays and focus stays on the link that was followed.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/instructions');
    // Still one announcement a second later: it is not repeated while the wait goes on.
    await page.clock.runFor(1000);
    expect(await announced(page)).toEqual(['جارٍ تحميل الصفحة…']);
    if (process.env.LAMSA_SHOTS_DIR) await page.screenshot({ path: join(process.env.LAMSA_SHOTS_DIR, 'loading-state.png') });

    release();
    await expectHeadingFocused(page, 'تعليمات برايل');
    expect(new URL(page.url()).pathname).toBe('/instructions');
    await expect(region).toHaveText('');
    await expect(region).toBeHidden();
    expect(await announced(page)).toEqual(['جارٍ تحميل الصفحة…']);
  });

  test('a quick route change (code already loaded) says nothing', async () => {
    await recordAnnouncements(page);
    await page.locator('header a[href="/"]').first().click();
    await expectHeadingFocused(page);
    await page.locator('footer a[href="/instructions"]').click();
    await expectHeadingFocused(page, 'تعليمات برايل');
    expect(await announced(page)).toEqual([]);
  });
});
