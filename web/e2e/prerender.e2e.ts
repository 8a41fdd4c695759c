/**
 * Prerendered public pages (issue 22): every page hydrates without a warning in both languages;
 * without JavaScript the pages read in the right language and direction; with English remembered
 * and the dark theme the first painted frame is already English, LTR and dark. The society's site
 * settings (issue 23) are set for all of it, a logo included: the server fills them into every
 * page at request time, and the pages hydrate from them; with them unset again, too.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import { apiAs, apiLogin, BASE, expect, hydrated, launch, newPage, SUPERVISOR, test, type Browser } from './support';

/** The pages the build prerendered (scripts/e2e.sh exports the build directory). */
function prerenderedPaths(): string[] {
  const dir = join(process.env.LAMSA_WEB_DIR ?? 'dist', 'prerendered', 'en');
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      // The news item's templates are no addresses: the server fills them in (tested below).
      if (name === '_templates') return [];
      const path = join(d, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.html') ? [path] : [];
    });
  return walk(dir).map((file) => {
    const page = relative(dir, file).replace(/\.html$/, '');
    if (page === 'index') return '/';
    // The not-found page answers any path no route claims.
    if (page === '404') return '/no-such-page';
    return `/${page}`;
  });
}

/** React's words for a server/client difference (React 19 reports it as a recoverable error). */
const HYDRATION = /hydrat|did not match|server rendered|recoverable|Minified React error #(418|419|421|422|423|425)/i;

/**
 * Waits until React has taken over the page and the page is idle: React reports a difference
 * between the server's HTML and its first render once it has finished the work it scheduled.
 */
async function hydratedAndSettled(page: Page) {
  await hydrated(page);
  await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 5000 })));
}

/** A published news item, made through the admin API. */
const NEWS = {
  slug: `prerender-${Date.now()}`,
  title_ar: 'خبر يُقرأ بلا JavaScript',
  title_en: 'News read without JavaScript',
  body_md_ar: 'افتُتحت **دورة** جديدة.',
  body_md_en: 'A new **course** has opened.',
  image_media_id: null,
  image_alt_ar: '',
  image_alt_en: '',
  link: 'https://example.org/course',
  state: 'published',
  publish_at: null,
};

/** A 1×1 PNG, the society's logo. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The society's site settings (issue 23); `logos` gets the uploaded logo. */
const SITE = {
  society_name_ar: 'جمعية <المثال> & الأصدقاء',
  society_name_en: 'Example <Society> & Friends',
  contact_email: 'hello@example.org',
  contact_phone: '+966 11 555 0100',
  address_ar: 'شارع المثال ١، الرياض',
  address_en: '1 Example Street, Riyadh',
  social_x: 'https://x.com/example',
  social_facebook: '',
  social_youtube: 'https://www.youtube.com/@example',
  social_instagram: '',
  credit_ar: 'تطوير فريق المثال',
  credit_en: 'Built by the Example team',
};
const LOGO_ALT = { ar: 'شعار جمعية المثال', en: 'Example Society logo' };

let supervisor: Awaited<ReturnType<typeof apiLogin>>;

test.beforeAll(async () => {
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  await apiAs(supervisor, 'POST', 'admin/news', NEWS);
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }), 'logo.png');
  const logo = await apiAs<{ id: number }>(supervisor, 'POST', 'media?kind=image', form);
  await apiAs(supervisor, 'PUT', 'admin/site-settings', { ...SITE, logos: [{ media_id: logo.id, alt_ar: LOGO_ALT.ar, alt_en: LOGO_ALT.en }] });
});

// Later test files see the settings as a fresh installation has them.
test.afterAll(async () => {
  await apiAs(supervisor, 'PUT', 'admin/site-settings', {});
});

