/**
 * Courses end to end (issue 4), by keyboard where a person would use it: an instructor builds a
 * course (one chapter, two lessons, a letters table, words, an uploaded audio file, a link) and
 * sends it for accreditation; a supervisor, in another browser, sees it arrive live, reviews it
 * and approves it; a student finds it with search, enrols through the dialog, learns and marks
 * lessons complete. Then the stop flow, axe scans of every course page in ar and en, and (with
 * LAMSA_SCREENSHOTS=<dir>) screenshots of the builder and the learning page.
 */
import { rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { activeText, apiAs as api, apiLogin, axeViolations, byId, createAccount, expect, expectFocus, expectHeadingFocused, pagesForFile, press, setPrefs, socketReady, storeSession, SUPERVISOR, test, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

const SPEC_STRUCTURE = 'Please ensure the course has at least one chapter and one lesson and that each chapter and lesson has a title and description.';
const SPEC_SIZE = 'The file size exceeds the 50MB limit. Please select a smaller file.';

const stamp = Date.now().toString(36);
const TITLE = `Braille letters ${stamp}`;

let ip: Page;
let sp: Page;
let st: Page;
let instructor: LoginResult;
let supervisor: LoginResult;
let student: LoginResult;
let courseId = 0;
let draftId = 0;
const bigFile = join(tmpdir(), `lamsa-big-${stamp}.wav`);

/** A short silent WAV file (8 kHz, 8-bit mono). */
function wav(seconds = 1): Buffer {
  const samples = 8000 * seconds;
  const b = Buffer.alloc(44 + samples, 128);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples, 40);
  return b;
}

/** Waits for the page's h1 to read `text`, then for it to have focus (after a client-side navigation). */
async function expectTitle(page: Page, text: string) {
  await expect(page.locator('h1', { hasText: text })).toBeVisible();
  await expectHeadingFocused(page);
}

pagesForFile(3, (p) => ([ip, sp, st] = p));
test.beforeAll(async () => {
  instructor = await createAccount('instructor', 'Course Instructor');
  student = await createAccount('student', 'Course Student');
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  writeFileSync(bigFile, '');
  truncateSync(bigFile, 50 * 1024 * 1024 + 1);
});

test.afterAll(async () => {
  rmSync(bigFile, { force: true });
});

test.describe('course life cycle', () => {
  test('an instructor builds a course in the page and sends it; a supervisor sees it live and approves; a student enrols and learns', async () => {
    // ---- The instructor builds the course.
    await setPrefs(ip, { lang: 'en', theme: 'light', clear: true });
    await storeSession(ip, instructor);
    const mediaPosts: string[] = [];
    ip.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/media')) mediaPosts.push(r.url());
    });
    await ip.goto('/instructor/courses/create');
    await expect(ip.locator('h1:has-text("Create a course")').first()).toBeVisible();
    await byId(ip, 'cb-title').fill(TITLE);
    await byId(ip, 'cb-type').selectOption('reading');
    await byId(ip, 'cb-duration_days').fill('14');
    await byId(ip, 'cb-description').fill('The first ten letters of English Braille, one cell at a time.');
    await byId(ip, 'cb-category').selectOption('letters');
    await byId(ip, 'cb-level').selectOption('beginner');
    await byId(ip, 'cb-language').selectOption('en');
    await byId(ip, 'cb-chapters[0].title').fill('The first letters');
    await byId(ip, 'cb-chapters[0].description').fill('Letters a to c, in the top four dots.');
    await byId(ip, 'cb-chapters[0].lessons[0].title').fill('Letters a and b');
    await byId(ip, 'cb-chapters[0].lessons[0].description').fill('Dot 1, then dots 1 and 2.');
    await byId(ip, 'cb-chapters[0].lessons[0].rule').fill('The letter a is dot 1; b adds dot 2 below it.');
    // The letters table, chosen from the engine's alphabet by keyboard.
    await press(byId(ip, 'cb-chapters[0].lessons[0].letters'));
    await press(byId(ip, 'cb-chapters[0].lessons[0].letters-letter-0'), ' ');
    await press(byId(ip, 'cb-chapters[0].lessons[0].letters-letter-1'), ' ');
    await expect(byId(ip, 'cb-chapters[0].lessons[0].letters')).toContainText('2 chosen');
    await expect(ip.getByRole('img', { name: 'dots 1 2, letter b' }).first()).toBeVisible();
    await byId(ip, 'cb-chapters[0].lessons[0].words').fill('bad\ncab');
    // Audio: a file over 50 MB is refused in the page, before any upload.
    await press(ip.getByRole('button', { name: 'Add audio' }));
    await expectFocus(ip, 'cb-chapters[0].lessons[0].media[0].title');
    const audioInput = byId(ip, 'cb-chapters[0].lessons[0].media[0].file');
    await audioInput.setInputFiles(bigFile);
    await expect(ip.getByText(SPEC_SIZE)).toBeVisible();
    await expect(audioInput).toHaveAttribute('aria-invalid', 'true');
    expect(mediaPosts).toEqual([]);
    await audioInput.setInputFiles({ name: 'letter-a.wav', mimeType: 'audio/wav', buffer: wav() });
    await expect(ip.getByText('Uploaded file: letter-a.wav')).toBeVisible({ timeout: 15_000 });
    expect(mediaPosts).toHaveLength(1);
    await expect(byId(ip, 'cb-chapters[0].lessons[0].media[0].title')).toHaveValue('letter-a');
    await byId(ip, 'cb-chapters[0].lessons[0].media[0].title').fill('Hear the letter a');
    await press(byId(ip, 'cb-chapters[0].lessons[0].links'));
    await byId(ip, 'cb-chapters[0].lessons[0].links[0].title').fill('Braille alphabet');
    await byId(ip, 'cb-chapters[0].lessons[0].links[0].url').fill('https://example.org/braille');
    // A second lesson, first without a description: the spec §5 rule is checked in the page.
    await press(ip.getByRole('button', { name: 'Add a lesson to chapter 1' }));
    await expectFocus(ip, 'cb-chapters[0].lessons[1].title');
    await byId(ip, 'cb-chapters[0].lessons[1].title').fill('Letter c');
    await press(ip.getByRole('button', { name: 'Save as draft' }));
    await expect(ip.getByRole('alert').filter({ hasText: SPEC_STRUCTURE })).toBeVisible();
    await expectFocus(ip, 'cb-chapters[0].lessons[1].description');
    await expect(byId(ip, 'cb-chapters[0].lessons[1].description')).toHaveAttribute('aria-invalid', 'true');
    await byId(ip, 'cb-chapters[0].lessons[1].description').fill('Dots 1 and 4.');
    await press(byId(ip, 'cb-chapters[0].lessons[1].letters'));
    await press(byId(ip, 'cb-chapters[0].lessons[1].letters-letter-2'), ' ');
    // Reorder by keyboard: the move is announced and focus stays with the moved lesson.
    await press(ip.getByRole('button', { name: 'Move lesson 2 of chapter 1 up' }));
    await expect(ip.getByRole('status').filter({ hasText: 'Lesson moved to position 1 of 2 in chapter 1.' })).toBeVisible();
    await expect(byId(ip, 'cb-chapters[0].lessons[0].title')).toHaveValue('Letter c');
    expect(await activeText(ip)).toContain('Move lesson 1 of chapter 1 down');
    await ip.keyboard.press('Enter');
    await expect(ip.getByRole('status').filter({ hasText: 'Lesson moved to position 2 of 2 in chapter 1.' })).toBeVisible();
    await expect(byId(ip, 'cb-chapters[0].lessons[0].title')).toHaveValue('Letters a and b');
    expect(await activeText(ip)).toContain('Move lesson 2 of chapter 1 up');
    // Save as draft.
    await press(ip.getByRole('button', { name: 'Save as draft' }));
    await ip.waitForURL(/\/instructor\/courses\/\d+\/edit$/);
    courseId = Number(/courses\/(\d+)\/edit/.exec(ip.url())![1]);
    await expect(ip.getByRole('status').filter({ hasText: 'Course saved' })).toBeVisible();
    await expect(byId(ip, 'cb-chapters[0].lessons[1].title')).toHaveValue('Letter c');
    await expect(ip.getByText('Uploaded file: Hear the letter a')).toBeVisible();

    // ---- The supervisor's queue is open before the request exists.
    await setPrefs(sp, { lang: 'en', theme: 'light', clear: true });
    await storeSession(sp, supervisor);
    const ready = socketReady(sp);
    await sp.goto('/supervisor/accreditation');
    await expect(sp.locator('h1:has-text("Accreditation requests")').first()).toBeVisible();
    await ready;

    // ---- The instructor sends it for accreditation from My courses.
    await ip.goto('/instructor/courses');
    const send = ip.getByRole('button', { name: `Send for accreditation “${TITLE}”` });
    await press(send);
    await expect(ip.getByRole('status').filter({ hasText: 'Accreditation request sent' })).toBeVisible();
    await expect(ip.getByText('Waiting for accreditation').first()).toBeVisible();

    // ---- It arrives live in the supervisor's queue (no reload), announced.
    const review = sp.getByRole('link', { name: `Review “${TITLE}”` });
    await expect(review).toBeVisible({ timeout: 15_000 });
    await expect(sp.getByRole('status').filter({ hasText: `New request: “${TITLE}”.` })).toBeVisible();
    await press(review);
    await expectTitle(sp, `Review: ${TITLE}`);
    // The full content: rule, letters as named cells, words, the audio player, the link.
    await expect(sp.getByText('The letter a is dot 1; b adds dot 2 below it.')).toBeVisible();
    await expect(sp.getByRole('img', { name: 'dots 1, letter a' })).toHaveCount(1);
    await expect(sp.getByRole('img', { name: 'dots 1 4, letter c' })).toHaveCount(1);
    await expect(sp.locator('audio[controls]')).toHaveCount(1);
    await expect(sp.getByRole('link', { name: /Braille alphabet/ })).toHaveCount(1);

    // The instructor's page is open to hear the decision live.
    const ipReady = socketReady(ip);
    await ip.goto('/instructor/courses');
    await expect(ip.locator(`h2:has-text("${TITLE}")`).first()).toBeVisible();
    await ipReady;
    await press(sp.getByRole('button', { name: 'Approve and activate the course' }));
    await sp.waitForURL(/\/supervisor\/accreditation$/);
    await expect(sp.getByRole('status').filter({ hasText: 'Course activated' })).toBeVisible();
    await expect(ip.getByRole('status').filter({ hasText: `A supervisor activated “${TITLE}”.` })).toBeVisible({ timeout: 15_000 });
    await expect(ip.locator('.crs-badge-active').first()).toBeVisible();

    // ---- A student finds it with search and enrols through the dialog.
    await setPrefs(st, { lang: 'en', theme: 'light', clear: true });
    await storeSession(st, student);
    await st.goto('/courses');
    await expect(st.locator('h1:has-text("Discover courses")').first()).toBeVisible();
    await st.locator('#cat-q').fill(stamp);
    await st.locator('#cat-q').press('Enter');
    await expect(st.getByRole('status').filter({ hasText: '1 course found.' })).toBeVisible();
    await press(st.getByRole('link', { name: TITLE }));
    await expectTitle(st, TITLE);
    await expect(st.getByRole('heading', { name: 'Chapter 1: The first letters' })).toBeVisible();
    await expect(st.locator('.crs-outline li li').getByText('Letter c', { exact: true })).toHaveCount(1);
    const enrolButton = st.getByRole('button', { name: 'Enrol in this course' });
    await press(enrolButton);
    const dialog = st.getByRole('dialog', { name: `Enrol in “${TITLE}”?` });
    await expect(dialog).toBeVisible();
    expect(await activeText(st)).toBe('Cancel');
    await st.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await activeText(st)).toBe('Enrol in this course');
    await st.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await st.keyboard.press('Tab');
    expect(await activeText(st)).toBe('Enrol');
    await st.keyboard.press('Tab');
    expect(await activeText(st)).toBe('Cancel');
    await st.keyboard.press('Shift+Tab');
    await st.keyboard.press('Enter');
    await expect(st.getByRole('status').filter({ hasText: 'You are enrolled in the course' })).toBeVisible();
    await expectFocus(st, 'go-course');

    // ---- The learning page: no side menu, lesson navigator, content, mark complete.
    await st.keyboard.press('Enter');
    await st.waitForURL(new RegExp(`/student/courses/${courseId}$`));
    await expectTitle(st, TITLE);
    await expect(st.locator('nav.side-menu')).toHaveCount(0);
    await expect(st.getByText('Not started').first()).toBeVisible();
    await expect(st.getByRole('heading', { name: 'Letters a and b', level: 2 })).toBeVisible();
    await expect(st.getByRole('img', { name: 'dots 1 2, letter b' })).toHaveCount(1);
    await expect(st.getByRole('rowheader', { name: 'bad' })).toHaveCount(1);
    await expect(st.getByRole('cell', { name: '⠃⠁⠙' })).toHaveCount(1);
    const audio = st.locator('audio[controls]');
    await expect(audio).toHaveCount(1);
    const label = await audio.evaluate((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(label).toBe('Hear the letter a');
    // The signed media URL serves the file with range requests (seeking).
    const range = await audio.evaluate(async (a: HTMLAudioElement) => {
      const r = await fetch(a.src, { headers: { Range: 'bytes=0-3' } });
      return { status: r.status, body: await r.text() };
    });
    expect(range).toEqual({ status: 206, body: 'RIFF' });
    await press(st.getByRole('button', { name: 'Mark lesson complete' }));
    await expect(st.getByRole('status').filter({ hasText: 'Lesson marked complete' })).toBeVisible();
    await expectFocus(st, 'lesson-done');
    await expect(st.getByText('In progress').first()).toBeVisible();
    await expect(st.getByText('1 of 2 lessons completed')).toBeVisible();
    await expect(st.getByRole('link', { name: 'Letters a and b (completed)' })).toHaveCount(1);
    await press(st.getByRole('link', { name: 'Next lesson: Letter c' }));
    await expectFocus(st, 'lesson-title');
    await expect(st.locator('#lesson-title')).toHaveText('Letter c');
    await expect(st.getByRole('link', { name: 'Letter c', exact: true })).toHaveAttribute('aria-current', 'page');
    await press(st.getByRole('button', { name: 'Mark lesson complete' }));
    await expect(st.getByText('2 of 2 lessons completed')).toBeVisible();
    await expect(st.getByText('Completed', { exact: true }).first()).toBeVisible();

    await st.goto('/student/courses');
    await expect(st.getByRole('link', { name: TITLE })).toBeVisible();
    await expect(st.getByText('2 of 2 lessons completed')).toBeVisible();

    // ---- The instructor follows the student.
    await ip.goto('/instructor/track-students');
    const table = ip.getByRole('table', { name: `Students of “${TITLE}”` });
    await expect(table).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Course Student' });
    await expect(row.getByText('Completed')).toHaveCount(1);
    await expect(row.getByText('2 / 2')).toHaveCount(1);
  });

  test('stop: the instructor asks through a dialog, the supervisor sees it live and approves, the course moves to the archive', async () => {
    expect(courseId).toBeGreaterThan(0);
    const ready = socketReady(sp);
    await sp.goto('/supervisor/stop');
    await expect(sp.locator('h1:has-text("Stop-course requests")').first()).toBeVisible();
    await ready;
    const ipReady = socketReady(ip);
    await ip.goto('/instructor/courses');
    await ipReady;
    const stop = ip.getByRole('button', { name: `Request stop “${TITLE}”` });
    await press(stop);
    const dialog = ip.getByRole('dialog', { name: `Request to stop “${TITLE}”?` });
    await expect(dialog).toBeVisible();
    await ip.keyboard.press('Shift+Tab');
    await ip.keyboard.press('Enter');
    await expect(ip.getByRole('status').filter({ hasText: 'Stop-course request sent' })).toBeVisible();
    await expect(ip.getByText('Waiting for a stop decision').first()).toBeVisible();
    const review = sp.getByRole('link', { name: `Review “${TITLE}”` });
    await expect(review).toBeVisible({ timeout: 15_000 });
    await press(review);
    await expectTitle(sp, `Review: ${TITLE}`);
    await press(sp.getByRole('button', { name: 'Approve and stop the course' }));
    await expect(sp.getByRole('status').filter({ hasText: 'Course stopped and archived' })).toBeVisible();
    await expect(ip.getByRole('status').filter({ hasText: `A supervisor stopped “${TITLE}”; it is now in the archive.` })).toBeVisible({ timeout: 15_000 });
    await ip.goto('/instructor/archive');
    await expect(ip.getByRole('heading', { name: TITLE })).toBeVisible();
    // The student keeps the course and the progress.
    await st.goto(`/student/courses/${courseId}`);
    await expect(st.getByText('This course has been stopped. You keep what you learned and your progress.')).toBeVisible();
    await expect(st.getByText('2 of 2 lessons completed')).toBeVisible();
    // It has left the catalogue.
    await st.goto(`/courses?q=${stamp}`);
    await expect(st.getByRole('status').filter({ hasText: 'No courses match your search.' })).toBeVisible();
  });

  test('a supervisor rejects with a reason; the instructor can edit the draft again', async () => {
    const created = await api<{ course: { id: number } }>(instructor, 'POST', 'courses', {
      title: `Second course ${stamp}`,
      type: 'writing',
      duration_days: 7,
      description: 'Writing the first letters.',
      category: 'letters',
      level: 'beginner',
      language: 'ar',
      image_media_id: null,
      chapters: [{ title: 'الفصل الأول', description: 'وصف', lessons: [{ title: 'الدرس', description: 'وصف الدرس', letters: ['ا'], words: ['باب'], links: [], media: [] }] }],
    });
    draftId = created.course.id;
    await api(instructor, 'POST', `courses/${draftId}/accreditation`, {});
    const queue = await api<{ requests: Array<{ id: number; course_id: number }> }>(supervisor, 'GET', 'supervisor/requests?kind=accreditation');
    const rid = queue.requests.find((r) => r.course_id === draftId)!.id;
    await sp.goto(`/supervisor/accreditation/${rid}`);
    await expect(sp.locator(`h1:has-text("Second course ${stamp}")`).first()).toBeVisible();
    await press(sp.getByRole('button', { name: 'Reject', exact: true }));
    await expectFocus(sp, 'rv-reason');
    await press(sp.getByRole('button', { name: 'Send the rejection' }));
    await expect(sp.locator('#rv-reason')).toHaveAttribute('aria-invalid', 'true');
    await sp.locator('#rv-reason').fill('Please add a rule to the lesson.');
    await press(sp.getByRole('button', { name: 'Send the rejection' }));
    await expect(sp.getByRole('status').filter({ hasText: 'Request rejected' })).toBeVisible();
    await ip.goto('/instructor/courses');
    await press(ip.getByRole('link', { name: `Edit “Second course ${stamp}”` }));
    await expect(ip.locator('[id="cb-chapters[0].lessons[0].title"]').first()).toBeVisible();
    await expect(byId(ip, 'cb-language')).toHaveValue('ar');
    await expect(byId(ip, 'cb-chapters[0].lessons[0].letters')).toContainText('(1 chosen)');
  });
});

