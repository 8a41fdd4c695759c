/**
 * Issue 15 in real browsers against the real server: the admin site, news in two languages and
 * the contact form. A supervisor publishes a news item and a visitor reads it in Arabic and
 * English and finds it in both feeds; a visitor's message reaches the supervisor's open admin
 * page live and the reply goes out by e-mail (the outbox); a student signed in elsewhere is
 * signed out the moment a supervisor deactivates them; only supervisors get in; sortable
 * headers are announced. Then axe (0 violations) on every admin page and the news and contact
 * pages in ar/en × light/dark. With LAMSA_SCREENSHOTS=<dir> it also saves screenshots.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accredit,
  apiAs,
  apiLogin,
  axeViolations,
  BASE,
  createAccount,
  DATA_DIR,
  expectStatus,
  launch,
  linkFromOutbox,
  newPage,
  press,
  setPrefs,
  socketReady,
  storeSession,
  SUPERVISOR,
  type Browser,
  type LoginResult,
} from './support';

const SHOTS = process.env.LAMSA_SCREENSHOTS;
const stamp = Date.now().toString(36);
const NEWS = {
  title_en: `New Braille course ${stamp}`,
  title_ar: `دورة برايل جديدة ${stamp}`,
  body_en: `## What is new\n\n- Six *new* lessons\n- [Read more](https://example.org/braille)\n\n<script>window.__xss = 1</script>`,
  body_ar: `## ما الجديد\n\n- ستة دروس *جديدة*`,
  slug: `new-braille-course-${stamp}`,
  alt_en: 'A hand reading a Braille book',
  alt_ar: 'يد تقرأ كتابًا بطريقة برايل',
};

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The newest e-mail in the outbox to `to` whose text contains `needle` (plain or quoted-printable). */
async function mailFromOutbox(to: string, needle: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      /* not created yet */
    }
    const sorted = files.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => b.t - a.t);
    for (const { f } of sorted) {
      const text = readFileSync(join(dir, f), 'utf8');
      const toLine = /^To:.*$/m.exec(text)?.[0] ?? '';
      if (!toLine.toLowerCase().includes(to.toLowerCase())) continue;
      const unfolded = text.replace(/=\r?\n/g, '');
      const b64 = [...text.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
      if ([unfolded, ...b64].some((t) => t.includes(needle))) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} containing "${needle}" in ${dir}`);
}

const byId = (p: Page, id: string) => p.locator(`[id="${id}"]`);

async function signOut(p: Page) {
  await p.evaluate(() => ['auth-token', 'refresh_token', 'name', 'email', 'avatar', 'type', 'user_id'].forEach((k) => localStorage.removeItem(k)));
}

let supB: Browser;
let visitorB: Browser;
let sup: Page;
let visitor: Page;
let supervisor: LoginResult;
let newsId = 0;
let messageId = 0;
let student: LoginResult & { password: string };

beforeAll(async () => {
  supB = await launch();
  visitorB = await launch();
  sup = await newPage(supB);
  visitor = await newPage(visitorB);
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  student = await createAccount('student', `Sara Admin ${stamp}`);
});
afterAll(async () => {
  await supB?.close();
  await visitorB?.close();
});

describe('admin site access', () => {
  it('signed out: the login page, which comes back to the admin site for a supervisor', async () => {
    await setPrefs(sup, { lang: 'en', theme: 'light', clear: true });
    await sup.goto('/admin/users');
    await sup.waitForURL(/\/login\?next=%2Fadmin%2Fusers/);
    await byId(sup, 'f-email').fill(SUPERVISOR.email);
    await byId(sup, 'f-password').fill(SUPERVISOR.password);
    await press(sup.locator('form button[type="submit"]'));
    await sup.waitForURL(/\/admin\/users$/);
    await sup.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(await sup.getByRole('navigation', { name: 'Admin site' }).isVisible()).toBe(true);
  });

  it('a student: a clear "not allowed", and the admin API refuses', async () => {
    await setPrefs(visitor, { lang: 'en', clear: true });
    await storeSession(visitor, student);
    await visitor.goto('/admin');
    await visitor.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    expect(await visitor.locator('main').innerText()).toContain('for the society’s supervisors only');
    expect(await visitor.getByRole('navigation', { name: 'Admin site' }).count()).toBe(0);
    await expect(apiAs(student, 'GET', 'admin/overview')).rejects.toThrow(/403/);
    await signOut(visitor);
  });

  it('the supervisor menu opens the admin site in a new tab, and says so', async () => {
    await storeSession(sup, supervisor);
    await sup.goto('/supervisor');
    const link = sup.getByRole('link', { name: /Admin panel/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.innerText()).toContain('(opens in a new tab)');
  });
});

describe('news', () => {
  it('a supervisor writes and publishes an item, with a preview', async () => {
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto('/admin/news');
    await press(sup.getByRole('link', { name: 'Write a news item' }));
    await sup.getByRole('heading', { level: 1, name: 'Write a news item' }).waitFor();
    // Saving empty: every missing field is marked, the first one has focus.
    await press(sup.getByRole('button', { name: 'Save' }));
    await sup.waitForFunction(() => document.activeElement?.id === 'nw-title_ar');
    expect(await byId(sup, 'nw-title_ar').getAttribute('aria-invalid')).toBe('true');
    expect(await sup.locator('[role="alert"]').first().innerText()).toContain('was not saved');

    await byId(sup, 'nw-title_ar').fill(NEWS.title_ar);
    await byId(sup, 'nw-body_md_ar').fill(NEWS.body_ar);
    await byId(sup, 'nw-title_en').fill(NEWS.title_en);
    await byId(sup, 'nw-body_md_en').fill(NEWS.body_en);
    await byId(sup, 'nw-link').fill('https://example.org/braille-course');
    await byId(sup, 'nw-slug').fill(NEWS.slug);
    await press(sup.getByRole('button', { name: 'Preview' }));
    await sup.waitForFunction(() => document.activeElement?.id === 'preview-heading');
    const preview = sup.locator('.admin-preview');
    expect(await preview.locator('h2', { hasText: 'What is new' }).count()).toBe(1);
    expect(await preview.locator('script').count()).toBe(0);

    // An image needs its description in both languages before the item can be saved.
    await byId(sup, 'nw-image_media_id').setInputFiles({ name: 'course.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await expectStatus(sup, 'Image uploaded.');
    await press(sup.getByRole('button', { name: 'Save' }));
    await sup.waitForFunction(() => document.activeElement?.id === 'nw-image_alt_ar');
    expect(await byId(sup, 'nw-image_alt_en').getAttribute('aria-invalid')).toBe('true');
    await byId(sup, 'nw-image_alt_ar').fill(NEWS.alt_ar);
    await byId(sup, 'nw-image_alt_en').fill(NEWS.alt_en);

    await press(sup.getByRole('radio', { name: 'Published' }), ' ');
    await press(sup.getByRole('button', { name: 'Save' }));
    await sup.waitForURL(/\/admin\/news\/\d+$/);
    newsId = Number(/\/admin\/news\/(\d+)$/.exec(sup.url())![1]);
    await sup.getByRole('heading', { level: 1, name: 'Edit the news item' }).waitFor();
    expect(await byId(sup, 'nw-title_en').inputValue()).toBe(NEWS.title_en);
  });

  it('a visitor reads it in English and Arabic, on the news page and the home page', async () => {
    expect(newsId).toBeGreaterThan(0);
    await setPrefs(visitor, { lang: 'en', clear: true });
    await visitor.goto('/news');
    const link = visitor.getByRole('link', { name: NEWS.title_en });
    await press(link);
    await visitor.waitForURL(`**/news/${NEWS.slug}`);
    await visitor.getByRole('heading', { level: 1, name: NEWS.title_en }).waitFor();
    const main = visitor.locator('main');
    expect(await main.locator('h2', { hasText: 'What is new' }).count()).toBe(1);
    expect(await main.locator('em', { hasText: 'new' }).count()).toBe(1);
    expect(await main.getByRole('link', { name: 'Related link' }).getAttribute('href')).toBe('https://example.org/braille-course');
    expect(await main.getByRole('img', { name: NEWS.alt_en }).count()).toBe(1);
    // The script in the Markdown is text at most, never run.
    expect(await main.locator('script').count()).toBe(0);
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await setPrefs(visitor, { lang: 'ar' });
    await visitor.goto(`/news/${NEWS.slug}`);
    await visitor.getByRole('heading', { level: 1, name: NEWS.title_ar }).waitFor();
    expect(await visitor.locator('main h2', { hasText: 'ما الجديد' }).count()).toBe(1);
    expect(await visitor.getByRole('img', { name: NEWS.alt_ar }).count()).toBe(1);
    await visitor.goto('/');
    await visitor.getByRole('heading', { level: 2, name: 'آخر الأخبار' }).waitFor();
    expect(await visitor.getByRole('link', { name: NEWS.title_ar }).count()).toBe(1);
  });

  it('both feeds carry it and every page advertises them', async () => {
    for (const [lang, title] of [
      ['ar', NEWS.title_ar],
      ['en', NEWS.title_en],
    ]) {
      const res = await fetch(`${BASE}/api/news/feed.atom?lang=${lang}`);
      expect(res.headers.get('content-type')).toContain('application/atom+xml');
      const xml = await res.text();
      expect(xml).toContain(title);
      expect(xml).toContain(`/news/${NEWS.slug}`);
    }
    const feeds = await visitor.locator('head link[rel="alternate"][type="application/atom+xml"]').evaluateAll((ls) => ls.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`));
    // Absolute on a prerendered page (the server writes them so, as alternates should be).
    expect(feeds).toEqual([`ar ${BASE}/api/news/feed.atom?lang=ar`, `en ${BASE}/api/news/feed.atom?lang=en`]);
  });

  it('a draft is not public', async () => {
    const draft = await apiAs<{ news: { id: number; slug: string } }>(supervisor, 'POST', 'admin/news', {
      slug: `draft-${stamp}`,
      title_ar: 'مسودة',
      title_en: `Draft ${stamp}`,
      body_md_ar: 'نص',
      body_md_en: 'Text',
      image_media_id: null,
      image_alt_ar: '',
      image_alt_en: '',
      link: null,
      state: 'draft',
      publish_at: null,
    });
    await setPrefs(visitor, { lang: 'en' });
    await visitor.goto(`/news/${draft.news.slug}`);
    await visitor.locator('[role="alert"]', { hasText: 'does not exist or is not published' }).waitFor();
    await visitor.goto('/news');
    await visitor.getByRole('link', { name: NEWS.title_en }).waitFor();
    expect(await visitor.getByRole('link', { name: `Draft ${stamp}` }).count()).toBe(0);
  });
});

