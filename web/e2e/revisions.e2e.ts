/**
 * Course revisions (issue 23), by keyboard: an instructor fixes a typo in a lesson of a live
 * course through a revision (students keep seeing the live version meanwhile) and sends it; a
 * supervisor sees it arrive live in the accreditation queue, reads the difference and approves
 * it; the instructor hears the decision live and the student sees the fix, their progress kept.
 */
import type { Page } from '@playwright/test';
import { accredit, apiAs, apiLogin, axeViolations, byId, createAccount, expect, expectHeadingFocused, expectStatus, go, pagesForFile, press, setPrefs, settle, socketReady, storeSession, SUPERVISOR, test, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Braille letters revised ${stamp}`;
const TYPO = 'Dots 1 adn 2, side by side.';
const FIXED = 'Dots 1 and 2, side by side.';

let ip: Page;
let sp: Page;
let st: Page;
let instructor: LoginResult;
let supervisor: LoginResult;
let student: LoginResult;
let courseId = 0;
let lessonIds: number[] = [];

interface Course {
  id: number;
  title: string;
  chapters: Array<{ lessons: Array<{ id: number; description: string; completed: boolean | null }> }>;
}

/** Switches a signed-in page's language and theme (stored, then reloaded). */
async function prefs(page: Page, lang: 'ar' | 'en', theme: 'light' | 'dark') {
  await settle(page);
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('app-lang', l);
      localStorage.setItem('app-theme', t);
      document.cookie = `app-lang=${l};path=/`;
    },
    [lang, theme],
  );
  await page.reload();
}

/** Waits for the page's h1 to read `text`, then for it to have focus. */
async function expectTitle(page: Page, text: string) {
  await expect(page.locator('h1', { hasText: text })).toBeVisible();
  await expectHeadingFocused(page);
}

pagesForFile(3, (p) => ([ip, sp, st] = p));
test.beforeAll(async () => {
  instructor = await createAccount('instructor', 'Revising Instructor');
  student = await createAccount('student', 'Revision Student');
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  const created = await apiAs<{ course: Course }>(instructor, 'POST', 'courses', {
    title: TITLE,
    type: 'reading',
    duration_days: 14,
    description: 'The first letters of English Braille.',
    category: 'letters',
    level: 'beginner',
    language: 'en',
    chapters: [
      {
        title: 'The first letters',
        description: 'a and b',
        lessons: [
          { title: 'Letter a', description: 'Dot 1.', letters: ['a'] },
          { title: 'Letter b', description: TYPO, letters: ['b'] },
        ],
      },
    ],
  });
  courseId = created.course.id;
  lessonIds = created.course.chapters[0].lessons.map((l) => l.id);
  await accredit(instructor, supervisor, courseId);
  await apiAs(student, 'POST', `courses/${courseId}/enrol`, {});
  await apiAs(student, 'POST', `lessons/${lessonIds[0]}/complete`, {});
});

test.describe('course revisions', () => {
  test('an instructor fixes a typo on a live course by keyboard, a supervisor approves it from the queue, the student sees the fix', async () => {
    // ---- The instructor opens a revision from My courses.
    await setPrefs(ip, { lang: 'en', theme: 'light', clear: true });
    await storeSession(ip, instructor);
    await ip.goto('/instructor/courses');
    await expect(ip.locator(`h2:has-text("${TITLE}")`).first()).toBeVisible();
    await press(ip.getByRole('button', { name: `Edit as a revision “${TITLE}”` }));
    await ip.waitForURL(/\/instructor\/courses\/\d+\/edit$/);
    const revisionId = Number(/courses\/(\d+)\/edit/.exec(ip.url())![1]);
    expect(revisionId).not.toBe(courseId);
    await expectStatus(ip, 'Revision opened. Students still see the live version until a supervisor approves your changes.');
    await expect(ip.getByRole('heading', { name: 'Revision of a live course' })).toBeVisible();
    await expect(ip.getByText(`You are editing a revision of “${TITLE}”. Students still see the live version until a supervisor approves your changes.`)).toBeVisible();
    expect(await axeViolations(ip)).toEqual([]);

    // ---- Fixes the typo by keyboard and saves.
    const description = byId(ip, 'cb-chapters[0].lessons[1].description');
    await expect(description).toHaveValue(TYPO);
    await description.focus();
    await ip.keyboard.press('Control+A');
    await ip.keyboard.type(FIXED);
    await press(ip.getByRole('button', { name: 'Save changes' }));
    await expectStatus(ip, 'Course saved');

    // Students still see the live version.
    const live = await apiAs<Course>(student, 'GET', `courses/${courseId}`);
    expect(live.chapters[0].lessons[1].description).toBe(TYPO);

    // ---- The supervisor's queue is open; the instructor sends the revision.
    await setPrefs(sp, { lang: 'en', theme: 'light', clear: true });
    await storeSession(sp, supervisor);
    const ready = socketReady(sp);
    await sp.goto('/supervisor/accreditation');
    await expect(sp.locator('h1:has-text("Accreditation requests")').first()).toBeVisible();
    await ready;
    await press(ip.getByRole('button', { name: 'Send for approval' }));
    await expectStatus(ip, 'Revision sent for approval');
    await expect(ip.getByText('Sent: waiting for a supervisor’s approval. It cannot be edited meanwhile.')).toBeVisible();

    // ---- It arrives live, marked as a small revision, and the difference reads in words.
    const review = sp.getByRole('link', { name: `Review “${TITLE}”` });
    await expect(review).toBeVisible({ timeout: 15_000 });
    await expectStatus(sp, `New request: “${TITLE}”.`);
    await expect(sp.getByText('Revision of a live course: 1 change')).toBeVisible();
    await press(review);
    await expectTitle(sp, `Review the revision: ${TITLE}`);
    await expect(sp.getByRole('heading', { name: 'What the revision changes (1 change)' })).toBeVisible();
    const item = sp.locator('.crs-diff-item');
    await expect(item).toHaveCount(1);
    const said = (await item.innerText()).replace(/[\u2068\u2069]/g, '');
    expect(said).toContain('Changed: “Letter b” in “The first letters”');
    expect(said).toContain(`Before: ${TYPO}`);
    expect(said).toContain(`After: ${FIXED}`);
    expect(await axeViolations(sp)).toEqual([]);

    // The instructor listens on My courses for the decision.
    const ipReady = socketReady(ip);
    await go(ip, '/instructor/courses');
    await expect(ip.locator(`h2:has-text("${TITLE}")`).first()).toBeVisible();
    await ipReady;
    await press(sp.getByRole('button', { name: 'Approve the revision (students see it at once)' }));
    await sp.waitForURL(/\/supervisor\/accreditation$/);
    await expectStatus(sp, 'Revision approved: students now see the updated course');
    await expectStatus(ip, `A supervisor approved your revision of “${TITLE}”; students now see it.`);

    // ---- The student sees the fix; the lesson done before is still done.
    await setPrefs(st, { lang: 'en', theme: 'light', clear: true });
    await storeSession(st, student);
    await st.goto(`/student/courses/${courseId}?lesson=${lessonIds[1]}`);
    await expect(st.getByText(FIXED)).toBeVisible();
    await expect(st.getByText(TYPO)).toHaveCount(0);
    const now = await apiAs<Course>(student, 'GET', `courses/${courseId}`);
    expect(now.chapters[0].lessons.map((l) => [l.id, l.completed])).toEqual([
      [lessonIds[0], true],
      [lessonIds[1], false],
    ]);
  });

  test('the revision pages have no axe violations in ar and en, light and dark', async () => {
    // A second revision of the same course, changed and sent through the API.
    interface Revision {
      id: number;
      chapters: Array<{ id: number; title: string; description: string; lessons: Array<{ id: number; title: string; description: string }> }>;
    }
    const opened = await apiAs<{ course: Revision }>(instructor, 'POST', `courses/${courseId}/revision`, {});
    const rev = opened.course;
    await apiAs(instructor, 'PUT', `courses/${rev.id}`, {
      title: `${TITLE} (2)`,
      type: 'reading',
      duration_days: 14,
      description: 'The first letters of English Braille.',
      category: 'letters',
      level: 'beginner',
      language: 'en',
      chapters: rev.chapters.map((c) => ({
        id: c.id,
        title: c.title,
        description: c.description,
        lessons: c.lessons.map((l, i) => ({ id: l.id, title: l.title, description: l.description, letters: [i === 0 ? 'a' : 'b'] })),
      })),
    });
    await apiAs(instructor, 'POST', `courses/${rev.id}/accreditation`, {});
    const queue = await apiAs<{ requests: Array<{ id: number; revision_id?: number | null }> }>(supervisor, 'GET', 'supervisor/requests?kind=accreditation');
    const request = queue.requests.find((r) => r.revision_id === rev.id)!;
    const found: Record<string, unknown> = {};
    for (const [lang, theme] of [
      ['ar', 'light'],
      ['ar', 'dark'],
      ['en', 'dark'],
      ['en', 'light'],
    ] as const) {
      await go(ip, `/instructor/courses/${rev.id}/edit`);
      await prefs(ip, lang, theme);
      await expect(ip.locator('#rev-banner')).toBeVisible();
      const editor = await axeViolations(ip);
      await go(sp, `/supervisor/accreditation/${request.id}`);
      await prefs(sp, lang, theme);
      await expect(sp.locator('#rv-difference')).toBeVisible();
      const review = await axeViolations(sp);
      await go(sp, '/supervisor/accreditation');
      await expect(sp.locator('.crs-badge-revision').first()).toBeVisible();
      const queuePage = await axeViolations(sp);
      for (const [name, v] of [
        ['editor', editor],
        ['review', review],
        ['queue', queuePage],
      ] as const)
        if (v.length) found[`${name} ${lang} ${theme}`] = v;
    }
    // Arabic says it in Arabic.
    await prefs(sp, 'ar', 'light');
    await go(sp, `/supervisor/accreditation/${request.id}`);
    await expect(sp.getByRole('heading', { name: /ما تغيّره المراجعة/ })).toBeVisible();
    await apiAs(supervisor, 'POST', `requests/${request.id}/reject`, { reason: 'Checked by the browser tests.' });
    await apiAs(instructor, 'DELETE', `courses/${courseId}/revision`);
    expect(found).toEqual({});
  });
});