test.describe('prerendered pages', () => {
  let b: Browser;
  test.beforeAll(async ({ browser }) => {
    b = await launch(browser);
  });
  test.afterAll(async () => b?.close());

  test('hydrate without a warning or error, in Arabic and English', async () => {
    const paths = prerenderedPaths();
    expect(paths.length).toBeGreaterThanOrEqual(17);
    const page = await newPage(b);
    const problems: string[] = [];
    let at = '';
    page.on('console', (m: ConsoleMessage) => {
      if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text())) problems.push(`${at}: ${m.text()}`);
    });
    page.on('pageerror', (e) => {
      if (HYDRATION.test(e.message)) problems.push(`${at}: ${e.message}`);
    });
    for (const lang of ['ar', 'en'] as const) {
      for (const path of paths) {
        at = `${path}?lang=${lang}`;
        const resp = await page.goto(at);
        expect(resp?.status(), at).toBe(path === '/no-such-page' ? 404 : 200);
        // The server's HTML is the page itself, not the empty shell.
        const html = await resp!.text();
        expect(html, at).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" data-prerendered>`);
        expect(html, at).toMatch(/<h1 id="page-title"/);
        await hydratedAndSettled(page);
        expect(await page.evaluate(() => document.documentElement.lang), at).toBe(lang);
      }
    }
    expect(problems).toEqual([]);
  });

  test('a news item hydrates from the data the server put into its page, without asking again', async () => {
    const page = await newPage(b);
    const problems: string[] = [];
    const asked: string[] = [];
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => HYDRATION.test(e.message) && problems.push(e.message));
    page.on('request', (r) => r.url().includes(`/api/news/${NEWS.slug}`) && asked.push(r.url()));
    for (const lang of ['ar', 'en'] as const) {
      await page.goto(`/news/${NEWS.slug}?lang=${lang}`);
      await hydratedAndSettled(page);
      await expect(page.locator('h1')).toHaveText(NEWS[`title_${lang}`]);
      // After hydration the date is the reader's own (not the day as the server wrote it).
      expect(await page.locator('main time').textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(problems).toEqual([]);
    expect(asked).toEqual([]);
  });

  test('show the society’s site settings in the footer, in the server’s HTML and after hydration, in both languages', async () => {
    const page = await newPage(b);
    const problems: string[] = [];
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => HYDRATION.test(e.message) && problems.push(e.message));
    for (const lang of ['ar', 'en'] as const) {
      for (const path of ['/', '/contact-us', '/news', `/news/${NEWS.slug}`, '/no-such-page']) {
        const at = `${path}?lang=${lang}`;
        const resp = await page.goto(at);
        const html = await resp!.text();
        // In the HTML as sent (what a visitor without JavaScript reads), escaped, no marker left.
        const name = lang === 'ar' ? 'جمعية &lt;المثال&gt; &amp; الأصدقاء' : 'Example &lt;Society&gt; &amp; Friends';
        expect(html, at).toContain(name);
        expect(html, at).not.toContain('@@');
        expect(html, at).toContain(`alt="${LOGO_ALT[lang]}"`);
        await hydratedAndSettled(page);
        const footer = page.locator('footer');
        const text = (await footer.innerText()).replace(/\s+/g, ' ');
        expect(text, at).toContain(SITE[`society_name_${lang}`]);
        expect(text, at).toContain(SITE[`address_${lang}`]);
        expect(text, at).toContain(SITE[`credit_${lang}`]);
        expect(text, at).toContain(`© ${new Date().getFullYear()} ${SITE[`society_name_${lang}`]}`);
        await expect(footer.locator('a[href="mailto:hello@example.org"]')).toHaveText('hello@example.org', { useInnerText: true });
        await expect(footer.locator('a[href="tel:+966115550100"]')).toHaveText('+966 11 555 0100', { useInnerText: true });
        // Only the social links that are set.
        const social = await footer.locator('[aria-labelledby="fh-social"] a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
        expect(social, at).toEqual([
          ['X', SITE.social_x],
          ['YouTube', SITE.social_youtube],
        ]);
        const logo = footer.locator('.footer-logos img');
        await expect(logo).toHaveAttribute('alt', LOGO_ALT[lang]);
        // The logo loads (a signed address visitors may fetch).
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 5000 }).toBe(1);
      }
    }
    expect(problems).toEqual([]);
  });

  test('hydrate without a warning with the site settings unset, falling back to the defaults', async () => {
    await apiAs(supervisor, 'PUT', 'admin/site-settings', {});
    try {
      const page = await newPage(b);
      const problems: string[] = [];
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => HYDRATION.test(e.message) && problems.push(e.message));
      for (const lang of ['ar', 'en'] as const) {
        for (const path of ['/', '/about-us']) {
          const resp = await page.goto(`${path}?lang=${lang}`);
          expect(await resp!.text()).not.toContain('@@');
          await hydratedAndSettled(page);
          const footer = page.locator('footer');
          await expect(footer.locator('.text-logo')).toHaveCount(2);
          await expect(footer.locator('#fh-social, #fh-contact, .footer-logos')).toHaveCount(0);
          await expect(footer).toContainText(lang === 'ar' ? 'الجمعية الخيرية لرعاية المكفوفين' : 'The Charitable Society for the Care of the Blind', { useInnerText: true });
        }
      }
      expect(problems).toEqual([]);
    } finally {
      const logos = [] as unknown[];
      await apiAs(supervisor, 'PUT', 'admin/site-settings', { ...SITE, logos });
    }
  });

  test("the news list's first page comes in the HTML and hydrates from the data beside it, without asking again", async () => {
    const page = await newPage(b);
    const problems: string[] = [];
    const asked: string[] = [];
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => HYDRATION.test(e.message) && problems.push(e.message));
    page.on('request', (r) => r.url().includes('/api/news?') && asked.push(r.url()));
    for (const lang of ['ar', 'en'] as const) {
      const resp = await page.goto(`/news?lang=${lang}`);
      // The server wrote the item, its summary and its day into the page.
      const html = await resp!.text();
      expect(html).toContain(`href="/news/${NEWS.slug}"`);
      expect(html).toContain(`>${NEWS[`title_${lang}`]}</a>`);
      expect(html).toContain(lang === 'ar' ? '<p>افتُتحت دورة جديدة.</p>' : '<p>A new course has opened.</p>');
      expect(html).toMatch(/<time dateTime="[^"]+">[^<]*\d{4}-\d{2}-\d{2}<\/time>/);
      await hydratedAndSettled(page);
      const item = page.locator('.news-card', { hasText: NEWS[`title_${lang}`] });
      await expect(item).toHaveCount(1);
      // After hydration the date is the reader's own.
      expect(await item.locator('time').textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(problems).toEqual([]);
    expect(asked).toEqual([]);
  });

  test('hydrate for a signed-in visitor too (the header links to the dashboard only after hydration)', async () => {
    const page = await newPage(b);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && HYDRATION.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => HYDRATION.test(e.message) && problems.push(e.message));
    await page.goto('/about-us?lang=en');
    // A stored session (no request on this page needs it to be valid).
    await page.evaluate(() => {
      localStorage.setItem('auth-token', 'x');
      localStorage.setItem('type', 'student');
      localStorage.setItem('name', 'Student');
    });
    await page.goto('/about-us?lang=en');
    await hydratedAndSettled(page);
    await expect(page.locator('a.btn-start[href="/student"]')).toBeVisible({ timeout: 5000 });
    expect(problems).toEqual([]);
    await page.evaluate(() => localStorage.clear());
  });
});

