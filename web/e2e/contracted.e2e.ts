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
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accredit,
  apiAs as api,
  apiLogin,
  axeViolations,
  BASE,
  chord,
  createAccount,
  expectFocus,
  expectHeadingFocused,
  go,
  launch,
  newPage,
  press,
  setPrefs,
  settle,
  storeSession,
  SUPERVISOR,
  type Browser,
  type LoginResult,
} from './support';

const stamp = Date.now().toString(36);
const TITLE = `Contracted English ${stamp}`;
const EXERCISE = `Write with the ${stamp}`;
const shots = process.env.LAMSA_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

let b: Browser;
let page: Page;
let instructorB: Browser;
let studentB: Browser;
let ip: Page;
let st: Page;
let instructor: LoginResult;
let student: LoginResult;
let supervisor: LoginResult;
let courseId = 0;
let lessonIds: number[] = [];

const byId = (p: Page, id: string) => p.locator(`[id="${id}"]`);
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

beforeAll(async () => {
  [b, instructorB, studentB] = await Promise.all([launch(), launch(), launch()]);
  [page, ip, st] = await Promise.all([newPage(b), newPage(instructorB), newPage(studentB)]);
  instructor = await createAccount('instructor', 'Contracted Instructor');
  student = await createAccount('student', 'Contracted Student');
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
});
afterAll(async () => {
  await Promise.all([b?.close(), instructorB?.close(), studentB?.close()]);
});

async function openTranslator(lang: 'ar' | 'en', theme: 'light' | 'dark' = 'light') {
  await setPrefs(page, { lang, theme, clear: true });
  await page.goto('/braille-translator');
  await page.waitForSelector('h1');
}

describe('translator: uncontracted or contracted', () => {
  it('writes English in either grade, announces the grade and downloads the contracted .brf', async () => {
    await openTranslator('en');
    const box = page.getByLabel('Text to translate');
    expect(await page.getByRole('radio', { name: 'Uncontracted (grade 1)' }).isChecked()).toBe(true);
    await box.fill('the children');
    await expect.poll(() => out().inputValue()).toBe('⠞⠓⠑⠀⠉⠓⠊⠇⠙⠗⠑⠝');
    // Contracted, chosen by keyboard: the same text again, now with contractions.
    await press(page.getByRole('radio', { name: 'Contracted (grade 2)' }), ' ');
    expect(await page.getByRole('radio', { name: 'Contracted (grade 2)' }).isChecked()).toBe(true);
    await expect.poll(() => out().inputValue()).toBe('⠮⠀⠡⠝');
    await expect.poll(async () => clean(await said().textContent())).toBe('English contracted Braille, 4 cells: ⠮⠀⠡⠝');
    expect(await page.getByLabel('Dot numbers').inputValue()).toBe('2346 0 16-1345');
    // Contracted cells are named by their dots only (⠮ alone would read as "!" in grade 1).
    const names = await page.locator('.tr-cells [role=img]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names).toEqual(['dots 2 3 4 6', 'blank cell, space', 'dots 1 6', 'dots 1 3 4 5']);

    // The .brf file: Braille ASCII from the engine, CR LF line ends.
    await box.fill('the children\nwith the');
    await expect.poll(() => out().inputValue()).toBe('⠮⠀⠡⠝\n⠾⠀⠮');
    const [brf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download \.brf/ }).click()]);
    expect(brf.suggestedFilename()).toBe('lamsa-braille-contracted.brf');
    const expected = await engine('the children\nwith the', 'en', 2);
    expect(expected.brf).toBe('! *N\n) !');
    expect(readFileSync(await brf.path(), 'latin1')).toBe('! *N\r\n) !\r\n');
    await page.getByText('lamsa-braille-contracted.brf downloaded.').waitFor();
    await shot(page, 'contracted-translator-en-light');

    // Back to uncontracted: the result follows.
    await press(page.getByRole('radio', { name: 'Uncontracted (grade 1)' }), ' ');
    await expect.poll(() => out().inputValue()).toBe('⠞⠓⠑⠀⠉⠓⠊⠇⠙⠗⠑⠝\n⠺⠊⠞⠓⠀⠞⠓⠑');
    const [plain] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download \.brf/ }).click()]);
    expect(plain.suggestedFilename()).toBe('lamsa-braille.brf');
    expect(readFileSync(await plain.path(), 'latin1')).toBe('THE CHILDREN\r\nWITH THE\r\n');
  });

  it('reads contracted Braille typed on the six keys, and writes Arabic grade 2 as the engine does', async () => {
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
    await expect.poll(() => page.getByLabel('Text', { exact: true }).inputValue()).toBe('with the');
    await expect.poll(async () => clean(await said().textContent())).toBe('Text (English code): with the');

    await openTranslator('ar', 'dark');
    await page.getByRole('radio', { name: 'مختصر (الدرجة الثانية)' }).check();
    await page.getByLabel('النص المراد ترجمته').fill('في البيت');
    const g2 = await engine('في البيت', 'ar', 2);
    const g1 = await engine('في البيت', 'ar', 1);
    expect(Array.from(g2.braille).length).toBeLessThan(Array.from(g1.braille).length);
    await expect.poll(() => out().inputValue()).toBe(g2.braille);
    await expect.poll(async () => clean(await said().textContent())).toMatch(/^برايل العربي المختصر، /);
    await shot(page, 'contracted-translator-ar-dark');
  });
});

