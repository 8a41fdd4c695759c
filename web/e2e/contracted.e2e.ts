/**
 * Contracted Braille (issue 18) in the browser, against the real server and engine: the
 * translator's uncontracted/contracted choice both ways and the .brf download of a contracted
 * result; an instructor builds a contracted course in the page, choosing each lesson's
 * contractions by keyboard; a student (course accredited and exercise made through the API)
 * sees the lesson's contractions, types the contracted answer on the six keys and is graded;
 * the instructions page on contractions; axe on every changed page in ar/en × light/dark.
 * With LAMSA_SCREENSHOTS=<dir> it saves screenshots of the translator and the builder.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { accredit, apiAs as api, apiLogin, axeViolations, BASE, byId, chord, COMBO, createAccount, expect, expectFocus, expectHeadingFocused, go, pagesForFile, press, setPrefs, settle, storeSession, SUPERVISOR, test, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Contracted English ${stamp}`;
const EXERCISE = `Write with the ${stamp}`;
const shots = process.env.LAMSA_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

let page: Page;
let ip: Page;
let st: Page;
let instructor: LoginResult;
let student: LoginResult;
let supervisor: LoginResult;
let courseId = 0;
let lessonIds: number[] = [];

const out = () => page.locator('textarea.tr-out-braille');
const said = () => page.getByTestId('translator-announce');
const clean = (s: string | null) => (s ?? '').replace(/\u00a0/g, '');

async function shot(p: Page, name: string) {
  if (shots) await p.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** What the engine writes, through the API (so the test never hand-writes contracted cells it does not assert on). */
