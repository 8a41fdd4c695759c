/**
 * What a browser receives (issue 14): the app's code brotli-compressed and cached for a year,
 * index.html revalidated, robots.txt, and a meta description in the reader's language.
 */
import type { Page, Response } from '@playwright/test';
import { expect, pagesForFile, setPrefs, test } from './support';

let page: Page;

pagesForFile(1, ([p]) => (page = p));

const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

test.describe('delivery', () => {
  test('the code comes brotli-compressed and immutable, index.html is revalidated', async () => {
    await setPrefs(page, { clear: true });
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    const index = responses.find((r) => new URL(r.url()).pathname === '/')!;
    expect((await index.allHeaders())['cache-control']).toBe('no-cache');
    expect((await index.allHeaders())['etag']).toBeTruthy();
    const scripts = responses.filter((r) => /\/assets\/.*\.js$/.test(r.url()));
    expect(scripts.length).toBeGreaterThan(0);
    for (const r of scripts) {
      const h = await r.allHeaders();
      expect(h['content-encoding'], r.url()).toBe('br');
      expect(h['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
      // Once: whoever chose the encoding (the stored copy, or Compress for a tiny chunk) names it.
      expect((h['vary'] ?? '').toLowerCase(), r.url()).toBe('accept-encoding');
    }
  });

  test('robots.txt keeps crawlers out of the signed-in areas and the API', async () => {
    const res = await page.request.get('/robots.txt');
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /student');
  });

  test('the meta description is in the reader’s language and follows a switch', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    expect(await description(page)).toMatch(/^Lamsa: a free platform to learn/);
    await page.locator('footer button[lang="ar"]').click();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^لمسة: منصة مجانية/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
  });
});