test.describe('without JavaScript', () => {
  let b: Browser;
  test.beforeAll(async ({ browser }) => {
    b = await launch(browser, { javaScriptEnabled: false });
  });
  test.afterAll(async () => b?.close());

  const pages: Array<{ path: string; h1: Record<'ar' | 'en', string>; text: Record<'ar' | 'en', RegExp> }> = [
    {
      path: '/',
      h1: { ar: 'لمسة: تعلّم برايل بالعربية والإنجليزية', en: 'Lamsa: learn Braille in Arabic and English' },
      text: { ar: /ماذا تقدّم لمسة/, en: /What Lamsa offers/ },
    },
    {
      path: '/instructions/about-braille',
      h1: { ar: 'خلية برايل', en: 'The Braille cell' },
      text: { ar: /النقاط الست/, en: /Every Braille letter, digit or sign is written in a “cell” of six dots/ },
    },
  ];

  for (const lang of ['ar', 'en'] as const) {
    test(`shows the home page, an instructions page, a news item and the news list in ${lang}, with their navigation`, async () => {
      const page = await newPage(b);
      for (const p of pages) {
        await page.goto(`${p.path}?lang=${lang}`);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
        expect((await page.locator('h1').textContent())?.trim(), p.path).toBe(p.h1[lang]);
        expect(await page.locator('main').textContent(), p.path).toMatch(p.text[lang]);
        // The header's links, the dropdowns' included, can be followed.
        for (const href of ['/about-us', '/news', '/instructions/read-braille', '/braille-translator']) {
          expect(await page.locator(`header a[href="${href}"]`).isVisible(), `${p.path} ${href}`).toBe(true);
        }
        // The other language is a link to this page's address in it.
        const other = lang === 'ar' ? 'en' : 'ar';
        await expect(page.locator(`header a[href="?lang=${other}"]`)).toBeVisible();
      }
      // A news item: the server puts it into its page.
      await page.goto(`/news/${NEWS.slug}?lang=${lang}`);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
      await expect(page.locator('h1')).toHaveText(NEWS[`title_${lang}`]);
      expect(await page.locator('main .news-body').innerHTML()).toContain(lang === 'ar' ? '<strong>دورة</strong>' : '<strong>course</strong>');
      expect(await page.title()).toContain(NEWS[`title_${lang}`]);
      // The news list: its first page is in the HTML.
      await page.goto(`/news?lang=${lang}`);
      await expect(page.getByRole('link', { name: NEWS[`title_${lang}`] })).toBeVisible({ timeout: 2000 });
      // A form says it needs JavaScript.
      await page.goto(`/login?lang=${lang}`);
      await expect(page.locator('form .script-note')).toBeVisible();
      await page.close();
    });
  }
});

