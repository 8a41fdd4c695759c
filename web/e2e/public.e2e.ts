import type { Page } from '@playwright/test';
import { expect, expectHeadingFocused, focused, pagesForFile, setPrefs, test } from './support';

let page: Page;

pagesForFile(1, ([p]) => (page = p));

// A check right after a key press or click reads the page at once: React renders an update
// made in a discrete event (and runs its effects) before the event returns. Checks after a
// navigation wait (expect.poll), since the router renders after the URL changes.
test.describe('public pages', () => {
  test('built index.html starts in Arabic, right to left', async () => {
    // A visitor with no remembered language and no Arabic or English preference: Arabic.
    const res = await fetch(`${process.env.LAMSA_BASE_URL}/`);
    expect(await res.text()).toMatch(/<html lang="ar" dir="rtl"[ >]/);
  });

  test('the skip link is the first focusable element and moves to main', async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    // The Arabic address: the server would otherwise follow the browser's English.
    await page.goto('/about-us?lang=ar');
    // The shell is rendered by script: wait for the page before the first Tab, or a slow CI
    // machine presses Tab on an empty document.
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('a.skip-link')).toBeAttached();
    await page.keyboard.press('Tab');
    const f = await focused(page);
    expect(f.tag).toBe('a');
    expect(f.text).toBe('تخطَّ إلى المحتوى الرئيسي');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
  });

  test('header dropdown opens and closes with the keyboard and Escape, and on an outside click', async () => {
    await setPrefs(page, { lang: 'en' });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'About us' });
    await button.focus();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const link = page.locator('header').getByRole('link', { name: 'About the platform', exact: true });
    await expect(link).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('About the platform');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    await expect(page.locator(':focus')).toHaveText('About us');

    // Space opens too; a click elsewhere closes.
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.locator('h1').click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Following a link closes it and focus lands on the new page's heading.
    const instr = page.getByRole('button', { name: 'Braille instructions' });
    await instr.click();
    await expect(instr).toHaveAttribute('aria-expanded', 'true');
    await page.locator('header').getByRole('link', { name: 'Writing Braille', exact: true }).click();
    await page.waitForURL('**/instructions/write-braille');
    await expectHeadingFocused(page, 'Writing Braille');
    // Set by the page in the commit whose effect then moves focus to the h1.
    expect(await page.title()).toBe('Writing Braille — Lamsa');
    // The dropdown closes in its own render, from an effect on the new path; the focus move
    // (a frame after the page's commit) does not wait for it.
    await expect(instr).toHaveAttribute('aria-expanded', 'false');
  });

  test('start now goes to /login when signed out and to /{type} when a token is stored', async () => {
    await setPrefs(page, { lang: 'en' });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '/login');
    await page.evaluate(() => {
      localStorage.setItem('auth-token', 'x');
      localStorage.setItem('type', 'instructor');
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '/instructor');
    await page.evaluate(() => localStorage.setItem('type', 'something-else'));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '/student');
    await page.evaluate(() => {
      localStorage.removeItem('auth-token');
      localStorage.removeItem('type');
    });
  });

  test('footer shows the current year and the language switches work', async () => {
    await setPrefs(page, { lang: 'ar' });
    await page.goto('/news');
    const footer = page.locator('footer');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.locator('h1')).toHaveText('الأخبار');
    await footer.getByRole('button', { name: 'English' }).click();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, localStorage.getItem('app-lang')])).toEqual(['en', 'ltr', 'en']);
    await expect(page.locator('h1')).toHaveText('News');
    expect(await page.title()).toBe('News — Lamsa');
    // The news intro (items, or "No news yet", depend on what other test files published).
    await expect(page.locator('main')).toContainText('News from the society');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    // The header toggle has the other language's name, marked with its language.
    const toggle = page.locator('header .lang-toggle span');
    await expect(toggle).toHaveAttribute('lang', 'ar');
    await page.locator('header .lang-toggle').click();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.title()).toBe('الأخبار — لمسة');
  });

  test('unknown paths show the 404 page and go back (home when there is no history)', async () => {
    await setPrefs(page, { lang: 'en' });
    const res = await page.goto('/no/such/page');
    // The prerendered not-found page, with the status that says so; its h1 is in the HTML.
    expect(res?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Oops! Page not found');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(`${process.env.LAMSA_BASE_URL}/`);
    await expectHeadingFocused(page);

    // With history: a client-side visit to a page, then the 404 inside the app, then back.
    await page.goto('/news');
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'x', idx: 1 }, '', '/nothing-here');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.locator('h1:text("Oops! Page not found")').first()).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/news');
    // The URL changes before the router renders the page it leads to.
    await expect(page.locator('h1')).toHaveText('News');
  });

  test('every public page has one h1 and a unique title in both languages', async () => {
    const routes = ['/', '/about-platform', '/about-us', '/news', '/courses', '/instructions', '/instructions/about-braille', '/instructions/write-braille', '/instructions/read-braille', '/braille-translator', '/contact-us', '/login', '/register', '/forgot-password'];
    for (const lang of ['ar', 'en'] as const) {
      await setPrefs(page, { lang });
      const titles = new Set<string>();
      for (const r of routes) {
        await page.goto(r);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('h1'), r).toHaveCount(1);
        titles.add(await page.title());
        await expect(page.locator('main'), r).toHaveCount(1);
        const hasHeader = (await page.locator('header').count()) > 0;
        expect(hasHeader, r).toBe(!['/login', '/register'].includes(r));
      }
      expect(titles.size).toBe(routes.length);
    }
  });

  test('the mobile menu button shows and hides the navigation', async () => {
    await setPrefs(page, { lang: 'en' });
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('header').getByRole('link', { name: 'News', exact: true })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.locator('header').getByRole('link', { name: 'News', exact: true }).click();
    await page.waitForURL('**/news');
    // Closed by a render after the route change (see the dropdown test): wait for it.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('dashboard paths need a session', async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.removeItem('auth-token'));
    await page.goto('/student/profile');
    await page.waitForURL('**/login');
  });
});
