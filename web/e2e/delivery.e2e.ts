/**
 * What a browser receives (issue 14): the app's code brotli-compressed and cached for a year,
 * index.html revalidated, robots.txt, and a meta description in the reader's language.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, setPrefs, type Browser } from './support';

let b: Browser;
let page: Page;

beforeAll(async () => {
  b = await launch();
  page = await newPage(b);
});
afterAll(async () => b?.close());

const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

describe('delivery', () => {
  it('the code comes brotli-compressed and immutable, index.html is revalidated', async () => {
    await setPrefs(page, { clear: true });
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto('/');
    await page.locator('h1').waitFor();
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

  it('robots.txt keeps crawlers out of the signed-in areas and the API', async () => {
    const res = await page.request.get('/robots.txt');
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /student');
  });

  it('the meta description is in the reader’s language and follows a switch', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    await page.goto('/');
    await page.locator('h1').waitFor();
    expect(await description(page)).toMatch(/^Lamsa: a free platform to learn/);
    await page.locator('footer button[lang="ar"]').click();
    await expect.poll(() => description(page)).toMatch(/^لمسة: منصة مجانية/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
  });
});