test.describe('first frame', () => {
  test('is English, left to right and dark when English and the dark theme are remembered', async ({ browser }) => {
    const b = await launch(browser);
    try {
      const page = await newPage(b);
      // The browser prefers Arabic: only the remembered choice can make the page English.
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      await b.context.addCookies([{ name: 'app-lang', value: 'en', url: BASE }]);
      await page.goto('/about-us');
      await page.evaluate(() => localStorage.setItem('app-theme', 'dark'));
      // Read the page as the parser hands over the heading: before any module script runs.
      await page.addInitScript(() => {
        const seen = (window as unknown as { __firstFrame?: object }) as { __firstFrame?: object };
        new MutationObserver((_, observer) => {
          const h1 = document.getElementById('page-title');
          if (!h1 || seen.__firstFrame) return;
          const root = document.documentElement;
          seen.__firstFrame = {
            lang: root.lang,
            dir: root.dir,
            theme: root.dataset.theme,
            background: getComputedStyle(document.body).backgroundColor,
            h1: h1.textContent,
            appStarted: Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')),
          };
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const resp = await page.goto('/');
      expect(resp?.headers()['content-language']).toBe('en');
      const first = await page.evaluate(() => (window as unknown as { __firstFrame?: object }).__firstFrame);
      expect(first).toEqual({
        lang: 'en',
        dir: 'ltr',
        theme: 'dark',
        background: 'rgb(18, 20, 23)',
        h1: 'Lamsa: learn Braille in Arabic and English',
        appStarted: false,
      });
    } finally {
      await b.close();
    }
  });
});