for (const [lang, theme] of [
  ['ar', 'light'],
  ['en', 'light'],
  ['en', 'dark'],
] as const) test.describe(`axe on the course pages, ${lang} ${theme}`, () => {
  const course = (title: string, language: string) => ({
    title,
    type: 'reading',
    duration_days: 3,
    description: 'A course for the accessibility scans.',
    category: 'general',
    level: 'beginner',
    language,
    image_media_id: null,
    chapters: [
      {
        title: 'C',
        description: 'D',
        lessons: [{ title: 'L', description: 'LD', rule: 'R', letters: [language === 'ar' ? 'ب' : 'b'], words: [language === 'ar' ? 'باب' : 'bad'], links: [{ title: 'x', url: 'https://example.org' }], media: [] }],
      },
    ],
  });

  test('instructor, supervisor, student and public pages have no violations', async () => {
    expect(courseId).toBeGreaterThan(0);
    const found: Record<string, unknown> = {};
    const scan = async (page: Page, what: string) => {
      const v = await axeViolations(page);
      if (v.length) found[what] = v;
    };
    const check = async (page: Page, route: string, ready: string) => {
      await page.goto(route);
      await page.waitForSelector(ready).catch(async (e: Error) => {
        throw new Error(`${route}: ${e.message}\n${(await page.locator('main').innerText().catch(() => '')).slice(0, 500)}`);
      });
      await page.waitForLoadState('networkidle');
      await scan(page, route);
    };
    for (const [page, s] of [
      [ip, instructor],
      [sp, supervisor],
      [st, student],
    ] as const) {
      await setPrefs(page, { lang, theme });
      await storeSession(page, s);
    }
    const draft = await api<{ course: { id: number } }>(instructor, 'POST', 'courses', course(`Draft ${stamp} ${lang} ${theme}`, lang));
    const pub = await api<{ course: { id: number } }>(instructor, 'POST', 'courses', course(`Public ${stamp} ${lang} ${theme}`, lang));
    const pubId = pub.course.id;
    await api(instructor, 'POST', `courses/${pubId}/accreditation`, {});
    const queue = await api<{ requests: Array<{ id: number; course_id: number }> }>(supervisor, 'GET', 'supervisor/requests?kind=accreditation');
    const rid = queue.requests.find((r) => r.course_id === pubId)!.id;

    await check(ip, '/instructor/courses', '.crs-course-list');
    await check(ip, '/instructor/courses/create', '#cb-title');
    await check(ip, `/instructor/courses/${draft.course.id}/edit`, '[id="cb-chapters[0].lessons[0].title"]');
    // The builder with the letter picker open, then with a removal dialog open.
    await ip.locator('[id="cb-chapters[0].lessons[0].letters"]').click();
    await expect(ip.locator('.crs-picker input').first()).toBeVisible();
    await scan(ip, 'builder, letters open');
    await ip.getByRole('button', { name: lang === 'ar' ? 'حذف الدرس 1 من الفصل 1' : 'Remove lesson 1 of chapter 1' }).click();
    await expect(ip.getByRole('dialog')).toBeVisible();
    await scan(ip, 'builder, remove dialog');
    await check(ip, `/instructor/courses/${courseId}`, '.crs-full');
    await check(ip, '/instructor/archive', '.crs-course-list');
    await check(ip, '/instructor/track-students', 'table');
    await check(sp, '/supervisor/accreditation', 'table');
    await check(sp, '/supervisor/stop', 'h1');
    await check(sp, `/supervisor/accreditation/${rid}`, '.crs-full');
    await sp.locator('#rv-decision-section button[aria-expanded]').click();
    await expect(sp.locator('#rv-reason')).toBeVisible();
    await scan(sp, 'review, reject form open');
    await api(supervisor, 'POST', `requests/${rid}/approve`, {});
    await check(st, '/courses', '.crs-grid');
    await check(st, '/student/discover-courses', '.crs-grid');
    await check(st, '/student/courses', '.crs-course-list');
    await check(st, `/student/courses/${courseId}`, '#lesson-title');
    await check(st, `/courses/${pubId}`, '.crs-outline');
    await check(st, `/student/discover-courses/${pubId}`, '.crs-outline');
    await st.locator('.crs-enrol button').click();
    await expect(st.getByRole('dialog')).toBeVisible();
    await scan(st, 'enrol dialog');
    await st.keyboard.press('Escape');
    // A visitor's catalogue and course page.
    await st.evaluate(() => ['auth-token', 'refresh_token', 'name', 'email', 'avatar', 'type', 'user_id'].forEach((k) => localStorage.removeItem(k)));
    await check(st, `/courses?q=${stamp}`, '.crs-grid');
    await check(st, `/courses/${pubId}`, '.crs-outline');
    expect(found).toEqual({});
  });
});