describe('a contracted course', () => {
  it('an instructor builds it in the page, choosing each lesson\'s contractions by keyboard', async () => {
    await setPrefs(ip, { lang: 'en', theme: 'light', clear: true });
    await storeSession(ip, instructor);
    await ip.goto('/instructor/courses/create');
    await ip.waitForSelector('h1:has-text("Create a course")');
    await byId(ip, 'cb-title').fill(TITLE);
    await byId(ip, 'cb-type').selectOption('reading');
    await byId(ip, 'cb-duration_days').fill('21');
    await byId(ip, 'cb-description').fill('UEB grade 2, a few contractions at a time.');
    await byId(ip, 'cb-category').selectOption('words');
    await byId(ip, 'cb-level').selectOption('intermediate');
    await byId(ip, 'cb-language').selectOption('en');
    // Uncontracted: no contraction picker. Contracted: one per lesson.
    expect(await ip.getByText(/^Choose contractions/).count()).toBe(0);
    await byId(ip, 'cb-braille_grade').selectOption('2');
    await byId(ip, 'cb-chapters[0].title').fill('Strong contractions');
    await byId(ip, 'cb-chapters[0].description').fill('the, and, with');
    await byId(ip, 'cb-chapters[0].lessons[0].title').fill('the and and');
    await byId(ip, 'cb-chapters[0].lessons[0].description').fill('Written anywhere, even inside a word.');
    const picker1 = 'cb-chapters[0].lessons[0].contractions';
    await press(byId(ip, picker1));
    // Grouped by kind; found with the search box by print or by dots.
    await ip.getByRole('group', { name: 'Strong contractions: written anywhere' }).first().waitFor();
    const search = ip.getByLabel('Find a contraction');
    await search.fill('the');
    await ip.getByRole('status').filter({ hasText: /contractions? shown\./ }).waitFor();
    await press(byId(ip, `${picker1}-en:the`), ' ');
    await search.fill('12346');
    await ip.getByRole('status').filter({ hasText: '1 contraction shown.' }).waitFor();
    expect(await ip.getByRole('checkbox', { name: 'and, dots 1 2 3 4 6' }).count()).toBe(1);
    await press(byId(ip, `${picker1}-en:and`), ' ');
    expect(await byId(ip, picker1).textContent()).toBe('Choose contractions (2 chosen)');
    await ip.getByRole('img', { name: 'the, dots 2 3 4 6' }).waitFor();
    await ip.getByRole('img', { name: 'and, dots 1 2 3 4 6' }).waitFor();
    await byId(ip, 'cb-chapters[0].lessons[0].words').fill('the\nband');

    await press(ip.getByRole('button', { name: 'Add a lesson to chapter 1' }));
    await expectFocus(ip, 'cb-chapters[0].lessons[1].title');
    await byId(ip, 'cb-chapters[0].lessons[1].title').fill('with');
    await byId(ip, 'cb-chapters[0].lessons[1].description').fill('One more strong contraction.');
    const picker2 = 'cb-chapters[0].lessons[1].contractions';
    await press(byId(ip, picker2));
    // What lesson 1 taught is marked in lesson 2.
    await byId(ip, `${picker2}-en:the`).waitFor();
    expect(await ip.getByRole('checkbox', { name: 'the, dots 2 3 4 6, already introduced in an earlier lesson' }).count()).toBe(1);
    await press(byId(ip, `${picker2}-en:with`), ' ');
    await byId(ip, 'cb-chapters[0].lessons[1].words').fill('with the');
    expect(await axeViolations(ip)).toEqual([]);
    await shot(ip, 'contracted-builder-en-light');

    await press(ip.getByRole('button', { name: 'Save as draft' }));
    await ip.waitForURL(/\/instructor\/courses\/\d+\/edit$/);
    courseId = Number(/courses\/(\d+)\/edit/.exec(ip.url())![1]);
    await ip.getByRole('status').filter({ hasText: 'Course saved' }).waitFor();
    // The edit page has the grade and the chosen contractions back.
    expect(await byId(ip, 'cb-braille_grade').inputValue()).toBe('2');
    expect(await byId(ip, picker1).textContent()).toBe('Choose contractions (2 chosen)');
    expect(await byId(ip, picker2).textContent()).toBe('Choose contractions (1 chosen)');

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
    await ip.locator('h1', { hasText: 'تعديل الدورة' }).waitFor();
    expect(await byId(ip, picker1).textContent()).toBe('اختر الاختصارات (المختار: 2)');
    await press(byId(ip, picker2));
    await ip.getByRole('group', { name: 'الاختصارات القوية: تُكتب حيثما وردت' }).first().waitFor();
    await ip.waitForLoadState('networkidle');
    expect(await axeViolations(ip)).toEqual([]);
    await shot(ip, 'contracted-builder-ar-dark');
  });

  it('a student reads the lesson\'s contractions and answers a contracted Braille question on the six keys', async () => {
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
    await st.getByRole('heading', { name: 'Contractions in this lesson' }).waitFor();
    expect(await st.getByRole('table', { name: 'The contractions this lesson introduces, in print and in Braille' }).getByRole('rowheader', { name: 'with' }).count()).toBe(1);
    expect(await st.getByRole('cell', { name: '⠾⠀⠮' }).count()).toBe(1);
    expect(await axeViolations(st)).toEqual([]);

    await press(st.getByRole('link', { name: `Start: “${EXERCISE}”` }));
    await st.locator('h1', { hasText: EXERCISE }).waitFor();
    await expectHeadingFocused(st);
    await press(st.getByRole('button', { name: 'Start the assessment' }));
    await expectFocus(st, 'q-head-0');
    const braille = st.getByLabel('Your answer in Braille, question 1');
    await braille.focus();
    await chord(st, 'KeyD', 'KeyS', 'KeyJ', 'KeyK', 'KeyL');
    await st.keyboard.press('Space');
    await chord(st, 'KeyD', 'KeyS', 'KeyJ', 'KeyL');
    expect(await braille.inputValue()).toBe('⠾\u2800⠮');
    await st.getByTestId('save-announcer').filter({ hasText: 'Answer to question 1 saved.' }).waitFor({ timeout: 10_000 });
    await press(st.getByRole('button', { name: 'Submit the assessment' }));
    await press(st.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }));
    await st.locator('h1', { hasText: `Result: ${EXERCISE}` }).waitFor();
    await expectHeadingFocused(st);
    expect(await st.locator('.as-summary').innerText()).toContain('Passed');
    await st.getByRole('heading', { name: /Question 1: Right, 1 of 1 point$/ }).waitFor();
  });
});

