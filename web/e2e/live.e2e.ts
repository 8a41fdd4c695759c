/**
 * The live platform in real browsers against the real server: an instructor, a student and a
 * supervisor, each in their own browser profile. The student asks in the page and the
 * instructor's badge goes up without a reload; the instructor answers in the page and the
 * student's page shows it live; a supervisor's note reaches the student live and the reply
 * reaches the supervisor live; a dropped socket with an expired token refreshes, reconnects and
 * resumes without losing an event; "mark all as read" reaches the user's other tab. Then axe
 * (0 violations) on the new pages in ar/en × light/dark. With LAMSA_SCREENSHOTS=<dir> it also
 * saves screenshots of them.
 */
import type { Page } from '@playwright/test';
import { apiLogin, axeViolations, BASE, byId, COMBOS, createAccount, expect, expireAccessToken, launch, newPage, setPrefs, storeSession, SUPERVISOR, test, type Browser, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.LAMSA_SCREENSHOTS;

/** An API call as a signed-in user; a 401 (the 8 s access token) refreshes once. */
async function call<T>(s: LoginResult, path: string, body?: unknown): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${BASE}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', Authorization: `Bearer ${s.access}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 401 && attempt === 0) {
      const r = await fetch(`${BASE}/api/auth/token/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh: s.refresh }),
      });
      s.access = ((await r.json()) as { access: string }).access;
      continue;
    }
    const data = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
    return data;
  }
}

const stamp = Date.now().toString(36);
const COURSE = `Live Braille ${stamp}`;
const names = { student: `Sara Live ${stamp}`, instructor: `Ahmad Live ${stamp}` };

/** An active course by the instructor, with the student enrolled (the API's own flow). */
async function activeCourseWithStudent(instructor: LoginResult, student: LoginResult, supervisor: LoginResult) {
  const created = await call<{ course: { id: number } }>(instructor, 'courses', {
    title: COURSE,
    type: 'Braille reading',
    duration_days: 14,
    description: 'The first letters of the alphabet in Braille',
    category: 'letters',
    level: 'beginner',
    language: 'en',
    chapters: [
      {
        title: 'First letters',
        description: 'a b c',
        lessons: [
          { title: 'Letter a', description: 'One dot', rule: 'a is dot 1', letters: ['a'], words: ['a'] },
          { title: 'Letter b', description: 'Dots 1 and 2', letters: ['b'] },
        ],
      },
    ],
  });
  const id = created.course.id;
  await call(instructor, `courses/${id}/accreditation`, {});
  const queue = await call<{ requests: Array<{ id: number; course_id: number }> }>(supervisor, 'supervisor/requests?kind=accreditation');
  const request = queue.requests.find((r) => r.course_id === id);
  if (!request) throw new Error('accreditation request not in the queue');
  await call(supervisor, `requests/${request.id}/approve`, {});
  await call(student, `courses/${id}/enrol`, {});
  return id;
}

/** Waits until the page's socket has resumed (the notification centre says live updates are on). */
async function waitLive(page: Page) {
  await expect(page.locator('.notif-status')).toHaveText(/^(Live updates are on\.|التحديثات الحية تعمل\.)$/);
}

/** Marks the document, so a later check can tell that the page was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __lamsaMark: number }).__lamsaMark = 42));
}
async function notReloaded(page: Page) {
  return page.evaluate(() => (window as unknown as { __lamsaMark?: number }).__lamsaMark === 42);
}

/** What the polite live region holds, without the bidi isolates around names and titles. */
async function announcements(page: Page): Promise<string[]> {
  return (await page.locator('[data-testid=live-announcer] p').allTextContents()).map((t) => t.replace(/[\u2068\u2069]/g, ''));
}

/** A toast whose text (without isolates) contains `text` shows. */
async function waitToast(page: Page, text: string) {
  const toasts = () => page.locator('.toasts li').evaluateAll((lis) => lis.map((li) => (li.textContent ?? '').replace(/[\u2068\u2069]/g, '')));
  await expect.poll(toasts, { message: `a toast "${text}"` }).toContainEqual(expect.stringContaining(text));
}

async function open(page: Page, path: string, s: LoginResult, lang: 'ar' | 'en', theme: 'light' | 'dark' = 'light') {
  await setPrefs(page, { lang, theme });
  await storeSession(page, s);
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await waitLive(page);
}

let bi: Browser; // instructor
let bs: Browser; // student
let bsup: Browser; // supervisor
let ip: Page;
let sp: Page;
let supPage: Page;
let instructor: LoginResult;
let student: LoginResult;
let supervisor: LoginResult;
let studentEmail: string;

test.beforeAll(async ({ browser }) => {
  [bi, bs, bsup] = await Promise.all([launch(browser), launch(browser), launch(browser)]);
  // Lets a test drop the student's socket the way a network would.
  await bs.context.addInitScript(() => {
    const Native = window.WebSocket;
    const all: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = all;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        all.push(this);
      }
    } as typeof WebSocket;
  });
  [ip, sp, supPage] = await Promise.all([newPage(bi), newPage(bs), newPage(bsup)]);
  instructor = await createAccount('instructor', names.instructor);
  const s = await createAccount('student', names.student);
  student = s;
  studentEmail = s.user.email;
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  await activeCourseWithStudent(instructor, student, supervisor);
});

test.afterAll(async () => {
  await Promise.all([bi?.close(), bs?.close(), bsup?.close()]);
});

test.describe('live questions', () => {
  const question = `How do I write the letter b? (${stamp})`;
  const answer = `Dots 1 and 2, one above the other (${stamp})`;

  test('the student asks in the page → the instructor’s badge and list update live; the answer reaches the student live', async () => {
    await open(ip, '/instructor/students-questions', instructor, 'en');
    await expect(ip.locator('[data-testid=questions-badge]')).toHaveCount(0);
    await markDocument(ip);

    await open(sp, '/student/questions', student, 'ar');
    await markDocument(sp);
    await expect(sp.locator('#ask-course_id').first()).toBeVisible();
    expect(await sp.locator('#ask-course_id').inputValue()).not.toBe('');
    await expect(sp.locator('#ask-lesson_id option', { hasText: 'Letter b' })).toBeAttached();
    await sp.selectOption('#ask-lesson_id', { label: 'First letters — Letter b' });
    await sp.fill('#ask-text', question);
    await sp.getByRole('button', { name: 'إرسال السؤال' }).click();
    await expect(sp.getByRole('status').filter({ hasText: 'تم إرسال السؤال' })).toBeVisible();
    await expect(sp.locator('li.thread', { hasText: question }).getByText('بانتظار الإجابة')).toBeVisible();

    // The instructor's tab: badge, list item, toast and one announcement, without a reload.
    const badge = ip.locator('[data-testid=questions-badge]');
    await expect(badge).toBeVisible({ timeout: 10_000 });
    await expect(badge).toHaveText('1(Unanswered questions: 1)');
    const item = ip.locator('li.thread', { hasText: question });
    await expect(item).toBeVisible();
    await expect(item).toContainText(names.student);
    await expect(item).toContainText('Lesson: Letter b');
    await waitToast(ip, `New question from ${names.student} about “${COURSE}”`);
    const said = await announcements(ip);
    expect(said.filter((t) => t.startsWith(`New question from ${names.student} about “${COURSE}”, lesson “Letter b”`))).toHaveLength(1);
    expect(said.some((t) => t.startsWith('Unanswered questions'))).toBe(false);
    expect(await notReloaded(ip)).toBe(true);
    // The toast did not take focus.
    expect(await ip.evaluate(() => document.activeElement?.closest('.toasts') ?? null)).toBeNull();

    // The instructor answers in the page.
    await item.locator('textarea').fill(answer);
    await item.getByRole('button', { name: 'Send answer' }).click();
    await expect(item.getByRole('status').filter({ hasText: 'Question answered' })).toBeVisible();
    await badge.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await ip.evaluate(() => document.activeElement?.textContent)).toBe(`Question from ${names.student}`);

    // The student's page shows the answer live, with a toast and one announcement.
    const mine = sp.locator('li.thread', { hasText: question });
    await expect(mine.getByText(answer)).toBeVisible({ timeout: 10_000 });
    await expect(mine.getByText('تمت الإجابة', { exact: true })).toBeVisible();
    await waitToast(sp, `تمت الإجابة عن سؤالك عن «${COURSE}»`);
    expect((await announcements(sp)).filter((t) => t === `تمت الإجابة عن سؤالك عن «${COURSE}»`)).toHaveLength(1);
    expect(await notReloaded(sp)).toBe(true);
  });
});

test.describe('live notes', () => {
  const noteText = `Well done in your first lesson (${stamp})`;
  const replyText = `Thank you, I will keep practising (${stamp})`;

  test('a supervisor’s note reaches the student live, and the reply reaches the supervisor live', async () => {
    await open(sp, '/student/notes', student, 'ar');
    await markDocument(sp);
    await open(supPage, '/supervisor/contact/student', supervisor, 'en');
    await markDocument(supPage);

    // Search only after "@": without it, no request is made. (Counted as answered: a search whose
    // access token expired on the way is refused with 401 and sent again after the refresh.)
    const searches: string[] = [];
    supPage.on('response', (r) => {
      if (r.url().includes('/api/users/search') && r.status() !== 401) searches.push(r.url());
    });
    await supPage.fill('#search-q', 'Sara');
    await supPage.press('#search-q', 'Enter');
    await expect(supPage.locator('#search-q-error', { hasText: 'Type @ first, then part of the name or e-mail, to search' })).toBeVisible();
    await expect(byId(supPage, 'search-q')).toBeFocused();
    expect(searches).toEqual([]);

    await supPage.fill('#search-q', `@${studentEmail}`);
    await supPage.press('#search-q', 'Enter');
    await expect(supPage.getByRole('status').filter({ hasText: '1 person found' })).toBeVisible();
    expect(searches).toHaveLength(1);
    await supPage.getByRole('button', { name: `Write a note to ${names.student}` }).click();
    await expect(byId(supPage, 'compose-text')).toBeFocused();
    await supPage.fill('#compose-text', noteText);
    await supPage.getByRole('button', { name: 'Send note' }).click();
    await expect(supPage.getByRole('status').filter({ hasText: 'Note sent' })).toBeVisible();

    // The student's notes page, live.
    const thread = sp.locator('li.thread', { hasText: noteText });
    await expect(thread).toBeVisible({ timeout: 10_000 });
    await expect(thread.locator('h2')).toHaveText('ملاحظة من Sup');
    await waitToast(sp, `ملاحظة جديدة من Sup: ${noteText}`);
    expect((await announcements(sp)).filter((t) => t.startsWith('ملاحظة جديدة من Sup'))).toHaveLength(1);
    expect(await notReloaded(sp)).toBe(true);

    await thread.locator('textarea').fill(replyText);
    await thread.getByRole('button', { name: 'إرسال الرد' }).click();
    await expect(thread.getByRole('status').filter({ hasText: 'تم الرد على الملاحظة' })).toBeVisible();

    // The supervisor sees the reply live.
    const sent = supPage.locator('li.thread', { hasText: noteText });
    await expect(sent.getByText(replyText)).toBeVisible({ timeout: 10_000 });
    await waitToast(supPage, `${names.student} replied to a note: ${replyText}`);
    expect(await notReloaded(supPage)).toBe(true);
  });

  test('a dropped socket with an expired token refreshes, reconnects and resumes: nothing is lost', async () => {
    await open(sp, '/student/notes', student, 'en');
    await markDocument(sp);
    // The access token expires, so the reconnect is refused (4401) and must refresh first.
    await expireAccessToken(sp);
    const before = await sp.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.length);
    const refreshes: string[] = [];
    sp.on('request', (r) => {
      if (r.url().endsWith('/api/auth/token/refresh')) refreshes.push(r.url());
    });
    await sp.evaluate(() => {
      const all = (window as unknown as { __sockets: WebSocket[] }).__sockets;
      all[all.length - 1].close(4000, 'test drop');
    });
    // Sent while the tab has no socket.
    const missed = `Sent while you were away (${stamp})`;
    const s = await call<{ users: Array<{ id: number }> }>(supervisor, `users/search?type=student&q=${encodeURIComponent('@' + studentEmail)}`);
    await call(supervisor, 'notes', { recipient_id: s.users[0].id, text: missed });

    await expect(sp.locator('li.thread', { hasText: missed })).toBeVisible({ timeout: 20_000 });
    await waitLive(sp);
    const after = await sp.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.length);
    // At least: the refused socket (4401) and the one that resumed.
    expect(after - before).toBeGreaterThanOrEqual(2);
    expect((await announcements(sp)).filter((t) => t.includes(missed))).toHaveLength(1);
    expect(await notReloaded(sp)).toBe(true);
    // The stored token had expired: the first reconnect was refused (4401) and the next one
    // could only succeed after a refresh.
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
  });

  test('"mark all as read" in one tab clears the count in the user’s other tab', async () => {
    const second = await newPage(bs);
    await open(sp, '/student', student, 'en');
    await second.goto('/student/notes');
    await waitLive(second);
    const button = (p: Page) => p.locator('#notif-button');
    await expect(button(sp)).toHaveText(/\(\d+ unread\)/);
    await button(sp).click();
    await sp.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(sp.getByRole('status').filter({ hasText: 'All notifications are marked as read' })).toBeVisible();
    await expect(button(sp)).toHaveText('Notifications');
    await expect(button(second)).toHaveText('Notifications');
    await second.close();
  });
});

test.describe('axe on the live pages', () => {
  const PAGES: Array<[string, () => LoginResult]> = [
    ['/student/questions', () => student],
    ['/student/notes', () => student],
    ['/instructor/students-questions', () => instructor],
    ['/instructor/notes', () => instructor],
    ['/supervisor/contact/instructor', () => supervisor],
    ['/supervisor/contact/student', () => supervisor],
  ];

  // Every combination here, on the notes this file's tests left (not a project each: that would
  // set the course and the notes up four more times).
  for (const [lang, theme] of COMBOS)
  test(`${lang} ${theme}: the new pages, the open notification centre, a toast and search results have no violations`, async () => {
    const page = supPage;
    const found: Record<string, unknown> = {};
    for (const [path, who] of PAGES) {
      await open(page, path, who(), lang, theme);
      await page.waitForLoadState('networkidle');
      let v = await axeViolations(page);
      if (v.length) found[path] = v;
      await page.locator('#notif-button').click();
      await expect(page.locator('.notif-panel')).toBeVisible();
      v = await axeViolations(page);
      if (v.length) found[`${path} + notifications`] = v;
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/live${path.replace(/\//g, '_')}-panel-${lang}-${theme}.png` });
      await page.keyboard.press('Escape');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/live${path.replace(/\//g, '_')}-${lang}-${theme}.png`, fullPage: true });
    }
    // Search results, the note form and a live toast on the supervisor's page.
    await open(page, '/supervisor/contact/student', supervisor, lang, theme);
    await page.fill('#search-q', `@${studentEmail}`);
    await page.press('#search-q', 'Enter');
    await expect(page.locator('.people li').first()).toBeVisible();
    await page.locator('.people li button').first().click();
    const s = await call<{ notes: Array<{ id: number; recipient_id: number }> }>(student, 'notes');
    await call(student, `notes/${s.notes[0].id}/reply`, { text: `Toast check ${lang} ${theme}` });
    await expect(page.locator('.toasts li').first()).toBeVisible({ timeout: 10_000 });
    const v = await axeViolations(page);
    if (v.length) found['contact with results, form and toast'] = v;
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/live_contact-toast-${lang}-${theme}.png` });
    expect(found).toEqual({});
  });
});
