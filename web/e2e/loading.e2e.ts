/**
 * The loading state of a route change (issue 14): while a lazy page's chunk is on its way the
 * page says so, once, in a polite live region, without moving focus; when the page arrives,
 * focus moves to its h1 as before. The chunk is held back by the test to act as a slow network.
 * With LAMSA_SHOTS_DIR set it saves loading-state.png there.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeadingFocused, launch, newPage, setPrefs, type Browser } from './support';

let b: Browser;
let page: Page;

beforeAll(async () => {
  b = await launch({ viewport: { width: 390, height: 844 } });
  page = await newPage(b);
});
afterAll(async () => b?.close());

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

describe('route change loading state', () => {
  it('a slow page is announced once politely, focus stays, then moves to the new h1', async () => {
    await setPrefs(page, { lang: 'ar', clear: true });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let requested = false;
    await page.route(/\/assets\/InstructionsPages-[^/]*\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });

    await page.goto('/');
    await page.locator('h1').waitFor();
    const region = page.locator('.route-loading');
    expect(await region.getAttribute('role')).toBe('status');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    expect((await region.textContent())?.trim()).toBe('');
    await recordAnnouncements(page);

    const link = page.locator('footer a[href="/instructions"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => region.textContent(), { timeout: 5000 }).toBe('جارٍ تحميل الصفحة…');
    expect(requested).toBe(true);
    expect(await region.isVisible()).toBe(true);
    // The old page stays and focus stays on the link that was followed.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/instructions');
    // Still one announcement a second later: it is not repeated while the wait goes on.
    await page.waitForTimeout(1000);
    expect(await announced(page)).toEqual(['جارٍ تحميل الصفحة…']);
    if (process.env.LAMSA_SHOTS_DIR) await page.screenshot({ path: join(process.env.LAMSA_SHOTS_DIR, 'loading-state.png') });

    release();
    await expectHeadingFocused(page, 'تعليمات برايل');
    expect(new URL(page.url()).pathname).toBe('/instructions');
    expect((await region.textContent())?.trim()).toBe('');
    expect(await region.isVisible()).toBe(false);
    expect(await announced(page)).toEqual(['جارٍ تحميل الصفحة…']);
  });

  it('a quick route change (code already loaded) says nothing', async () => {
    await recordAnnouncements(page);
    await page.locator('header a[href="/"]').first().click();
    await expectHeadingFocused(page);
    await page.locator('footer a[href="/instructions"]').click();
    await expectHeadingFocused(page, 'تعليمات برايل');
    expect(await announced(page)).toEqual([]);
  });
});