describe('narrow screens', () => {
  it('the contractions page and the contracted translator fit a phone screen without scrolling sideways', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    try {
      await openTranslator('ar');
      await page.getByRole('radio', { name: 'مختصر (الدرجة الثانية)' }).check();
      await page.getByLabel('النص المراد ترجمته').fill('من المدرسة إلى البيت');
      await page.locator('.tr-cells [role=img]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.goto('/instructions/contractions');
      await page.locator('.ct-example').first().waitFor();
      await page.locator('.ct-grid').nth(3).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, 'instructions-contractions-ar-light-narrow');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

const COMBOS = [
  ['ar', 'light'],
  ['ar', 'dark'],
  ['en', 'light'],
  ['en', 'dark'],
] as const;

describe.each(COMBOS)('axe %s %s', (lang, theme) => {
  it('the contracted translator, the instructions on contractions and the contracted course pages have no violations', async () => {
    const found: Record<string, unknown> = {};
    const scan = async (what: string, p: Page) => {
      await p.waitForLoadState('networkidle');
      const v = await axeViolations(p);
      if (v.length) found[what] = v;
    };
    await openTranslator(lang, theme);
    await page.locator('input[type=radio][name$="-grade"][value="2"]').check();
    await page.locator('textarea').first().fill(lang === 'ar' ? 'من المدرسة إلى البيت' : 'about the house, with the children');
    await page.locator('.tr-cells [role=img]').first().waitFor();
    await scan('translator, contracted', page);

    await page.goto('/instructions/contractions');
    await page.locator('.ct-example').first().waitFor();
    await page.locator('.ct-grid').nth(3).waitFor();
    await scan('/instructions/contractions', page);
    await shot(page, `instructions-contractions-${lang}-${theme}`);

    await page.goto('/instructions');
    await page.waitForSelector('h1');
    await scan('/instructions', page);

    if (courseId) {
      await page.goto(`/courses/${courseId}`);
      await page.locator('.crs-facts').waitFor();
      expect(await page.locator('.crs-facts').innerText()).toContain(lang === 'ar' ? 'مختصر (الدرجة الثانية)' : 'Contracted (grade 2)');
      await scan('course page', page);
      await page.goto('/courses');
      await page.locator('.crs-course-card').first().waitFor();
      await scan('catalogue', page);
    }
    expect(found).toEqual({});
  }, 300_000);
});