async function engine(text: string, lang: 'ar' | 'en', grade: 1 | 2, direction = 'to_braille') {
  const res = await fetch(`${BASE}/api/braille/translate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, lang, direction, grade }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { grade: number; braille: string; brf: string; text: string };
}

pagesForFile(3, (p) => ([page, ip, st] = p));
test.beforeAll(async () => {
  instructor = await createAccount('instructor', 'Contracted Instructor');
  student = await createAccount('student', 'Contracted Student');
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
});

async function openTranslator(lang: 'ar' | 'en', theme: 'light' | 'dark' = 'light') {
  await setPrefs(page, { lang, theme, clear: true });
  await page.goto('/braille-translator');
  await expect(page.locator('h1').first()).toBeVisible();
}

test.describe('translator: uncontracted or contracted', () => {
  test('writes English in either grade, announces the grade and downloads the contracted .brf', async () => {
    await openTranslator('en');
    const box = page.getByLabel('Text to translate');
    await expect(page.getByRole('radio', { name: 'Uncontracted (grade 1)' })).toBeChecked();
    await box.fill('the children');
    await expect(out()).toHaveValue('⠞⠓⠑⠀⠉⠓⠊⠇⠙⠗⠑⠝');
    // Contracted, chosen by keyboard: the same text again, now with contractions.
    await press(page.getByRole('radio', { name: 'Contracted (grade 2)' }), ' ');
    await expect(page.getByRole('radio', { name: 'Contracted (grade 2)' })).toBeChecked();
    await expect(out()).toHaveValue('⠮⠀⠡⠝');
    await expect.poll(async () => clean(await said().textContent())).toBe('English contracted Braille, 4 cells: ⠮⠀⠡⠝');
    await expect(page.getByLabel('Dot numbers')).toHaveValue('2346 0 16-1345');
    // Contracted cells are named by their dots only (⠮ alone would read as "!" in grade 1).
    const names = await page.locator('.tr-cells [role=img]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names).toEqual(['dots 2 3 4 6', 'blank cell, space', 'dots 1 6', 'dots 1 3 4 5']);

    // The .brf file: Braille ASCII from the engine, CR LF line ends.
    await box.fill('the children\nwith the');
    await expect(out()).toHaveValue('⠮⠀⠡⠝\n⠾⠀⠮');
    const [brf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download \.brf/ }).click()]);
    expect(brf.suggestedFilename()).toBe('lamsa-braille-contracted.brf');
    const expected = await engine('the children\nwith the', 'en', 2);
    expect(expected.brf).toBe('! *N\n) !');
    expect(readFileSync(await brf.path(), 'latin1')).toBe('! *N\r\n) !\r\n');
    await expect(page.getByText('lamsa-braille-contracted.brf downloaded.')).toBeVisible();
    await shot(page, 'contracted-translator-en-light');

    // Back to uncontracted: the result follows.
    await press(page.getByRole('radio', { name: 'Uncontracted (grade 1)' }), ' ');
    await expect(out()).toHaveValue('⠞⠓⠑⠀⠉⠓⠊⠇⠙⠗⠑⠝\n⠺⠊⠞⠓⠀⠞⠓⠑');
    const [plain] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download \.brf/ }).click()]);
    expect(plain.suggestedFilename()).toBe('lamsa-braille.brf');
    expect(readFileSync(await plain.path(), 'latin1')).toBe('THE CHILDREN\r\nWITH THE\r\n');
  });

  test('reads contracted Braille typed on the six keys, and writes Arabic grade 2 as the engine does', async () => {
    await openTranslator('en');
    await page.getByRole('radio', { name: 'Braille to text' }).check();
    await page.getByRole('radio', { name: 'English (UEB)' }).check();
    await page.getByRole('radio', { name: 'Contracted (grade 2)' }).check();
    const field = page.getByLabel('Braille to translate');
    await field.focus();
    // ⠾ (dots 2 3 4 5 6) space ⠮ (dots 2 3 4 6): "with the".
    await chord(page, 'KeyD', 'KeyS', 'KeyJ', 'KeyK', 'KeyL');
    await page.keyboard.press('Space');
    await chord(page, 'KeyD', 'KeyS', 'KeyJ', 'KeyL');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue('with the');
    await expect.poll(async () => clean(await said().textContent())).toBe('Text (English code): with the');

    await openTranslator('ar', 'dark');
    await page.getByRole('radio', { name: 'مختصر (الدرجة الثانية)' }).check();
    await page.getByLabel('النص المراد ترجمته').fill('في البيت');
    const g2 = await engine('في البيت', 'ar', 2);
    const g1 = await engine('في البيت', 'ar', 1);
    expect(Array.from(g2.braille).length).toBeLessThan(Array.from(g1.braille).length);
    await expect(out()).toHaveValue(g2.braille);
    await expect.poll(async () => clean(await said().textContent())).toMatch(/^برايل العربي المختصر، /);
    await shot(page, 'contracted-translator-ar-dark');
  });
});

test.describe('a contracted course', () => {
  test('an instructor builds it in the page, choosing each lesson\'s contractions by keyboard', async () => {
    await setPrefs(ip, { lang: 'en', theme: 'light', clear: true });
    await storeSession(ip, instructor);
    await ip.goto('/instructor/courses/create');
    await expect(ip.locator('h1:has-text("Create a course")').first()).toBeVisible();
    await byId(ip, 'cb-title').fill(TITLE);
    await byId(ip, 'cb-type').selectOption('reading');
    await byId(ip, 'cb-duration_days').fill('21');
    await byId(ip, 'cb-description').fill('UEB grade 2, a few contractions at a time.');
    await byId(ip, 'cb-category').selectOption('words');
    await byId(ip, 'cb-level').selectOption('intermediate');
    await byId(ip, 'cb-language').selectOption('en');
    // Uncontracted: no contraction picker. Contracted: one per lesson.
    await expect(ip.getByText(/^Choose contractions/)).toHaveCount(0);
    await byId(ip, 'cb-braille_grade').selectOption('2');
    await byId(ip, 'cb-chapters[0].title').fill('Strong contractions');
    await byId(ip, 'cb-chapters[0].description').fill('the, and, with');
    await byId(ip, 'cb-chapters[0].lessons[0].title').fill('the and and');
    await byId(ip, 'cb-chapters[0].lessons[0].description').fill('Written anywhere, even inside a word.');
    const picker1 = 'cb-chapters[0].lessons[0].contractions';
    await press(byId(ip, picker1));
    // Grouped by kind; found with the search box by print or by dots.
    await expect(ip.getByRole('group', { name: 'Strong contractions: written anywhere' }).first()).toBeVisible();
    const search = ip.getByLabel('Find a contraction');
    await search.fill('the');
    await expect(ip.getByRole('status').filter({ hasText: /contractions? shown\./ })).toBeVisible();
    await press(byId(ip, `${picker1}-en:the`), ' ');
    await search.fill('12346');
    await expect(ip.getByRole('status').filter({ hasText: '1 contraction shown.' })).toBeVisible();
    await expect(ip.getByRole('checkbox', { name: 'and, dots 1 2 3 4 6' })).toHaveCount(1);
    await press(byId(ip, `${picker1}-en:and`), ' ');
    await expect(byId(ip, picker1)).toHaveText('Choose contractions (2 chosen)');
    await expect(ip.getByRole('img', { name: 'the, dots 2 3 4 6' })).toBeVisible();
    await expect(ip.getByRole('img', { name: 'and, dots 1 2 3 4 6' })).toBeVisible();
    await byId(ip, 'cb-chapters[0].lessons[0].words').fill('the\nband');

    await press(ip.getByRole('button', { name: 'Add a lesson to chapter 1' }));
    await expectFocus(ip, 'cb-chapters[0].lessons[1].title');
    await byId(ip, 'cb-chapters[0].lessons[1].title').fill('with');
    await byId(ip, 'cb-chapters[0].lessons[1].description').fill('One more strong contraction.');
    const picker2 = 'cb-chapters[0].lessons[1].contractions';
    await press(byId(ip, picker2));
    // What lesson 1 taught is marked in lesson 2.
    await expect(byId(ip, `${picker2}-en:the`)).toBeVisible();
    await expect(ip.getByRole('checkbox', { name: 'the, dots 2 3 4 6, already introduced in an earlier lesson' })).toHaveCount(1);
    await press(byId(ip, `${picker2}-en:with`), ' ');
    await byId(ip, 'cb-chapters[0].lessons[1].words').fill('with the');
    expect(await axeViolations(ip)).toEqual([]);
    await shot(ip, 'contracted-builder-en-light');

    await press(ip.getByRole('button', { name: 'Save as draft' }));
    await ip.waitForURL(/\/instructor\/courses\/\d+\/edit$/);
    courseId = Number(/courses\/(\d+)\/edit/.exec(ip.url())![1]);
    await expect(ip.getByRole('status').filter({ hasText: 'Course saved' })).toBeVisible();
    // The edit page has the grade and the chosen contractions back.
    await expect(byId(ip, 'cb-braille_grade')).toHaveValue('2');
    await expect(byId(ip, picker1)).toHaveText('Choose contractions (2 chosen)');
    await expect(byId(ip, picker2)).toHaveText('Choose contractions (1 chosen)');

    // The server wrote each lesson's words with the contractions taught so far.
    const course = await api<{ braille_grade: number; chapters: Array<{ lessons: Array<{ id: number; words: Array<{ print: string; braille: string }>; contractions: Array<{ id: string }> }> }> }>(
      instructor,
      'GET',
      `courses/${courseId}`,
    );
    expect(course.braille_grade).toBe(2);
    const [l1, l2] = course.chapters[0].lessons;
    lessonIds = [l1.id, l2.id];
    // Kept in the engine's teaching order, whatever order they were ticked in.
    expect(l1.contractions.map((c) => c.id).sort()).toEqual(['en:and', 'en:the']);
    expect(l2.contractions.map((c) => c.id)).toEqual(['en:with']);
    expect(l2.words[0]).toEqual({ print: 'with the', braille: '⠾⠀⠮' });

    // Arabic and dark: the same builder.
    await settle(ip);
    await ip.evaluate(() => {
      localStorage.setItem('app-lang', 'ar');
      localStorage.setItem('app-theme', 'dark');
    });
    await ip.reload();
    await expect(ip.locator('h1', { hasText: 'تعديل الدورة' })).toBeVisible();
    await expect(byId(ip, picker1)).toHaveText('اختر الاختصارات (المختار: 2)');
    await press(byId(ip, picker2));
    await expect(ip.getByRole('group', { name: 'الاختصارات القوية: تُكتب حيثما وردت' }).first()).toBeVisible();
    await ip.waitForLoadState('networkidle');
    expect(await axeViolations(ip)).toEqual([]);
    await shot(ip, 'contracted-builder-ar-dark');
  });

  test('a student reads the lesson\'s contractions and answers a contracted Braille question on the six keys', async () => {
    expect(courseId).toBeGreaterThan(0);
    // The exercise first: a live course's assessments change only through a revision (issue 23).
    const made = await api<{ assessment: { id: number; questions: Array<{ braille: Array<{ unicode: string }> }> } }>(instructor, 'POST', 'instructor/assessments', {
      course_id: courseId,
      type: 'lesson_exercise',
      lesson_id: lessonIds[1],
      title: EXERCISE,
      pass_mark: 100,
      questions: [{ type: 'braille_input', points: 1, print: 'with the' }],
    });
    await accredit(instructor, supervisor, courseId);
    await api(student, 'POST', `courses/${courseId}/enrol`, {});
    // The course teaches with and the by lesson 2: the expected answer uses both.
    expect(made.assessment.questions[0].braille.map((c) => c.unicode).join('')).toBe('⠾⠀⠮');

    await setPrefs(st, { lang: 'en', theme: 'light', clear: true });
    await storeSession(st, student);
    await go(st, `/student/courses/${courseId}?lesson=${lessonIds[1]}`);
    await expect(st.getByRole('heading', { name: 'Contractions in this lesson' })).toBeVisible();
    await expect(st.getByRole('table', { name: 'The contractions this lesson introduces, in print and in Braille' }).getByRole('rowheader', { name: 'with' })).toHaveCount(1);
    await expect(st.getByRole('cell', { name: '⠾⠀⠮' })).toHaveCount(1);
    expect(await axeViolations(st)).toEqual([]);

    await press(st.getByRole('link', { name: `Start: “${EXERCISE}”` }));
    await expect(st.locator('h1', { hasText: EXERCISE })).toBeVisible();
    await expectHeadingFocused(st);
    await press(st.getByRole('button', { name: 'Start the assessment' }));
    await expectFocus(st, 'q-head-0');
    const braille = st.getByLabel('Your answer in Braille, question 1');
    await braille.focus();
    await chord(st, 'KeyD', 'KeyS', 'KeyJ', 'KeyK', 'KeyL');
    await st.keyboard.press('Space');
    await chord(st, 'KeyD', 'KeyS', 'KeyJ', 'KeyL');
    await expect(braille).toHaveValue('⠾\u2800⠮');
    await expect(st.getByTestId('save-announcer').filter({ hasText: 'Answer to question 1 saved.' })).toBeVisible({ timeout: 10_000 });
    await press(st.getByRole('button', { name: 'Submit the assessment' }));
    await press(st.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }));
    await expect(st.locator('h1', { hasText: `Result: ${EXERCISE}` })).toBeVisible();
    await expectHeadingFocused(st);
    await expect(st.locator('.as-summary')).toContainText('Passed', { useInnerText: true });
    await expect(st.getByRole('heading', { name: /Question 1: Right, 1 of 1 point$/ })).toBeVisible();
  });
});

test.describe('narrow screens', () => {
  test('the contractions page and the contracted translator fit a phone screen without scrolling sideways', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    try {
      await openTranslator('ar');
      await page.getByRole('radio', { name: 'مختصر (الدرجة الثانية)' }).check();
      await page.getByLabel('النص المراد ترجمته').fill('من المدرسة إلى البيت');
      await expect(page.locator('.tr-cells [role=img]').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.goto('/instructions/contractions');
      await expect(page.locator('.ct-example').first()).toBeVisible();
      await expect(page.locator('.ct-grid').nth(3)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, 'instructions-contractions-ar-light-narrow');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

/** A live contracted course, as the tests above leave theirs, made through the API. */
async function liveContractedCourse() {
  const made = await api<{ course: { id: number } }>(instructor, 'POST', 'courses', {
    title: TITLE,
    type: 'reading',
    duration_days: 21,
    description: 'UEB grade 2, a few contractions at a time.',
    category: 'words',
    level: 'intermediate',
    language: 'en',
    braille_grade: 2,
    chapters: [
      {
        title: 'Strong contractions',
        description: 'the, and, with',
        lessons: [
          { title: 'the and and', description: 'Written anywhere, even inside a word.', words: ['the', 'band'], contractions: ['en:the', 'en:and'] },
          { title: 'with', description: 'One more strong contraction.', words: ['with the'], contractions: ['en:with'] },
        ],
      },
    ],
  });
  courseId = made.course.id;
  await accredit(instructor, supervisor, courseId);
}

// In each language × theme project (playwright.config.ts), on a course of its own.
test.describe('axe', { tag: COMBO }, () => {
  test.beforeAll(liveContractedCourse);

  test('the contracted translator, the instructions on contractions and the contracted course pages have no violations', async ({ lang, theme }) => {
    test.setTimeout(300_000);
    const found: Record<string, unknown> = {};
    const scan = async (what: string, p: Page) => {
      await p.waitForLoadState('networkidle');
      const v = await axeViolations(p);
      if (v.length) found[what] = v;
    };
    await openTranslator(lang, theme);
    await page.locator('input[type=radio][name$="-grade"][value="2"]').check();
    await page.locator('textarea').first().fill(lang === 'ar' ? 'من المدرسة إلى البيت' : 'about the house, with the children');
    await expect(page.locator('.tr-cells [role=img]').first()).toBeVisible();
    await scan('translator, contracted', page);

    await page.goto('/instructions/contractions');
    await expect(page.locator('.ct-example').first()).toBeVisible();
    await expect(page.locator('.ct-grid').nth(3)).toBeVisible();
    await scan('/instructions/contractions', page);
    await shot(page, `instructions-contractions-${lang}-${theme}`);

    await page.goto('/instructions');
    await expect(page.locator('h1').first()).toBeVisible();
    await scan('/instructions', page);

    await page.goto(`/courses/${courseId}`);
    await expect(page.locator('.crs-facts')).toBeVisible();
    await expect(page.locator('.crs-facts')).toContainText(lang === 'ar' ? 'مختصر (الدرجة الثانية)' : 'Contracted (grade 2)', { useInnerText: true });
    await scan('course page', page);
    await page.goto('/courses');
    await expect(page.locator('.crs-course-card').first()).toBeVisible();
    await scan('catalogue', page);
    expect(found).toEqual({});
  });
});
