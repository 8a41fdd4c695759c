import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeadingFocused, focused, launch, newPage, setPrefs, type Browser } from './support';

let b: Browser;
let page: Page;

beforeAll(async () => {
  b = await launch();
  page = await newPage(b);
});
afterAll(async () => b?.close());

// A check right after a key press or click reads the page at once: React renders an update
// made in a discrete event (and runs its effects) before the event returns. Checks after a
// navigation wait (expect.poll), since the router renders after the URL changes.
describe('public pages', () => {
  it('built index.html starts in Arabic, right to left', async () => {
    // A visitor with no remembered language and no Arabic or English preference: Arabic.
    const res = await fetch(`${process.env.LAMSA_BASE_URL}/`);
    expect(await res.text()).toMatch(/<html lang="ar" dir="rtl"[ >]/);
  });

  it('the skip link is the first focusable element and moves to main', async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    // The Arabic address: the server would otherwise follow the browser's English.
    await page.goto('/about-us?lang=ar');
    // The shell is rendered by script: wait for the page before the first Tab, or a slow CI
    // machine presses Tab on an empty document.
    await page.locator('h1').first().waitFor();
    await page.locator('a.skip-link').waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    const f = await focused(page);
    expect(f.tag).toBe('a');
    expect(f.text).toBe('تخطَّ إلى المحتوى الرئيسي');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
  });

  it('header dropdown opens and closes with the keyboard and Escape, and on an outside click', async () => {
    await setPrefs(page, { lang: 'en' });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'About us' });
    await button.focus();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const link = page.locator('header').getByRole('link', { name: 'About the platform', exact: true });
    expect(await link.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('About the platform');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await link.isVisible()).toBe(false);
    expect((await focused(page)).text).toBe('About us');

    // Space opens too; a click elsewhere closes.
    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.locator('h1').click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Following a link closes it and focus lands on the new page's heading.
    const instr = page.getByRole('button', { name: 'Braille instructions' });
    await instr.click();
    expect(await instr.getAttribute('aria-expanded')).toBe('true');
    await page.locator('header').getByRole('link', { name: 'Writing Braille', exact: true }).click();
    await page.waitForURL('**/instructions/write-braille');
    await expectHeadingFocused(page, 'Writing Braille');
    // Set by the page in the commit whose effect then moves focus to the h1.
    expect(await page.title()).toBe('Writing Braille — Lamsa');
    // The dropdown closes in its own render, from an effect on the new path; the focus move
    // (a frame after the page's commit) does not wait for it.
    await expect.poll(() => instr.getAttribute('aria-expanded')).toBe('false');
  });

  it('start now goes to /login when signed out and to /{type} when a token is stored', async () => {
    await setPrefs(page, { lang: 'en' });
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Start now' }).getAttribute('href')).toBe('/login');
    await page.evaluate(() => {
      localStorage.setItem('auth-token', 'x');
      localStorage.setItem('type', 'instructor');
    });
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Start now' }).getAttribute('href')).toBe('/instructor');
    await page.evaluate(() => localStorage.setItem('type', 'something-else'));
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Start now' }).getAttribute('href')).toBe('/student');
    await page.evaluate(() => {
      localStorage.removeItem('auth-token');
      localStorage.removeItem('type');
    });
  });

  it('footer shows the current year and the language switches work', async () => {
    await setPrefs(page, { lang: 'ar' });
    await page.goto('/news');
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    expect(await page.locator('h1').textContent()).toBe('الأخبار');
    await footer.getByRole('button', { name: 'English' }).click();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, localStorage.getItem('app-lang')])).toEqual(['en', 'ltr', 'en']);
    expect(await page.locator('h1').textContent()).toBe('News');
    expect(await page.title()).toBe('News — Lamsa');
    // The news intro (items, or "No news yet", depend on what other test files published).
    expect(await page.locator('main').textContent()).toContain('News from the society');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    // The header toggle has the other language's name, marked with its language.
    const toggle = page.locator('header .lang-toggle span');
    expect(await toggle.getAttribute('lang')).toBe('ar');
    await page.locator('header .lang-toggle').click();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.title()).toBe('الأخبار — لمسة');
  });

  it('unknown paths show the 404 page and go back (home when there is no history)', async () => {
    await setPrefs(page, { lang: 'en' });
    const res = await page.goto('/no/such/page');
    // The prerendered not-found page, with the status that says so; its h1 is in the HTML.
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Oops! Page not found');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(`${process.env.LAMSA_BASE_URL}/`);
    await expectHeadingFocused(page);

    // With history: a client-side visit to a page, then the 404 inside the app, then back.
    await page.goto('/news');
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'x', idx: 1 }, '', '/nothing-here');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await page.waitForSelector('h1:text("Oops! Page not found")');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/news');
    // The URL changes before the router renders the page it leads to.
    await expect.poll(() => page.locator('h1').textContent()).toBe('News');
  });

  it('every public page has one h1 and a unique title in both languages', async () => {
    const routes = ['/', '/about-platform', '/about-us', '/news', '/courses', '/instructions', '/instructions/about-braille', '/instructions/write-braille', '/instructions/read-braille', '/braille-translator', '/contact-us', '/login', '/register', '/forgot-password'];
    for (const lang of ['ar', 'en'] as const) {
      await setPrefs(page, { lang });
      const titles = new Set<string>();
      for (const r of routes) {
        await page.goto(r);
        await page.waitForSelector('h1');
        expect(await page.locator('h1').count(), r).toBe(1);
        titles.add(await page.title());
        expect(await page.locator('main').count(), r).toBe(1);
        const hasHeader = (await page.locator('header').count()) > 0;
        expect(hasHeader, r).toBe(!['/login', '/register'].includes(r));
      }
      expect(titles.size).toBe(routes.length);
    }
  });

  it('the mobile menu button shows and hides the navigation', async () => {
    await setPrefs(page, { lang: 'en' });
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('header').getByRole('link', { name: 'News', exact: true }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.locator('header').getByRole('link', { name: 'News', exact: true }).click();
    await page.waitForURL('**/news');
    // Closed by a render after the route change (see the dropdown test): wait for it.
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('dashboard paths need a session', async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.removeItem('auth-token'));
    await page.goto('/student/profile');
    await page.waitForURL('**/login');
  });
});