describe('contact', () => {
  const visitorEmail = `visitor-${stamp}@example.com`;
  const subject = `Display question ${stamp}`;
  const replyText = `Thank you, it is fixed now ${stamp}`;

  it('a visitor sends a message; the supervisor’s open page shows it live; the reply goes out by e-mail', async () => {
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    const ready = socketReady(sup);
    await sup.goto('/admin/messages');
    await sup.getByRole('heading', { level: 1, name: 'Contact messages' }).waitFor();
    await ready;
    await sup.waitForLoadState('networkidle');
    const badgeBefore = await sup.evaluate(() => Number(document.querySelector('[data-testid="admin-unread-badge"] [aria-hidden="true"]')?.textContent ?? '0'));

    await setPrefs(visitor, { lang: 'en', clear: true });
    await visitor.goto('/contact-us');
    // Errors first: tied to their fields, focus on the first one.
    await press(visitor.getByRole('button', { name: 'Send the message' }));
    await visitor.waitForFunction(() => document.activeElement?.id === 'contact-name');
    expect(await byId(visitor, 'contact-name').getAttribute('aria-describedby')).toContain('contact-name-error');
    await byId(visitor, 'contact-name').fill('Visitor Huda');
    await byId(visitor, 'contact-email').fill(visitorEmail);
    await byId(visitor, 'contact-subject').fill(subject);
    await byId(visitor, 'contact-message').fill('My Braille display does not show the lesson titles. <img src=x onerror=alert(1)>');
    await press(visitor.getByRole('button', { name: 'Send the message' }));
    // Spec §10's "message sent" (the server's localised wording), read first: it has focus.
    await visitor.waitForFunction(() => /^message sent$/i.test(document.activeElement?.textContent?.trim() ?? ''), null, { timeout: 15_000 });
    expect((await visitor.locator('[role="status"]').allInnerTexts()).join(' ')).toContain(visitorEmail);

    // Live on the supervisor's page: the row, the announcement and the badge, without a reload.
    await sup.getByRole('link', { name: new RegExp(subject) }).waitFor({ timeout: 15_000 });
    await expectStatus(sup, `New message from Visitor Huda: ${subject}`);
    await sup.waitForFunction((n) => Number(document.querySelector('[data-testid="admin-unread-badge"] [aria-hidden="true"]')?.textContent ?? '0') === n + 1, badgeBefore);

    await press(sup.getByRole('link', { name: new RegExp(subject) }));
    await sup.getByRole('heading', { level: 1, name: subject }).waitFor();
    messageId = Number(/\/admin\/messages\/(\d+)$/.exec(sup.url())![1]);
    // The visitor's HTML is shown as text.
    expect(await sup.locator('.admin-message-text').innerText()).toContain('<img src=x onerror=alert(1)>');
    expect(await sup.locator('main img').count()).toBe(0);
    // Opening it read it: the badge goes back down.
    await sup.waitForFunction((n) => Number(document.querySelector('[data-testid="admin-unread-badge"] [aria-hidden="true"]')?.textContent ?? '0') === n, badgeBefore);

    await byId(sup, 'mr-text').fill(replyText);
    await press(sup.getByRole('button', { name: 'Send the reply' }));
    await sup.getByTestId('message-replies').getByText(replyText).waitFor();
    expect(await sup.getByTestId('message-status').innerText()).toBe('Handled');
    const mail = await mailFromOutbox(visitorEmail, replyText);
    expect(mail).toMatch(/^To:.*visitor-/m);
  });

  it('the supervisor dashboard shows the unread count and follows it live', async () => {
    await storeSession(sup, supervisor);
    const ready = socketReady(sup);
    await sup.goto('/supervisor');
    await ready;
    const read = () => sup.evaluate(() => Number(document.querySelector('[data-testid="contact-badge"] [aria-hidden="true"]')?.textContent ?? '0'));
    await sup.waitForLoadState('networkidle');
    const before = await read();
    const res = await fetch(`${BASE}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ar' },
      body: JSON.stringify({ name: 'زائر', email: `v2-${stamp}@example.com`, subject: 'سؤال', message: 'كيف أبدأ تعلّم برايل؟', website: '' }),
    });
    expect(res.status).toBe(201);
    await sup.waitForFunction((n) => Number(document.querySelector('[data-testid="contact-badge"] [aria-hidden="true"]')?.textContent ?? '0') === n + 1, before, { timeout: 15_000 });
    expect(await sup.getByTestId('contact-badge').innerText()).toContain('Unread contact messages');
  });
});

describe('users', () => {
  it('sortable headers are buttons, announced with aria-sort, by keyboard', async () => {
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto('/admin/users');
    const table = sup.getByTestId('users-table');
    await table.waitFor();
    const nameHeader = table.locator('th', { has: sup.locator('button[data-column="name"]') });
    expect(await nameHeader.getAttribute('aria-sort')).toBeNull();
    expect(await table.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('descending');
    await press(table.locator('button[data-column="name"]'));
    await sup.waitForURL(/sort=name/);
    await sup.waitForFunction(() => document.querySelector('th[aria-sort]')?.querySelector('[data-column="name"]') !== null);
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    // In the server's order: by code point or ignoring case, whichever the database uses. The
    // header follows the address at once; the rows when the sorted answer arrives (the previous
    // rows stay on screen until then), so wait for them.
    const byName = async () => {
      const names = await table.locator('tbody th[scope="row"]').allInnerTexts();
      const sorted = (cmp: (a: string, b: string) => number) => names.every((n, i) => i === 0 || cmp(names[i - 1], n) <= 0);
      return names.length > 1 && (sorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)) || sorted((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    };
    await expect.poll(byName, { timeout: 10_000 }).toBe(true);
    await press(table.locator('button[data-column="name"]'));
    await sup.waitForURL(/sort=-name/);
    await sup.waitForFunction(() => document.querySelector('th[aria-sort="descending"] [data-column="name"]') !== null);
  });

  it('search finds a user by e-mail, and the matching users export as CSV', async () => {
    await storeSession(sup, supervisor);
    await sup.goto('/admin/users');
    await byId(sup, 'uf-q').fill(student.user.email);
    await press(byId(sup, 'uf-q'));
    await sup.waitForURL(/q=/);
    const table = sup.getByTestId('users-table');
    // The unfiltered list stays on screen until the search's answer replaces it.
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await table.getByRole('link', { name: student.user.name }).waitFor();
    const download = sup.waitForEvent('download');
    await press(sup.getByRole('button', { name: 'Export every matching user as CSV' }));
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split(/\r?\n/)[0].replace(/^\uFEFF/, '')).toBe('id,name,email,type,active,activated,created_at');
    expect(csv).toContain(student.user.email);
    expect(csv).not.toContain(SUPERVISOR.email);
  });

  it('deactivating a student signed in elsewhere ends their session at once', async () => {
    const s = await apiLogin(student.user.email, student.password);
    await setPrefs(visitor, { lang: 'en', clear: true });
    await storeSession(visitor, s);
    const ready = socketReady(visitor);
    await visitor.goto('/student');
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    await ready;

    await storeSession(sup, supervisor);
    await sup.goto(`/admin/users?q=${encodeURIComponent(student.user.email)}`);
    await press(sup.getByRole('link', { name: student.user.name }));
    await sup.getByRole('heading', { level: 1, name: student.user.name }).waitFor();
    await press(sup.getByRole('button', { name: 'Deactivate the account' }));
    const dialog = sup.getByRole('dialog');
    await dialog.waitFor();
    await press(dialog.getByRole('button', { name: 'Deactivate' }));
    await sup.waitForFunction(() => document.querySelector('[data-testid="user-active"]')?.textContent?.includes('Deactivated'));

    // The student's open page is signed out without doing anything.
    await visitor.waitForURL('**/login', { timeout: 15_000 });
    expect(await visitor.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
    // And cannot sign in again, with a message that says why.
    await byId(visitor, 'f-email').fill(student.user.email);
    await byId(visitor, 'f-password').fill(student.password);
    await press(visitor.locator('form button[type="submit"]'));
    await visitor.locator('[role="alert"]', { hasText: /deactivated/i }).waitFor();

    // The audit log has the row: who, what, on which record, before and after.
    await sup.goto(`/admin/audit?action=user.deactivate`);
    const audit = sup.locator('main table');
    await audit.waitFor();
    const row = audit.locator('tbody tr', { hasText: `user #${student.user.id}` }).first();
    expect(await row.innerText()).toContain('user.deactivate');
    expect(await row.innerText()).toContain('Sup');
    await sup.goBack();
    await sup.getByRole('heading', { level: 1, name: student.user.name }).waitFor();

    // Reactivated, they can sign in again.
    await press(sup.getByRole('button', { name: 'Reactivate the account' }));
    await sup.waitForFunction(() => document.querySelector('[data-testid="user-active"]')?.textContent?.trim() === 'Active');
    expect((await apiLogin(student.user.email, student.password)).user.email).toBe(student.user.email);
  });
});

describe('invitations', () => {
  it('a supervisor invites an instructor, who sets a password from the e-mail and signs in', async () => {
    const email = `invited-${stamp}@example.com`;
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto('/admin/invite');
    await sup.getByRole('heading', { level: 1, name: 'Invite an account' }).waitFor();
    await byId(sup, 'inv-name').fill(`Invited Instructor ${stamp}`);
    await byId(sup, 'inv-email').fill(email);
    await press(sup.getByRole('button', { name: 'Send the invitation' }));
    await sup.getByRole('link', { name: 'Open the new account' }).waitFor();
    // The same address twice: the error is on the e-mail field.
    await byId(sup, 'inv-name').fill(`Invited Again ${stamp}`);
    await byId(sup, 'inv-email').fill(email);
    await press(sup.getByRole('button', { name: 'Send the invitation' }));
    await sup.waitForFunction(() => document.activeElement?.id === 'inv-email');
    await sup.locator('#inv-email-error').waitFor();

    const link = await linkFromOutbox(email, 'reset-password');
    await setPrefs(visitor, { lang: 'en', clear: true });
    await visitor.goto(link);
    await byId(visitor, 'f-password').fill('Invited#2026');
    await byId(visitor, 'f-password_confirm').fill('Invited#2026');
    await press(visitor.locator('form button[type=submit]'));
    await visitor.waitForSelector('[role=status]:has-text("Password reset")');
    const signedIn = await apiLogin(email, 'Invited#2026');
    expect(signedIn.user.type).toBe('instructor');
  });
});

describe('courses', () => {
  it('a supervisor stops an active course and restarts it', async () => {
    const instructor = await createAccount('instructor', `Ahmad Admin ${stamp}`);
    const title = `Admin Braille ${stamp}`;
    const created = await apiAs<{ course: { id: number } }>(instructor, 'POST', 'courses', {
      title,
      type: 'Braille reading',
      duration_days: 14,
      description: 'The first letters of the alphabet in Braille',
      category: 'letters',
      level: 'beginner',
      language: 'en',
      chapters: [{ title: 'First letters', description: 'a b c', lessons: [{ title: 'Letter a', description: 'One dot', letters: ['a'] }] }],
    });
    await accredit(instructor, supervisor, created.course.id);

    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto(`/admin/courses?q=${encodeURIComponent(title)}`);
    const row = sup.locator('main tbody tr', { hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('Active');
    await press(row.getByRole('button', { name: /^Deactivate/ }));
    await press(sup.getByRole('dialog').getByRole('button', { name: 'Deactivate' }));
    await sup.waitForFunction((t) => [...document.querySelectorAll('main tbody tr')].some((r) => r.textContent?.includes(t) && r.textContent.includes('Stopped')), title);
    await press(row.getByRole('button', { name: /^Reactivate/ }));
    await sup.waitForFunction((t) => [...document.querySelectorAll('main tbody tr')].some((r) => r.textContent?.includes(t) && r.textContent.includes('Active')), title);
  });
});

describe('certificates and the audit log', () => {
  it('a supervisor revokes a certificate with a reason; the audit log finds it by action and date and exports it', async () => {
    // A student who completed a course and holds a certificate.
    const instructor = await createAccount('instructor', `Huda Admin ${stamp}`);
    const holder = await createAccount('student', `Omar Holder ${stamp}`);
    const title = `Certified Braille ${stamp}`;
    const created = await apiAs<{ course: { id: number; chapters: Array<{ lessons: Array<{ id: number }> }> } }>(instructor, 'POST', 'courses', {
      title,
      type: 'Braille reading',
      duration_days: 14,
      description: 'The letter a in Braille',
      category: 'letters',
      level: 'beginner',
      language: 'en',
      chapters: [{ title: 'First letters', description: 'a', lessons: [{ title: 'Letter a', description: 'One dot', letters: ['a'] }] }],
    });
    const courseId = created.course.id;
    const lessonId = created.course.chapters[0].lessons[0].id;
    // Assessments first: a live course's change only through a revision (issue 23).
    const final = await apiAs<{ assessment: { id: number } }>(instructor, 'POST', 'instructor/assessments', {
      course_id: courseId,
      type: 'final_assessment',
      title: 'Final',
      pass_mark: 60,
      max_attempts: null,
      questions: [{ type: 'braille_input', points: 1, print: 'a' }],
    });
    await accredit(instructor, supervisor, courseId);
    await apiAs(holder, 'POST', `courses/${courseId}/enrol`, {});
    await apiAs(holder, 'POST', `lessons/${lessonId}/complete`, {});
    const started = await apiAs<{ attempt: { id: number }; questions: Array<{ id: number }> }>(holder, 'POST', `assessments/${final.assessment.id}/attempts`, {});
    await apiAs(holder, 'PUT', `attempts/${started.attempt.id}/answers/${started.questions[0].id}`, { braille: '⠁' });
    await apiAs(holder, 'POST', `attempts/${started.attempt.id}/submit`, {});
    await apiAs(holder, 'POST', 'certificates/requests', { course_id: courseId });
    const pending = await apiAs<{ requests: Array<{ id: number; course_id: number }> }>(supervisor, 'GET', 'supervisor/certificate-requests?status=pending');
    const approved = await apiAs<{ certificate: { code: string } }>(supervisor, 'POST', `certificate-requests/${pending.requests.find((r) => r.course_id === courseId)!.id}/approve`, {});
    const code = approved.certificate.code;

    // Found by the student's name; revoked by keyboard, a reason required first.
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto('/admin/certificates');
    await byId(sup, 'xf-q').fill(`Omar Holder ${stamp}`);
    await press(byId(sup, 'xf-q'));
    const row = sup.locator('main tbody tr', { hasText: code });
    await row.waitFor();
    expect(await sup.locator('main tbody tr').count()).toBe(1);
    expect(await row.innerText()).toContain('Valid');
    await press(row.getByRole('button', { name: `Revoke ${code}` }));
    const dialog = sup.getByRole('dialog', { name: `Revoke the certificate ${code}` });
    await press(dialog.getByRole('button', { name: 'Revoke the certificate' }));
    await byId(sup, 'rv-reason-error').waitFor();
    expect(await byId(sup, 'rv-reason-error').innerText()).toContain('Give a reason');
    expect(await sup.evaluate(() => document.activeElement?.id)).toBe('rv-reason');
    await sup.keyboard.type('Issued by mistake');
    await press(dialog.getByRole('button', { name: 'Revoke the certificate' }));
    await sup.waitForFunction((c) => [...document.querySelectorAll('main tbody tr')].some((r) => r.textContent?.includes(c) && r.textContent.includes('Revoked: Issued by mistake')), code);
    // The public verification page says so.
    const verify = await fetch(`${BASE}/api/certificates/verify/${code}`, { headers: { 'Accept-Language': 'en' } });
    expect(((await verify.json()) as { status: string }).status).toBe('revoked');

    // The audit log: filtered by action and today's date, the revocation with its before and after.
    const today = new Date().toISOString().slice(0, 10);
    await sup.goto('/admin/audit');
    await byId(sup, 'af-action').selectOption('certificate.revoke');
    await byId(sup, 'af-from').fill(today);
    await byId(sup, 'af-to').fill(today);
    await press(sup.getByRole('button', { name: 'Apply filters' }));
    await sup.waitForURL(/action=certificate\.revoke/);
    const entry = sup.locator('main tbody tr', { hasText: 'Issued by mistake' });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Certificate revoked');
    // The unfiltered rows (which have this entry too) stay on screen until the filtered answer
    // arrives: wait for it.
    const onlyRevocations = async () => {
      const rows = await sup.locator('main tbody tr').allInnerTexts();
      return rows.length > 0 && rows.every((r) => r.includes('certificate.revoke'));
    };
    await expect.poll(onlyRevocations, { timeout: 10_000 }).toBe(true);
    // A day before anything happened: nothing.
    await sup.goto('/admin/audit?action=certificate.revoke&from=2000-01-01&to=2000-01-02');
    await sup.getByText('Nothing matches these filters.').waitFor();
    // CSV of the same filter.
    await sup.goto(`/admin/audit?action=certificate.revoke&from=${today}&to=${today}`);
    await entry.waitFor();
    const download = sup.waitForEvent('download');
    await press(sup.getByRole('button', { name: 'Export as CSV' }));
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain('certificate.revoke');
    expect(csv).toContain('Issued by mistake');
    expect(csv).not.toContain('user.deactivate');
  });
});

const COMBOS = [
  ['ar', 'light'],
  ['ar', 'dark'],
  ['en', 'light'],
  ['en', 'dark'],
] as const;

describe.each(COMBOS)('axe %s %s', (lang, theme) => {
  async function scan(p: Page, route: string, waitFor = 'h1') {
    await p.goto(route);
    await p.waitForSelector(waitFor);
    await p.waitForLoadState('networkidle');
    return axeViolations(p);
  }

  it('every admin page has no violations', async () => {
    await setPrefs(sup, { lang, theme });
    await storeSession(sup, supervisor);
    const pages: Array<[string, string?]> = [
      ['/admin', '.admin-chart'],
      ['/admin/users', '[data-testid="users-table"]'],
      [`/admin/users/${student.user.id}`, '#account-heading'],
      ['/admin/invite'],
      ['/admin/courses', 'main p'],
      ['/admin/certificates', 'main p'],
      ['/admin/news', '#news-caption'],
      ['/admin/news/new', '#nw-title_ar'],
      [`/admin/news/${newsId}`, '#nw-title_ar'],
      ['/admin/messages', '[data-testid="messages-table"]'],
      [`/admin/messages/${messageId}`, '#reply-heading'],
      ['/admin/audit', 'main p'],
    ];
    const found: Record<string, unknown> = {};
    for (const [route, wait] of pages) {
      const v = await scan(sup, route, wait);
      if (v.length) found[route] = v;
    }
    // A dialog open, and a form showing its errors.
    await sup.goto('/admin/users');
    await sup.getByTestId('users-table').waitFor();
    await sup.locator('tbody input[type="checkbox"]').first().check();
    await press(sup.locator('.admin-bulk button').first());
    await sup.getByRole('dialog').waitFor();
    const dialog = await axeViolations(sup);
    if (dialog.length) found['users dialog'] = dialog;
    await sup.keyboard.press('Escape');
    await sup.goto('/admin/news/new');
    await byId(sup, 'nw-title_ar').waitFor();
    await press(sup.locator('form button[type="submit"]'));
    await sup.waitForSelector('.field-error');
    const errs = await axeViolations(sup);
    if (errs.length) found['news editor errors'] = errs;
    expect(found).toEqual({});
    if (SHOTS && ((lang === 'ar' && theme === 'dark') || (lang === 'en' && theme === 'light'))) {
      await sup.goto('/admin');
      await sup.waitForSelector('.admin-chart');
      await sup.waitForLoadState('networkidle');
      await sup.screenshot({ path: `${SHOTS}/admin-overview-${lang}-${theme}.png`, fullPage: true });
    }
  });

  it('news and contact pages have no violations', async () => {
    await setPrefs(visitor, { lang, theme, clear: true });
    const found: Record<string, unknown> = {};
    for (const [route, wait] of [
      ['/news', '.news-list'],
      [`/news/${NEWS.slug}`, '.news-body'],
      ['/', '#latest-news-heading'],
      ['/contact-us', '#contact-name'],
    ] as const) {
      const v = await scan(visitor, route, wait);
      if (v.length) found[route] = v;
    }
    await press(visitor.getByRole('button', { name: lang === 'en' ? 'Send the message' : 'أرسل الرسالة' }));
    await visitor.waitForSelector('.field-error');
    const errs = await axeViolations(visitor);
    if (errs.length) found['contact errors'] = errs;
    expect(found).toEqual({});
    if (SHOTS && ((lang === 'ar' && theme === 'dark') || (lang === 'en' && theme === 'light'))) {
      for (const [route, name] of [
        ['/news', 'news'],
        [`/news/${NEWS.slug}`, 'news-detail'],
      ]) {
        await visitor.goto(route);
        await visitor.waitForLoadState('networkidle');
        await visitor.screenshot({ path: `${SHOTS}/${name}-${lang}-${theme}.png`, fullPage: true });
      }
    }
  });
});
