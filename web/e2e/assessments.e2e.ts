/**
 * Assessments end to end, by keyboard: an instructor builds a lesson exercise in the page (a
 * Braille-input question whose cells the engine computes for review, and a similar-cells
 * question from the engine's proposals), meets a server field error on the right field, and
 * reorders questions. A student (course set up through the API: accredited, enrolled) takes the
 * exercise by typing six-key chords, reloads mid-way and finds the saved answer, submits, and
 * reads which dots of a wrong cell differ; the chapter assessment shows the spec §8 order
 * message until the exercise is passed; the chain up to the final passes and the course is
 * completed. axe on every new page in ar and en; screenshots to /tmp/assess-*.png.
 */
import type { Page } from '@playwright/test';
import { accredit, activeText, apiAs as api, apiLogin, axeViolations, byId, chord, createAccount, expect, expectFocus, expectHeadingFocused, go, pagesForFile, press, setPrefs, settle, storeSession, SUPERVISOR, test, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

const CHAPTER_LOCKED = 'You cannot start the chapter assessment before you finish the lesson exercises of this chapter.';
const FINAL_LOCKED = 'You cannot start the final assessment before you finish the chapter assessments.';
const CHAPTER_LOCKED_AR = 'لا يمكنك بدء اختبار الفصل قبل إنهاء تمارين دروس هذا الفصل.';

const stamp = Date.now().toString(36);
const COURSE = `Arabic Braille ${stamp}`;
const EXERCISE = `Write baab ${stamp}`;
const SHOTS = process.env.LAMSA_ASSESS_SHOTS ?? '/tmp';

let ip: Page;
let st: Page;
let instructor: LoginResult;
let student: LoginResult;
let supervisor: LoginResult;
let courseId = 0;
let chapterId = 0;
let lessons: number[] = [];
let exerciseId = 0;
let chapterAssessmentId = 0;
let finalId = 0;
const violations: Record<string, unknown> = {};

async function scan(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const v = await axeViolations(page);
  if (v.length) violations[what] = v;
}

/** Switches language and theme and reloads (the stored prefs are read at start-up). */
async function prefs(page: Page, lang: 'ar' | 'en', theme: 'light' | 'dark') {
  await settle(page);
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('app-lang', l);
      localStorage.setItem('app-theme', t);
    },
    [lang, theme],
  );
  await page.reload();
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/assess-${name}.png`, fullPage: true });
}

pagesForFile(2, (p) => ([ip, st] = p));
test.beforeAll(async () => {
  instructor = await createAccount('instructor', 'Assessment Instructor');
  student = await createAccount('student', 'Assessment Student');
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  // An Arabic course: one chapter of two lessons, accredited, the student enrolled.
  const created = await api<{ course: { id: number; chapters: Array<{ id: number; lessons: Array<{ id: number }> }> } }>(instructor, 'POST', 'courses', {
    title: COURSE,
    type: 'reading',
    duration_days: 10,
    description: 'The first letters.',
    category: 'letters',
    level: 'beginner',
    language: 'ar',
    image_media_id: null,
    chapters: [
      {
        title: 'الحروف الأولى',
        description: 'ا ب ت',
        lessons: [
          { title: 'الألف والباء', description: 'نقطة ثم نقطتان', rule: '', letters: ['ا', 'ب'], words: ['باب'], links: [], media: [] },
          { title: 'التاء والياء', description: 'أربع نقاط', rule: '', letters: ['ت', 'ي'], words: ['بيت'], links: [], media: [] },
        ],
      },
    ],
  });
  courseId = created.course.id;
  chapterId = created.course.chapters[0].id;
  lessons = created.course.chapters[0].lessons.map((l) => l.id);
  // Accredited once its assessments are built (the first test): a live course's assessments
  // change only through a revision (issue 23).
});

test.describe('assessments', () => {
  test('an instructor builds a lesson exercise in the page; a server field error lands on its field', async () => {
    await setPrefs(ip, { lang: 'en', theme: 'light', clear: true });
    await storeSession(ip, instructor);
    await go(ip, '/instructor/assessments');
    await expect(ip.locator('h1:has-text("Assessments")').first()).toBeVisible();
    await expect(ip.getByText('You have not created any assessment yet.')).toBeVisible();
    await scan(ip, 'list empty, en');
    await press(ip.getByRole('link', { name: 'Create an assessment' }).last());
    await expect(ip.locator('h1', { hasText: 'Create an assessment' })).toBeVisible();
    await expectHeadingFocused(ip);

    // Sending nothing: the page's own checks, focus on the first field in error.
    await byId(ip, 'ab-pass_mark').fill('');
    await press(ip.getByRole('button', { name: 'Create the assessment' }));
    await expect(ip.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
    await expect(byId(ip, 'ab-type')).toHaveAttribute('aria-invalid', 'true');

    await byId(ip, 'ab-course_id').selectOption(String(courseId));
    await byId(ip, 'ab-type').selectOption('lesson_exercise');
    await byId(ip, 'ab-lesson_id').selectOption(String(lessons[0]));
    await byId(ip, 'ab-title').fill(EXERCISE);
    await byId(ip, 'ab-pass_mark').fill('100');
    await expect(ip.getByText('Braille code: Arabic Braille')).toHaveCount(1);
    await byId(ip, 'ab-questions[0].points').fill('2');
    // A character the Arabic code cannot write: the engine says so, and so does the server.
    await byId(ip, 'ab-questions[0].print').fill('باж');
    await expect(ip.getByText('No Braille form in this code for: ж')).toBeVisible();

    // A second question: similar cells, from the engine's proposals for ب.
    await press(ip.getByRole('button', { name: 'Add a question' }));
    await expectFocus(ip, 'ab-questions[1].type');
    await expect(ip.getByRole('status').filter({ hasText: 'Question 2 added.' })).toBeVisible();
    await byId(ip, 'ab-questions[1].type').selectOption('similar_cells');
    await byId(ip, 'ab-questions[1].letter').selectOption('ب');
    await expect(byId(ip, 'ab-questions[1].distractors-1')).toBeVisible();
    await expect(ip.locator('[id="ab-questions[1].distractors-1"] + label')).toContainText('mirrored left to right', { useInnerText: true });
    await press(byId(ip, 'ab-questions[1].distractors-1'), ' ');
    await press(byId(ip, 'ab-questions[1].distractors-2'), ' ');
    await expect(ip.getByRole('status').filter({ hasText: '2 groups chosen.' })).toBeVisible();

    // Reorder by keyboard: announced, focus stays with the moved question's button.
    await press(ip.getByRole('button', { name: 'Move question 2 up' }));
    await expect(ip.getByRole('status').filter({ hasText: 'Question moved to position 1 of 2.' })).toBeVisible();
    await expect(byId(ip, 'ab-questions[0].type')).toHaveValue('similar_cells');
    expect(await activeText(ip)).toContain('Move question 1 down');
    await ip.keyboard.press('Enter');
    await expect(ip.getByRole('status').filter({ hasText: 'Question moved to position 2 of 2.' })).toBeVisible();
    await expect(byId(ip, 'ab-questions[0].type')).toHaveValue('braille_input');

    // The server refuses the print: "Something went wrong", its message on the field, focus there.
    await press(ip.getByRole('button', { name: 'Create the assessment' }));
    await expect(ip.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
    await expectFocus(ip, 'ab-questions[0].print');
    await expect(byId(ip, 'ab-questions[0].print')).toHaveAttribute('aria-invalid', 'true');
    expect((await byId(ip, 'ab-questions[0].print-error').innerText()).length).toBeGreaterThan(0);

    await byId(ip, 'ab-questions[0].print').fill('باب');
    // The engine's expected cells, for review: drawn and named, and as Unicode Braille.
    const preview = byId(ip, 'ab-questions[0].preview');
    await expect(preview.getByText('⠃⠁⠃')).toBeVisible();
    await expect(preview.getByRole('img', { name: /^dots 1 2, letter ba/ }).first()).toBeVisible();
    await scan(ip, 'builder, en');
    await shot(ip, 'builder-en-light');

    await press(ip.getByRole('button', { name: 'Create the assessment' }));
    await expect(ip.locator('h1', { hasText: 'Assessments' })).toBeVisible();
    await expect(ip.getByRole('status').filter({ hasText: 'Assessment created' })).toBeVisible();
    const row = ip.locator('tr', { hasText: EXERCISE });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Lesson exercise', { useInnerText: true });
    await expect(row).toContainText('2 questions, 3 points', { useInnerText: true });
    await scan(ip, 'list, en');
    await shot(ip, 'list-en-light');

    const mine = await api<{ assessments: Array<{ id: number; title: string }> }>(instructor, 'GET', 'instructor/assessments');
    exerciseId = mine.assessments.find((a) => a.title === EXERCISE)!.id;

    // The edit page in Arabic and dark: the same builder, the stored questions back.
    await go(ip, `/instructor/assessments/${exerciseId}/edit`);
    await prefs(ip, 'ar', 'dark');
    await expect(ip.locator('h1', { hasText: 'تعديل الاختبار' })).toBeVisible();
    await expect(byId(ip, 'ab-questions[0].preview').getByText('⠃⠁⠃')).toBeVisible();
    await expect(byId(ip, 'ab-questions[1].distractors-1')).toBeVisible();
    await expect(ip.locator('[id^="ab-questions[1].distractors-"]:checked')).toHaveCount(2);
    await scan(ip, 'builder, ar');
    await shot(ip, 'builder-ar-dark');
    await go(ip, '/instructor/assessments');
    await expect(ip.locator('tr', { hasText: EXERCISE })).toBeVisible();
    await scan(ip, 'list, ar');
    await prefs(ip, 'en', 'light');

    // The chapter assessment (text input) and the final (Braille input) through the API.
    const ch = await api<{ assessment: { id: number } }>(instructor, 'POST', 'instructor/assessments', {
      course_id: courseId,
      type: 'chapter_assessment',
      chapter_id: chapterId,
      title: `Chapter test ${stamp}`,
      pass_mark: 50,
      questions: [{ type: 'text_input', points: 1, print: 'بيت' }],
    });
    chapterAssessmentId = ch.assessment.id;
    const fin = await api<{ assessment: { id: number } }>(instructor, 'POST', 'instructor/assessments', {
      course_id: courseId,
      type: 'final_assessment',
      title: `Final ${stamp}`,
      pass_mark: 60,
      questions: [{ type: 'braille_input', points: 1, print: 'ب' }],
    });
    finalId = fin.assessment.id;
    await accredit(instructor, supervisor, courseId);
    await api(student, 'POST', `courses/${courseId}/enrol`, {});
  });

  test('a student sees the order rules in place, types chords, reloads, submits and reads the dot differences', async () => {
    expect(exerciseId).toBeGreaterThan(0);
    await setPrefs(st, { lang: 'en', theme: 'light', clear: true });
    await storeSession(st, student);
    // The last lesson of the chapter carries the chapter assessment and the final, both locked.
    await go(st, `/student/courses/${courseId}?lesson=${lessons[1]}`);
    await expect(st.locator('#as-learn-heading')).toBeVisible();
    await expect(st.getByText(CHAPTER_LOCKED)).toBeVisible();
    await expect(st.getByText(FINAL_LOCKED)).toBeVisible();
    await expect(st.getByRole('link', { name: /Chapter test/ })).toHaveCount(0);
    await scan(st, 'learning page, locked, en');
    await shot(st, 'learn-en-light');
    // Opened directly, the chapter assessment says the same and offers no start.
    await go(st, `/student/courses/${courseId}/assessments/${chapterAssessmentId}`);
    await expect(st.getByText(CHAPTER_LOCKED)).toBeVisible();
    await expect(st.getByRole('button', { name: 'Start the assessment' })).toHaveCount(0);

    // The exercise is with its lesson.
    await go(st, `/student/courses/${courseId}?lesson=${lessons[0]}`);
    await press(st.getByRole('link', { name: `Start: “${EXERCISE}”` }));
    await expect(st.locator('h1', { hasText: EXERCISE })).toBeVisible();
    await expectHeadingFocused(st);
    await press(st.getByRole('button', { name: 'Start the assessment' }));
    await expectFocus(st, 'q-head-0');
    await expect(st.getByRole('status').filter({ hasText: 'The assessment has started.' })).toBeVisible();

    // باب typed with a wrong last cell: dots 1 2, dot 1, then dots 1 4 (instead of 1 2).
    const braille = st.getByLabel('Your answer in Braille, question 1');
    await braille.focus();
    await chord(st, 'KeyF', 'KeyD');
    await chord(st, 'KeyF');
    await chord(st, 'KeyF', 'KeyJ');
    await expect(braille).toHaveValue('⠃⠁⠉');
    await expect(st.getByTestId('save-announcer').filter({ hasText: 'Answer to question 1 saved.' })).toBeVisible({ timeout: 10_000 });
    const q1State = st.locator('.as-q').first().locator('.as-save-state');
    await expect(q1State).toContainText('Saved', { useInnerText: true });
    await scan(st, 'taking, en');
    await shot(st, 'taking-en-light');

    // A reload resumes the open attempt with the saved answer.
    await settle(st);
    await st.reload();
    await expect(st.getByRole('status').filter({ hasText: 'Your saved answers are back.' })).toBeVisible();
    await expect(st.getByLabel('Your answer in Braille, question 1')).toHaveValue('⠃⠁⠉');

    // Arabic and dark: the same attempt.
    await prefs(st, 'ar', 'dark');
    await expect(st.getByLabel('إجابتك بطريقة برايل، السؤال 1')).toBeVisible();
    await scan(st, 'taking, ar');
    await shot(st, 'taking-ar-dark');
    await prefs(st, 'en', 'light');

    // The right group: ب in every cell (its name lists dots 1 2 four times).
    const right = st.getByRole('radio', { name: /^Group \d: dots 1 2, then dots 1 2, then dots 1 2, then dots 1 2$/ });
    await press(right, ' ');
    await expect(st.getByTestId('save-announcer').filter({ hasText: 'Answer to question 2 saved.' })).toBeVisible();
    await press(st.getByRole('button', { name: 'Submit the assessment' }));
    const dialog = st.getByRole('dialog');
    await expect(dialog.getByText('You answered 2 of 2 questions.')).toBeVisible();
    await scan(st, 'submit dialog, en');
    await press(dialog.getByRole('button', { name: 'Submit', exact: true }));

    await expect(st.locator('h1', { hasText: `Result: ${EXERCISE}` })).toBeVisible();
    await expectHeadingFocused(st);
    expect(st.url()).toContain('/student/courses/answers/');
    await expect(st.getByRole('status').filter({ hasText: 'Assessment submitted' })).toBeVisible();
    await expect(st.locator('.as-summary')).toContainText('Not passed', { useInnerText: true });
    await expect(st.getByRole('heading', { name: /Question 1: Wrong, 0 of 2 points/ })).toBeVisible();
    await expect(st.getByRole('heading', { name: /Question 2: Right, 1 of 1 point$/ })).toBeVisible();
    const diff = st.getByRole('table', { name: 'Question 1: your cells next to the right ones' });
    const third = diff.locator('tbody tr').nth(2);
    await expect(third).toContainText('missing dot 2; extra dot 4', { useInnerText: true });
    await expect(diff.locator('tbody tr').nth(0)).toContainText('Correct', { useInnerText: true });
    // No side menu on the answers page.
    await expect(st.locator('.side-menu')).toHaveCount(0);
    await scan(st, 'result, en');
    await shot(st, 'result-en-light');
    await prefs(st, 'ar', 'dark');
    await expect(st.getByText('تنقصها النقطة 2؛ فيها النقطة 4 زائدة')).toBeVisible();
    await scan(st, 'result, ar');
    await shot(st, 'result-ar-dark');
    await prefs(st, 'en', 'light');

    // Still locked: a failed exercise is not done.
    await go(st, `/student/courses/${courseId}?lesson=${lessons[1]}`);
    await expect(st.getByText(CHAPTER_LOCKED)).toBeVisible();
    await prefs(st, 'ar', 'light');
    await expect(st.getByText(CHAPTER_LOCKED_AR)).toBeVisible();
    await scan(st, 'learning page, locked, ar');
    await prefs(st, 'en', 'light');
  });

  test('after passing the exercise the chapter assessment opens, then the final; the course is completed', async () => {
    expect(exerciseId).toBeGreaterThan(0);
    // Try again from the lesson: attempt 2, right this time.
    await go(st, `/student/courses/${courseId}?lesson=${lessons[0]}`);
    await press(st.getByRole('link', { name: `Try again: “${EXERCISE}”` }));
    await expect(st.locator('h1', { hasText: EXERCISE })).toBeVisible();
    await press(st.getByRole('button', { name: 'Start attempt 2' }));
    await expectFocus(st, 'q-head-0');
    await st.getByLabel('Your answer in Braille, question 1').focus();
    await chord(st, 'KeyF', 'KeyD');
    await chord(st, 'KeyF');
    await chord(st, 'KeyF', 'KeyD');
    await press(st.getByRole('radio', { name: /^Group \d: dots 1 2, then dots 1 2, then dots 1 2, then dots 1 2$/ }), ' ');
    await press(st.getByRole('button', { name: 'Submit the assessment' }));
    await press(st.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }));
    await expect(st.locator('h1', { hasText: `Result: ${EXERCISE}` })).toBeVisible();
    await expect(st.locator('.as-summary')).toContainText('Passed', { useInnerText: true });

    // The chapter assessment is open now; the final is still locked.
    await go(st, `/student/courses/${courseId}?lesson=${lessons[1]}`);
    await expect(st.locator('#as-learn-heading')).toBeVisible();
    await expect(st.getByText(CHAPTER_LOCKED)).toHaveCount(0);
    await expect(st.getByText(FINAL_LOCKED)).toBeVisible();
    await press(st.getByRole('link', { name: `Start: “Chapter test ${stamp}”` }));
    await press(st.getByRole('button', { name: 'Start the assessment' }));
    // A text question: the cells to read are drawn, and written as Unicode Braille.
    await expect(st.locator('.as-unicode', { hasText: '⠃⠊⠞' })).toBeVisible();
    await expect(st.getByRole('img', { name: 'dots 2 4' })).toBeVisible();
    const reading = st.getByLabel('Your reading in print, question 1');
    await reading.fill('بيت');
    await reading.press('Tab');
    await expect(st.getByTestId('save-announcer').filter({ hasText: 'Answer to question 1 saved.' })).toBeVisible();
    await scan(st, 'taking a text question, en');
    await press(st.getByRole('button', { name: 'Submit the assessment' }));
    await press(st.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }));
    await expect(st.locator('h1', { hasText: `Result: Chapter test ${stamp}` })).toBeVisible();
    await expect(st.locator('.as-summary')).toContainText('Passed', { useInnerText: true });

    // The final.
    await go(st, `/student/courses/${courseId}?lesson=${lessons[1]}`);
    await press(st.getByRole('link', { name: `Start: “Final ${stamp}”` }));
    await expect(st.locator('h1', { hasText: `Final ${stamp}` })).toBeVisible();
    expect(st.url()).toContain(`/assessments/${finalId}`);
    await press(st.getByRole('button', { name: 'Start the assessment' }));
    await st.getByLabel('Your answer in Braille, question 1').focus();
    await chord(st, 'KeyF', 'KeyD');
    await press(st.getByRole('button', { name: 'Submit the assessment' }));
    await press(st.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }));
    await expect(st.locator('h1', { hasText: `Result: Final ${stamp}` })).toBeVisible();
    const summary = await st.locator('.as-summary').innerText();
    expect(summary).toContain('Passed');
    expect(summary).toContain('Excellent');
    const progress = await st.locator('.as-progress').innerText();
    expect(progress).toContain('State: Completed');
    expect(progress).toContain('Assessments passed: 3 of 3');

    // The course page says completed too.
    await press(st.getByRole('link', { name: 'Back to the course' }));
    await expect(st.locator('#lesson-title')).toBeVisible();
    await expect(st.locator('.crs-state', { hasText: 'Completed' }).first()).toBeVisible();
    await expect(st.locator('#as-learn-heading')).toBeVisible();
    await expect(st.locator('.as-badge-passed')).toHaveCount(2);
    await scan(st, 'learning page, passed, en');

    // The instructor follows the attempts and opens a result.
    await go(ip, '/instructor/track-students');
    const cell = ip.locator('td', { hasText: `${EXERCISE}, attempt 1` });
    await expect(cell).toBeVisible();
    // The attempts are in a disclosure that keeps the table inside its card, wide or narrow.
    expect(await cell.innerText()).not.toContain('not passed');
    for (const width of [1280, 360]) {
      await ip.setViewportSize({ width, height: 800 });
      const fit = await ip.locator('.crs-track').first().evaluate((t) => {
        const card = t.closest('.card')!.getBoundingClientRect();
        const box = t.getBoundingClientRect();
        return { inside: box.left >= card.left - 0.5 && box.right <= card.right + 0.5, page: document.documentElement.scrollWidth <= innerWidth };
      });
      expect(fit, `tracking table at ${width} px`).toEqual({ inside: true, page: true });
    }
    await ip.setViewportSize({ width: 1280, height: 900 });
    await press(cell.getByText(/^Show the \d+ attempts$/));
    await expect(cell).toContainText(`${EXERCISE}, attempt 1: 1 / 3 (33.3%), not passed`, { useInnerText: true });
    await press(ip.getByRole('link', { name: `Answers of Assessment Student: ${EXERCISE}, attempt 1` }));
    await expect(ip.locator('h1', { hasText: `Result: ${EXERCISE}` })).toBeVisible();
    await expect(ip.locator('.as-summary')).toContainText('Assessment Student', { useInnerText: true });
    await scan(ip, 'instructor result, en');
    await prefs(ip, 'ar', 'dark');
    await expect(ip.locator('h1', { hasText: `النتيجة: ${EXERCISE}` })).toBeVisible();
    await scan(ip, 'instructor result, ar');
    await go(ip, '/instructor/track-students');
    await expect(ip.locator('td', { hasText: `${EXERCISE}، المحاولة 1` })).toBeVisible();
    await scan(ip, 'track students with attempts, ar');
    await prefs(ip, 'en', 'light');
    // Taken: deleting is refused with the server's message.
    await go(ip, '/instructor/assessments');
    await press(ip.getByRole('button', { name: `Delete “${EXERCISE}”` }));
    await press(ip.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }));
    await expect(ip.getByRole('alert').filter({ hasText: 'cannot be deleted' })).toBeVisible();
    await expect(ip.locator('tr', { hasText: EXERCISE })).toHaveCount(1);
  });

  test('the new pages have no axe violations in ar and en', () => {
    expect(violations).toEqual({});
  });
});
