/**
 * Issue 15 in real browsers against the real server: the admin site, news in two languages and
 * the contact form. A supervisor publishes a news item and a visitor reads it in Arabic and
 * English and finds it in both feeds; a visitor's message reaches the supervisor's open admin
 * page live and the reply goes out by e-mail (the outbox); a student signed in elsewhere is
 * signed out the moment a supervisor deactivates them; only supervisors get in; sortable
 * headers are announced. Then axe (0 violations) on every admin page and the news and contact
 * pages in ar/en × light/dark. With LAMSA_SCREENSHOTS=<dir> it also saves screenshots.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { accredit, apiAs, apiLogin, axeScan, axeViolations, BASE, byId, clientAddress, COMBO, createAccount, expect, expectStatus, linkFromOutbox, mailFromOutbox, pagesForFile, press, setPrefs, signOut, socketReady, storeSession, SUPERVISOR, test, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

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

/** Whether an e-mail's text contains `needle` (plain, quoted-printable or base64). */
function mentions(text: string, needle: string): boolean {
  const unfolded = text.replace(/=\r?\n/g, '');
  const b64 = [...text.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [unfolded, ...b64].some((t) => t.includes(needle));
}

let sup: Page;
let visitor: Page;
let supervisor: LoginResult;
let newsId = 0;
let messageId = 0;
let student: LoginResult & { password: string };

pagesForFile(2, (p) => ([sup, visitor] = p));
test.beforeAll(async () => {
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  student = await createAccount('student', `Sara Admin ${stamp}`);
});

test.describe('admin site access', () => {
  test('signed out: the login page, which comes back to the admin site for a supervisor', async () => {
    await setPrefs(sup, { lang: 'en', theme: 'light', clear: true });
    await sup.goto('/admin/users');
    await sup.waitForURL(/\/login\?next=%2Fadmin%2Fusers/);
    await byId(sup, 'f-email').fill(SUPERVISOR.email);
    await byId(sup, 'f-password').fill(SUPERVISOR.password);
    await press(sup.locator('form button[type="submit"]'));
    await sup.waitForURL(/\/admin\/users$/);
    await expect(sup.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(sup.getByRole('navigation', { name: 'Admin site' })).toBeVisible();
  });

  test('a student: a clear "not allowed", and the admin API refuses', async () => {
    await setPrefs(visitor, { lang: 'en', clear: true });
    await storeSession(visitor, student);
    await visitor.goto('/admin');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(visitor.locator('main')).toContainText('for the society’s supervisors only', { useInnerText: true });
    await expect(visitor.getByRole('navigation', { name: 'Admin site' })).toHaveCount(0);
    await expect(apiAs(student, 'GET', 'admin/overview')).rejects.toThrow(/403/);
    await signOut(visitor);
  });

  test('the supervisor menu opens the admin site in a new tab, and says so', async () => {
    await storeSession(sup, supervisor);
    await sup.goto('/supervisor');
    const link = sup.getByRole('link', { name: /Admin panel/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toContainText('(opens in a new tab)', { useInnerText: true });
  });
});

test.describe('news', () => {
  test('a supervisor writes and publishes an item, with a preview', async () => {
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto('/admin/news');
    await press(sup.getByRole('link', { name: 'Write a news item' }));
    await expect(sup.getByRole('heading', { level: 1, name: 'Write a news item' })).toBeVisible();
    // Saving empty: every missing field is marked, the first one has focus.
    await press(sup.getByRole('button', { name: 'Save' }));
    await expect(byId(sup, 'nw-title_ar')).toBeFocused();
    await expect(byId(sup, 'nw-title_ar')).toHaveAttribute('aria-invalid', 'true');
    await expect(sup.locator('[role="alert"]').first()).toContainText('was not saved', { useInnerText: true });

    await byId(sup, 'nw-title_ar').fill(NEWS.title_ar);
    await byId(sup, 'nw-body_md_ar').fill(NEWS.body_ar);
    await byId(sup, 'nw-title_en').fill(NEWS.title_en);
    await byId(sup, 'nw-body_md_en').fill(NEWS.body_en);
    await byId(sup, 'nw-link').fill('https://example.org/braille-course');
    await byId(sup, 'nw-slug').fill(NEWS.slug);
    await press(sup.getByRole('button', { name: 'Preview' }));
    await expect(byId(sup, 'preview-heading')).toBeFocused();
    const preview = sup.locator('.admin-preview');
    await expect(preview.locator('h2', { hasText: 'What is new' })).toHaveCount(1);
    await expect(preview.locator('script')).toHaveCount(0);

    // An image needs its description in both languages before the item can be saved.
    await byId(sup, 'nw-image_media_id').setInputFiles({ name: 'course.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await expectStatus(sup, 'Image uploaded.');
    await press(sup.getByRole('button', { name: 'Save' }));
    await expect(byId(sup, 'nw-image_alt_ar')).toBeFocused();
    await expect(byId(sup, 'nw-image_alt_en')).toHaveAttribute('aria-invalid', 'true');
    await byId(sup, 'nw-image_alt_ar').fill(NEWS.alt_ar);
    await byId(sup, 'nw-image_alt_en').fill(NEWS.alt_en);

    await press(sup.getByRole('radio', { name: 'Published' }), ' ');
    await press(sup.getByRole('button', { name: 'Save' }));
    await sup.waitForURL(/\/admin\/news\/\d+$/);
    newsId = Number(/\/admin\/news\/(\d+)$/.exec(sup.url())![1]);
    await expect(sup.getByRole('heading', { level: 1, name: 'Edit the news item' })).toBeVisible();
    await expect(byId(sup, 'nw-title_en')).toHaveValue(NEWS.title_en);
  });

  test('a visitor reads it in English and Arabic, on the news page and the home page', async () => {
    expect(newsId).toBeGreaterThan(0);
    await setPrefs(visitor, { lang: 'en', clear: true });
    await visitor.goto('/news');
    const link = visitor.getByRole('link', { name: NEWS.title_en });
    await press(link);
    await visitor.waitForURL(`**/news/${NEWS.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: NEWS.title_en })).toBeVisible();
    const main = visitor.locator('main');
    await expect(main.locator('h2', { hasText: 'What is new' })).toHaveCount(1);
    await expect(main.locator('em', { hasText: 'new' })).toHaveCount(1);
    await expect(main.getByRole('link', { name: 'Related link' })).toHaveAttribute('href', 'https://example.org/braille-course');
    await expect(main.getByRole('img', { name: NEWS.alt_en })).toHaveCount(1);
    // The script in the Markdown is text at most, never run.
    await expect(main.locator('script')).toHaveCount(0);
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await setPrefs(visitor, { lang: 'ar' });
    await visitor.goto(`/news/${NEWS.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: NEWS.title_ar })).toBeVisible();
    await expect(visitor.locator('main h2', { hasText: 'ما الجديد' })).toHaveCount(1);
    await expect(visitor.getByRole('img', { name: NEWS.alt_ar })).toHaveCount(1);
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 2, name: 'آخر الأخبار' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: NEWS.title_ar })).toHaveCount(1);
  });

  test('both feeds carry it and every page advertises them', async () => {
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

  test('a draft is not public', async () => {
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
    await expect(visitor.locator('[role="alert"]', { hasText: 'does not exist or is not published' })).toBeVisible();
    await visitor.goto('/news');
    await expect(visitor.getByRole('link', { name: NEWS.title_en })).toBeVisible();
    await expect(visitor.getByRole('link', { name: `Draft ${stamp}` })).toHaveCount(0);
  });
});

test.describe('contact', () => {
  const visitorEmail = `visitor-${stamp}@example.com`;
  const subject = `Display question ${stamp}`;
  const replyText = `Thank you, it is fixed now ${stamp}`;

  test('a visitor sends a message; the supervisor’s open page shows it live; the reply goes out by e-mail', async () => {
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    const ready = socketReady(sup);
    await sup.goto('/admin/messages');
    await expect(sup.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
    await ready;
    await sup.waitForLoadState('networkidle');
    const badge = () => sup.evaluate(() => Number(document.querySelector('[data-testid="admin-unread-badge"] [aria-hidden="true"]')?.textContent ?? '0'));
    const badgeBefore = await badge();

    await setPrefs(visitor, { lang: 'en', clear: true });
    await visitor.goto('/contact-us');
    // Errors first: tied to their fields, focus on the first one.
    await press(visitor.getByRole('button', { name: 'Send the message' }));
    await expect(byId(visitor, 'contact-name')).toBeFocused();
    expect(await byId(visitor, 'contact-name').getAttribute('aria-describedby')).toContain('contact-name-error');
    await byId(visitor, 'contact-name').fill('Visitor Huda');
    await byId(visitor, 'contact-email').fill(visitorEmail);
    await byId(visitor, 'contact-subject').fill(subject);
    await byId(visitor, 'contact-message').fill('My Braille display does not show the lesson titles. <img src=x onerror=alert(1)>');
    await press(visitor.getByRole('button', { name: 'Send the message' }));
    // Spec §10's "message sent" (the server's localised wording), read first: it has focus.
    await expect(visitor.locator(':focus')).toHaveText(/^message sent$/i);
    expect((await visitor.locator('[role="status"]').allInnerTexts()).join(' ')).toContain(visitorEmail);

    // Live on the supervisor's page: the row, the announcement and the badge, without a reload.
    await expect(sup.getByRole('link', { name: new RegExp(subject) })).toBeVisible({ timeout: 15_000 });
    await expectStatus(sup, `New message from Visitor Huda: ${subject}`);
    await expect.poll(badge).toBe(badgeBefore + 1);

    await press(sup.getByRole('link', { name: new RegExp(subject) }));
    await expect(sup.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    messageId = Number(/\/admin\/messages\/(\d+)$/.exec(sup.url())![1]);
    // The visitor's HTML is shown as text.
    await expect(sup.locator('.admin-message-text')).toContainText('<img src=x onerror=alert(1)>', { useInnerText: true });
    await expect(sup.locator('main img')).toHaveCount(0);
    // Opening it read it: the badge goes back down.
    await expect.poll(badge).toBe(badgeBefore);

    await byId(sup, 'mr-text').fill(replyText);
    await press(sup.getByRole('button', { name: 'Send the reply' }));
    await expect(sup.getByTestId('message-replies').getByText(replyText)).toBeVisible();
    await expect(sup.getByTestId('message-status')).toHaveText('Handled', { useInnerText: true });
    const mail = await mailFromOutbox(visitorEmail, (text) => mentions(text, replyText));
    expect(mail).toMatch(/^To:.*visitor-/m);
  });

  test('the supervisor dashboard shows the unread count and follows it live', async () => {
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
    await expect.poll(read).toBe(before + 1);
    await expect(sup.getByTestId('contact-badge')).toContainText('Unread contact messages', { useInnerText: true });
  });
});

test.describe('users', () => {
  test('sortable headers are buttons, announced with aria-sort, by keyboard', async () => {
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto('/admin/users');
    const table = sup.getByTestId('users-table');
    await expect(table).toBeVisible();
    const nameHeader = table.locator('th', { has: sup.locator('button[data-column="name"]') });
    await expect(nameHeader).not.toHaveAttribute('aria-sort');
    await expect(table.locator('th[aria-sort]')).toHaveAttribute('aria-sort', 'descending');
    await press(table.locator('button[data-column="name"]'));
    await sup.waitForURL(/sort=name/);
    await expect(table.locator('th[aria-sort] [data-column="name"]')).toHaveCount(1);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
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
    await expect(table.locator('th[aria-sort="descending"] [data-column="name"]')).toHaveCount(1);
  });

  test('search finds a user by e-mail, and the matching users export as CSV', async () => {
    await storeSession(sup, supervisor);
    await sup.goto('/admin/users');
    await byId(sup, 'uf-q').fill(student.user.email);
    await press(byId(sup, 'uf-q'));
    await sup.waitForURL(/q=/);
    const table = sup.getByTestId('users-table');
    // The unfiltered list stays on screen until the search's answer replaces it.
    await expect(table.locator('tbody tr')).toHaveCount(1, { timeout: 10_000 });
    await expect(table.getByRole('link', { name: student.user.name })).toBeVisible();
    const download = sup.waitForEvent('download');
    await press(sup.getByRole('button', { name: 'Export every matching user as CSV' }));
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split(/\r?\n/)[0].replace(/^\uFEFF/, '')).toBe('id,name,email,type,active,activated,created_at');
    expect(csv).toContain(student.user.email);
    expect(csv).not.toContain(SUPERVISOR.email);
  });

  test('deactivating a student signed in elsewhere ends their session at once', async () => {
    const s = await apiLogin(student.user.email, student.password);
    await setPrefs(visitor, { lang: 'en', clear: true });
    await storeSession(visitor, s);
    const ready = socketReady(visitor);
    await visitor.goto('/student');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await ready;

    await storeSession(sup, supervisor);
    await sup.goto(`/admin/users?q=${encodeURIComponent(student.user.email)}`);
    await press(sup.getByRole('link', { name: student.user.name }));
    await expect(sup.getByRole('heading', { level: 1, name: student.user.name })).toBeVisible();
    await press(sup.getByRole('button', { name: 'Deactivate the account' }));
    const dialog = sup.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await press(dialog.getByRole('button', { name: 'Deactivate' }));
    await expect(sup.getByTestId('user-active')).toContainText('Deactivated');

    // The student's open page is signed out without doing anything.
    await visitor.waitForURL('**/login', { timeout: 15_000 });
    expect(await visitor.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
    // And cannot sign in again, with a message that says why.
    await byId(visitor, 'f-email').fill(student.user.email);
    await byId(visitor, 'f-password').fill(student.password);
    await press(visitor.locator('form button[type="submit"]'));
    await expect(visitor.locator('[role="alert"]', { hasText: /deactivated/i })).toBeVisible();

    // The audit log has the row: who, what, on which record, before and after.
    await sup.goto(`/admin/audit?action=user.deactivate`);
    const audit = sup.locator('main table');
    await expect(audit).toBeVisible();
    const row = audit.locator('tbody tr', { hasText: `user #${student.user.id}` }).first();
    await expect(row).toContainText('user.deactivate', { useInnerText: true });
    await expect(row).toContainText('Sup', { useInnerText: true });
    await sup.goBack();
    await expect(sup.getByRole('heading', { level: 1, name: student.user.name })).toBeVisible();

    // Reactivated, they can sign in again.
    await press(sup.getByRole('button', { name: 'Reactivate the account' }));
    await expect(sup.getByTestId('user-active')).toHaveText('Active');
    expect((await apiLogin(student.user.email, student.password)).user.email).toBe(student.user.email);
  });
});

test.describe('invitations', () => {
  test('a supervisor invites an instructor, who sets a password from the e-mail and signs in', async () => {
    const email = `invited-${stamp}@example.com`;
    await setPrefs(sup, { lang: 'en' });
    await storeSession(sup, supervisor);
    await sup.goto('/admin/invite');
    await expect(sup.getByRole('heading', { level: 1, name: 'Invite an account' })).toBeVisible();
    await byId(sup, 'inv-name').fill(`Invited Instructor ${stamp}`);
    await byId(sup, 'inv-email').fill(email);
    await press(sup.getByRole('button', { name: 'Send the invitation' }));
    await expect(sup.getByRole('link', { name: 'Open the new account' })).toBeVisible();
    // The same address twice: the error is on the e-mail field.
    await byId(sup, 'inv-name').fill(`Invited Again ${stamp}`);
    await byId(sup, 'inv-email').fill(email);
    await press(sup.getByRole('button', { name: 'Send the invitation' }));
    await expect(byId(sup, 'inv-email')).toBeFocused();
    await expect(sup.locator('#inv-email-error')).toBeVisible();

    const link = await linkFromOutbox(email, 'reset-password');
    await setPrefs(visitor, { lang: 'en', clear: true });
    await visitor.goto(link);
    await byId(visitor, 'f-password').fill('Invited#2026');
    await byId(visitor, 'f-password_confirm').fill('Invited#2026');
    await press(visitor.locator('form button[type=submit]'));
    await expect(visitor.locator('[role=status]:has-text("Password reset")').first()).toBeVisible();
    const signedIn = await apiLogin(email, 'Invited#2026');
    expect(signedIn.user.type).toBe('instructor');
  });
});

test.describe('courses', () => {
  test('a supervisor stops an active course and restarts it', async () => {
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
    await expect(row).toBeVisible();
    await expect(row).toContainText('Active', { useInnerText: true });
    await press(row.getByRole('button', { name: /^Deactivate/ }));
    await press(sup.getByRole('dialog').getByRole('button', { name: 'Deactivate' }));
    await expect(sup.locator('main tbody tr', { hasText: title }).filter({ hasText: 'Stopped' }).first()).toBeVisible();
    await press(row.getByRole('button', { name: /^Reactivate/ }));
    await expect(sup.locator('main tbody tr', { hasText: title }).filter({ hasText: 'Active' }).first()).toBeVisible();
  });
});

test.describe('certificates and the audit log', () => {
  test('a supervisor revokes a certificate with a reason; the audit log finds it by action and date and exports it', async () => {
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
    await expect(row).toBeVisible();
    await expect(sup.locator('main tbody tr')).toHaveCount(1);
    await expect(row).toContainText('Valid', { useInnerText: true });
    await press(row.getByRole('button', { name: `Revoke ${code}` }));
    const dialog = sup.getByRole('dialog', { name: `Revoke the certificate ${code}` });
    await press(dialog.getByRole('button', { name: 'Revoke the certificate' }));
    await expect(byId(sup, 'rv-reason-error')).toBeVisible();
    await expect(byId(sup, 'rv-reason-error')).toContainText('Give a reason', { useInnerText: true });
    await expect(byId(sup, 'rv-reason')).toBeFocused();
    await sup.keyboard.type('Issued by mistake');
    await press(dialog.getByRole('button', { name: 'Revoke the certificate' }));
    await expect(sup.locator('main tbody tr', { hasText: code }).filter({ hasText: 'Revoked: Issued by mistake' }).first()).toBeVisible();
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
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Certificate revoked', { useInnerText: true });
    // The unfiltered rows (which have this entry too) stay on screen until the filtered answer
    // arrives: wait for it.
    const onlyRevocations = async () => {
      const rows = await sup.locator('main tbody tr').allInnerTexts();
      return rows.length > 0 && rows.every((r) => r.includes('certificate.revoke'));
    };
    await expect.poll(onlyRevocations, { timeout: 10_000 }).toBe(true);
    // A day before anything happened: nothing.
    await sup.goto('/admin/audit?action=certificate.revoke&from=2000-01-01&to=2000-01-02');
    await expect(sup.getByText('Nothing matches these filters.')).toBeVisible();
    // CSV of the same filter.
    await sup.goto(`/admin/audit?action=certificate.revoke&from=${today}&to=${today}`);
    await expect(entry).toBeVisible();
    const download = sup.waitForEvent('download');
    await press(sup.getByRole('button', { name: 'Export as CSV' }));
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain('certificate.revoke');
    expect(csv).toContain('Issued by mistake');
    expect(csv).not.toContain('user.deactivate');
  });
});

/** A published news item with an image, and a contact message with a reply, as the tests above leave them. */
async function newsAndMessage() {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }), 'course.png');
  const image = await apiAs<{ id: number }>(supervisor, 'POST', 'media?kind=image', form);
  const item = await apiAs<{ news: { id: number } }>(supervisor, 'POST', 'admin/news', {
    slug: NEWS.slug,
    title_ar: NEWS.title_ar,
    title_en: NEWS.title_en,
    body_md_ar: NEWS.body_ar,
    body_md_en: NEWS.body_en,
    image_media_id: image.id,
    image_alt_ar: NEWS.alt_ar,
    image_alt_en: NEWS.alt_en,
    link: 'https://example.org/braille-course',
    state: 'published',
    publish_at: null,
  });
  newsId = item.news.id;
  const subject = `Display question ${stamp}`;
  const sent = await fetch(`${BASE}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': clientAddress() },
    body: JSON.stringify({ name: 'Visitor Huda', email: `visitor-${stamp}@example.com`, subject, message: 'My Braille display does not show the lesson titles.', website: '' }),
  });
  expect(sent.status).toBe(201);
  const inbox = await apiAs<{ items: Array<{ id: number; subject: string }> }>(supervisor, 'GET', 'admin/contact-messages');
  messageId = inbox.items.find((m) => m.subject === subject)!.id;
  await apiAs(supervisor, 'POST', `admin/contact-messages/${messageId}/reply`, { text: `Thank you, it is fixed now ${stamp}` });
}

// In each language × theme project (playwright.config.ts), on a news item and a message of its own.
test.describe('axe', { tag: COMBO }, () => {
  test.beforeAll(newsAndMessage);
  const scan = axeScan;

  test('every admin page has no violations', async ({ lang, theme }) => {
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
    await expect(sup.getByTestId('users-table')).toBeVisible();
    await sup.locator('tbody input[type="checkbox"]').first().check();
    await press(sup.locator('.admin-bulk button').first());
    await expect(sup.getByRole('dialog')).toBeVisible();
    const dialog = await axeViolations(sup);
    if (dialog.length) found['users dialog'] = dialog;
    await sup.keyboard.press('Escape');
    await sup.goto('/admin/news/new');
    await expect(byId(sup, 'nw-title_ar')).toBeVisible();
    await press(sup.locator('form button[type="submit"]'));
    await expect(sup.locator('.field-error').first()).toBeVisible();
    const errs = await axeViolations(sup);
    if (errs.length) found['news editor errors'] = errs;
    expect(found).toEqual({});
    if (SHOTS && ((lang === 'ar' && theme === 'dark') || (lang === 'en' && theme === 'light'))) {
      await sup.goto('/admin');
      await expect(sup.locator('.admin-chart').first()).toBeVisible();
      await sup.waitForLoadState('networkidle');
      await sup.screenshot({ path: `${SHOTS}/admin-overview-${lang}-${theme}.png`, fullPage: true });
    }
  });

  test('news and contact pages have no violations', async ({ lang, theme }) => {
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
    await expect(visitor.locator('.field-error').first()).toBeVisible();
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