test.describe('screenshots', () => {
  test.skip(!process.env.LAMSA_SCREENSHOTS, 'only with LAMSA_SCREENSHOTS=<dir>');
  test('saves the builder and the learning page in ar/en, light/dark', async () => {
    const dir = process.env.LAMSA_SCREENSHOTS!;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(wav())], { type: 'audio/wav' }), 'letter.wav');
    const audio = await api<{ id: number }>(instructor, 'POST', 'media?kind=audio', form);
    const shot = await api<{ course: { id: number } }>(instructor, 'POST', 'courses', {
      title: `Screens ${stamp}`,
      type: 'reading',
      duration_days: 10,
      description: 'Letters for the screenshots.',
      category: 'letters',
      level: 'beginner',
      language: 'ar',
      image_media_id: null,
      chapters: [
        {
          title: 'الحروف الأولى',
          description: 'أ ب ت',
          lessons: [
            {
              title: 'حرف الألف والباء',
              description: 'نقطة واحدة ثم نقطتان',
              rule: 'الألف هي النقطة 1، والباء النقطتان 1 و2.',
              letters: ['ا', 'ب', 'ت'],
              words: ['باب', 'تاب'],
              links: [{ title: 'أبجدية برايل', url: 'https://example.org/braille' }],
              media: [{ kind: 'audio', title: 'استمع إلى الحرف', media_id: audio.id }],
            },
            { title: 'حرف التاء', description: 'النقاط 2 3 4 5', letters: ['ت'], words: [], links: [], media: [] },
          ],
        },
      ],
    });
    const id = shot.course.id;
    await api(instructor, 'POST', `courses/${id}/accreditation`, {});
    const q = await api<{ requests: Array<{ id: number; course_id: number }> }>(supervisor, 'GET', 'supervisor/requests?kind=accreditation');
    await api(supervisor, 'POST', `requests/${q.requests.find((r) => r.course_id === id)!.id}/approve`, {});
    await api(student, 'POST', `courses/${id}/enrol`, {});
    for (const theme of ['light', 'dark'] as const) {
      for (const lang of ['ar', 'en'] as const) {
        await setPrefs(ip, { lang, theme });
        await storeSession(ip, instructor);
        await ip.goto('/instructor/courses/create');
        await expect(ip.locator('#cb-title').first()).toBeVisible();
        await ip.locator('#cb-title').fill(lang === 'ar' ? 'حروف برايل الأولى' : 'First Braille letters');
        await ip.locator('[id="cb-chapters[0].lessons[0].letters"]').click();
        await ip.locator('.crs-picker input').nth(1).check();
        await ip.locator('.crs-picker input').nth(2).check();
        await ip.waitForLoadState('networkidle');
        await ip.screenshot({ path: `${dir}/builder-${lang}-${theme}.png`, fullPage: true });
        await ip.locator('.crs-lesson').first().screenshot({ path: `${dir}/builder-lesson-${lang}-${theme}.png` });
        await ip.locator('.crs-builder .card').first().screenshot({ path: `${dir}/builder-details-${lang}-${theme}.png` });
        await setPrefs(st, { lang, theme });
        await storeSession(st, student);
        await st.goto(`/student/courses/${id}`);
        await expect(st.locator('#lesson-title').first()).toBeVisible();
        await st.waitForLoadState('networkidle');
        await st.screenshot({ path: `${dir}/learn-${lang}-${theme}.png`, fullPage: true });
        await st.screenshot({ path: `${dir}/learn-top-${lang}-${theme}.png` });
      }
    }
  });
});
