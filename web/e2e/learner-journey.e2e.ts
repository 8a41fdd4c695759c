/**
 * The whole learner chain in one run, by keyboard, in Arabic (the default language): an
 * instructor's course (one lesson with a Braille-input exercise, a chapter assessment, a final)
 * is set up and accredited through the API; the student enrols from the catalogue through the
 * confirmation dialog, types the exercise on the six-key keyboard, passes the chapter assessment
 * and the final in the pages, sees the course completed and requests the certificate; a
 * supervisor, in another browser, sees the request arrive live and approves it; the student's
 * page shows it issued live; the student opens the certificate, downloads the PDF, and a
 * visitor's fresh browser opens the verification link and reads "genuine" in Arabic and
 * English. Then the three dashboard landing pages with their figures loaded: axe in ar/dark and
 * en/light (and, with LAMSA_SCREENSHOTS=<dir>, screenshots of them).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  accredit,
  activeText,
  apiAs as api,
  apiLogin,
  axeViolations,
  BASE,
  chord,
  clearSupervisorQueues,
  createAccount,
  expect,
  expectFocus,
  expectHeadingFocused,
  expectStatus,
  go,
  launch,
  newPage,
  pagesForFile,
  press,
  setPrefs,
  socketReady,
  storeSession,
  SUPERVISOR,
  test,
  type LoginResult,
} from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `برايل للمبتدئين ${stamp}`;
const STUDENT = `ليلى ${stamp}`;
const EXERCISE = 'اكتب: باب بيت';
const CHAPTER_TEST = 'اختبار الحروف الأولى';
const FINAL = 'الاختبار النهائي';
const CHAPTER_LOCKED = 'لا يمكنك بدء اختبار الفصل قبل إنهاء تمارين دروس هذا الفصل.';
const FINAL_LOCKED = 'لا يمكنك بدء الاختبار النهائي قبل إنهاء اختبارات الفصول.';
/** With LAMSA_SCREENSHOTS=<dir>, the dashboard landing pages are saved there as journey-<role>-<lang>-<theme>.png. */
const SHOTS = process.env.LAMSA_SCREENSHOTS ?? '';

let st: Page;
let sp: Page;
let instructor: LoginResult;
let student: LoginResult;
let supervisor: LoginResult;
let courseId = 0;
let code = '';
let verifyUrl = '';
const violations: Record<string, unknown> = {};

async function scan(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const v = await axeViolations(page);
  if (v.length) violations[what] = v;
}

/** Marks the current document, to show later that no reload happened in between. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __journey?: string }).__journey = 'same document'));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __journey?: string }).__journey ?? 'reloaded');

/** The facts list of a certificate (view or verification page) as label → value. */
const facts = (page: Page) =>
  page
    .locator('.cert-facts')
    .evaluate((dl) => Object.fromEntries(Array.from(dl.querySelectorAll('dt')).map((dt) => [dt.textContent?.trim() ?? '', (dt.nextElementSibling?.textContent ?? '').replace(/[\u2068\u2069]/g, '').trim()])));

/** Submits the assessment on the page through its confirmation dialog and waits for the result page. */
async function submit(page: Page, title: string, answered: string) {
  await press(page.getByRole('button', { name: 'سلّم الاختبار' }));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(answered)).toBeVisible();
  await press(dialog.getByRole('button', { name: 'سلّم', exact: true }));
  await expect(page.locator('h1', { hasText: `النتيجة: ${title}` })).toBeVisible();
  await expectHeadingFocused(page);
  await expectStatus(page, 'تم تسليم الاختبار');
  await expect(page.locator('.as-summary.as-r-right')).toBeVisible();
  expect(await page.locator('.as-summary').innerText()).not.toContain('غير ناجح');
}

/** Starts the assessment whose link is on the learning page; focus lands on the first question. */
async function start(page: Page, title: string) {
  await press(page.getByRole('link', { name: `ابدأ: «${title}»` }));
  await expect(page.locator('h1', { hasText: title })).toBeVisible();
  await expectHeadingFocused(page);
  await press(page.getByRole('button', { name: 'ابدأ الاختبار' }));
  await expectFocus(page, 'q-head-0', 10_000);
  await expectStatus(page, 'بدأ الاختبار.');
}

/** Back from a result to the course's learning page, by its link. */
async function backToCourse(page: Page) {
  await press(page.getByRole('link', { name: 'العودة إلى الدورة' }));
  await expect(page.locator('#lesson-title')).toBeVisible();
  await expect(page.locator('#as-learn-heading')).toBeVisible();
}

pagesForFile(2, (p) => ([st, sp] = p));
test.beforeAll(async () => {
  instructor = await createAccount('instructor', 'Journey Instructor');
  student = await createAccount('student', STUDENT);
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);

  // An Arabic course of one chapter with one lesson, accredited by the supervisor.
  const created = await api<{ course: { id: number; chapters: Array<{ id: number; lessons: Array<{ id: number }> }> } }>(instructor, 'POST', 'courses', {
    title: TITLE,
    type: 'writing',
    duration_days: 30,
    description: 'أول حروف برايل العربي وكلماتها.',
    category: 'letters',
    level: 'beginner',
    language: 'ar',
    image_media_id: null,
    chapters: [
      {
        title: 'الحروف الأولى',
        description: 'ا ب ت ي',
        lessons: [{ title: 'باب وبيت', description: 'الباء والألف والياء والتاء', rule: '', letters: ['ا', 'ب', 'ت', 'ي'], words: ['باب', 'بيت'], links: [], media: [] }],
      },
    ],
  });
  courseId = created.course.id;
  const chapter = created.course.chapters[0];
  // The three steps of the chain: the lesson exercise (Braille input, two words), the chapter
  // assessment (read cells, write print), the final (Braille input).
  await api(instructor, 'POST', 'instructor/assessments', {
    course_id: courseId,
    type: 'lesson_exercise',
    lesson_id: chapter.lessons[0].id,
    title: EXERCISE,
    pass_mark: 100,
    questions: [{ type: 'braille_input', points: 2, print: 'باب بيت' }],
  });
  await api(instructor, 'POST', 'instructor/assessments', {
    course_id: courseId,
    type: 'chapter_assessment',
    chapter_id: chapter.id,
    title: CHAPTER_TEST,
    pass_mark: 50,
    questions: [{ type: 'text_input', points: 1, print: 'بيت' }],
  });
  await api(instructor, 'POST', 'instructor/assessments', {
    course_id: courseId,
    type: 'final_assessment',
    title: FINAL,
    pass_mark: 60,
    questions: [{ type: 'braille_input', points: 1, print: 'تاب' }],
  });
  await accredit(instructor, supervisor, courseId);
});

test.afterAll(async () => {
  // The dashboard figures test leaves requests waiting; the next files start with empty queues.
  if (supervisor) await clearSupervisorQueues(supervisor).catch(() => undefined);
});

test.describe('learner journey', () => {
  test('the student enrols from the catalogue and passes the exercise, the chapter assessment and the final by keyboard', async () => {
    // Arabic is the default: nothing stored but the session.
    await setPrefs(st, { clear: true });
    await storeSession(st, student);
    await go(st, '/student/discover-courses');
    await expect(st.getByRole('heading', { level: 1, name: 'اكتشف الدورات' })).toBeVisible();
    expect(await st.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);

    // ---- The catalogue: search by Enter, open the course, enrol through the dialog.
    await st.locator('#cat-q').fill(stamp);
    await st.locator('#cat-q').press('Enter');
    await expectStatus(st, 'وُجدت دورة واحدة.');
    await press(st.getByRole('link', { name: TITLE }));
    await expect(st.locator('h1', { hasText: TITLE })).toBeVisible();
    await expectHeadingFocused(st);
    await press(st.getByRole('button', { name: 'التسجيل في هذه الدورة' }));
    const dialog = st.getByRole('dialog', { name: `التسجيل في «${TITLE}»؟` });
    await expect(dialog).toBeVisible();
    // Focus starts on the safe choice; Tab reaches the confirmation.
    expect(await activeText(st)).toBe('إلغاء');
    await st.keyboard.press('Tab');
    expect(await activeText(st)).toBe('تسجيل');
    await st.keyboard.press('Enter');
    await expectStatus(st, 'تم تسجيلك في الدورة');
    await expect(dialog).toBeHidden();
    await expectFocus(st, 'go-course');
    await st.keyboard.press('Enter');
    await st.waitForURL(new RegExp(`/student/courses/${courseId}$`));
    await expect(st.locator('h1', { hasText: TITLE })).toBeVisible();
    await expectHeadingFocused(st);

    // ---- The learning page: the exercise is open, the chapter assessment and the final locked.
    await expect(st.locator('#as-learn-heading')).toBeVisible();
    await expect(st.getByText(CHAPTER_LOCKED)).toBeVisible();
    await expect(st.getByText(FINAL_LOCKED)).toBeVisible();
    await expect(st.getByRole('link', { name: `ابدأ: «${CHAPTER_TEST}»` })).toHaveCount(0);

    // ---- The exercise: "باب بيت" typed as chords (f d s j k l = dots 1–6, space = blank cell).
    await start(st, EXERCISE);
    const braille = st.getByLabel('إجابتك بطريقة برايل، السؤال 1');
    await braille.focus();
    await chord(st, 'KeyF', 'KeyD'); // ب dots 1 2
    await chord(st, 'KeyF'); // ا dot 1
    await chord(st, 'KeyF', 'KeyD'); // ب
    await st.keyboard.press('Space');
    await chord(st, 'KeyF', 'KeyD'); // ب
    await chord(st, 'KeyD', 'KeyJ'); // ي dots 2 4
    await chord(st, 'KeyD', 'KeyS', 'KeyJ', 'KeyK'); // ت dots 2 3 4 5
    await expect(braille).toHaveValue('⠃⠁⠃\u2800⠃⠊⠞');
    await expect(st.getByTestId('save-announcer').filter({ hasText: 'حُفظت إجابة السؤال 1.' })).toBeVisible({ timeout: 15_000 });
    await submit(st, EXERCISE, 'أجبت عن 1 من 1 من الأسئلة.');

    // ---- The chapter assessment opens now: read the cells, write them in print.
    await backToCourse(st);
    await expect(st.getByText(CHAPTER_LOCKED)).toHaveCount(0, { timeout: 10_000 });
    await expect(st.getByText(FINAL_LOCKED)).toBeVisible();
    await start(st, CHAPTER_TEST);
    await expect(st.locator('.as-unicode', { hasText: '⠃⠊⠞' })).toBeVisible();
    const reading = st.getByLabel('قراءتك نصًّا، السؤال 1');
    await reading.focus();
    await st.keyboard.type('بيت');
    await st.keyboard.press('Tab');
    await expect(st.getByTestId('save-announcer').filter({ hasText: 'حُفظت إجابة السؤال 1.' })).toBeVisible({ timeout: 15_000 });
    await submit(st, CHAPTER_TEST, 'أجبت عن 1 من 1 من الأسئلة.');

    // ---- The final: "تاب" on the six keys.
    await backToCourse(st);
    await expect(st.getByText(FINAL_LOCKED)).toHaveCount(0, { timeout: 10_000 });
    await start(st, FINAL);
    const final = st.getByLabel('إجابتك بطريقة برايل، السؤال 1');
    await final.focus();
    await chord(st, 'KeyD', 'KeyS', 'KeyJ', 'KeyK'); // ت
    await chord(st, 'KeyF'); // ا
    await chord(st, 'KeyF', 'KeyD'); // ب
    await expect(final).toHaveValue('⠞⠁⠃');
    await expect(st.getByTestId('save-announcer').filter({ hasText: 'حُفظت إجابة السؤال 1.' })).toBeVisible({ timeout: 15_000 });
    await submit(st, FINAL, 'أجبت عن 1 من 1 من الأسئلة.');

    // ---- The course is completed: on the result page and on the course page.
    const progress = await st.locator('.as-progress').innerText();
    expect(progress).toContain('الحالة: مكتمل');
    expect(progress).toContain('الاختبارات المجتازة: 3 من 3');
    await backToCourse(st);
    await expect(st.locator('.crs-state-completed', { hasText: 'مكتمل' }).first()).toBeVisible();
    await expect(st.locator('.as-badge-passed')).toHaveCount(3);
  });

  test('the student requests the certificate; a supervisor sees it live and approves; the student sees it issued live', async () => {
    expect(courseId).toBeGreaterThan(0);
    // ---- The student's certificates page, its live socket ready.
    const stReady = socketReady(st);
    await go(st, '/student/certificates');
    await expect(st.getByRole('heading', { level: 1, name: 'الشهادات' })).toBeVisible();
    await stReady;
    const course = st.getByRole('listitem').filter({ has: st.getByRole('heading', { level: 2, name: TITLE }) });
    await expect(course.locator('.cert-progress', { hasText: 'مكتمل' })).toBeVisible();

    // ---- The supervisor's queue, in a second browser, open before the request (socket ready).
    await setPrefs(sp, { lang: 'en', theme: 'light', clear: true });
    await storeSession(sp, supervisor);
    const spReady = socketReady(sp);
    await go(sp, '/supervisor/certificate');
    await expect(sp.getByRole('heading', { level: 1, name: 'Certificate requests' })).toBeVisible();
    await spReady;
    await sp.waitForLoadState('networkidle');
    const approve = sp.getByRole('button', { name: `Approve the certificate of ${STUDENT} for “${TITLE}”` });
    await expect(approve).toHaveCount(0);
    await Promise.all([mark(st), mark(sp)]);

    // ---- The request, in the page.
    const request = st.getByRole('button', { name: `طلب الشهادة لدورة «${TITLE}»` });
    await expect(st.locator(`[id="${await request.getAttribute('aria-describedby')}"]`)).toHaveText('تكون الشهادة متاحة خلال 24 ساعة من الطلب.');
    await press(request);
    await expectStatus(st, 'تم إرسال طلب الشهادة');
    await expectFocus(st, `cert-state-${courseId}`);
    await expect(course.getByText(/^طلبت الشهادة في /)).toBeVisible();

    // ---- It arrives live in the supervisor's queue (no reload), announced; approved by keyboard.
    await expect(approve).toBeVisible({ timeout: 20_000 });
    await expectStatus(sp, `New certificate request: ${STUDENT}, “${TITLE}”.`);
    expect(await marked(sp)).toBe('same document');
    await press(approve);
    await expectStatus(sp, `Certificate issued: ${STUDENT}, “${TITLE}”.`);
    await expectFocus(sp, 'cq-summary');

    // ---- The student's page follows live: issued, with a link to the certificate.
    await expectStatus(st, `صدرت شهادتك لدورة «${TITLE}».`, 20_000);
    const view = st.getByRole('link', { name: `عرض الشهادة لدورة «${TITLE}»` });
    await expect(view).toBeVisible();
    expect(await marked(st)).toBe('same document');
    code = decodeURIComponent((await view.getAttribute('href'))!.split('/').pop()!);
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  });

  test('the student opens the certificate and downloads the PDF', async () => {
    expect(code).not.toBe('');
    await press(st.getByRole('link', { name: `عرض الشهادة لدورة «${TITLE}»` }));
    await st.waitForURL(new RegExp(`/student/certificates/${code}$`));
    await expect(st.locator('h1', { hasText: `الشهادة: ${TITLE}` })).toBeVisible();
    await expectHeadingFocused(st);
    await expect(st.locator('.cert-facts')).toBeVisible();
    expect(await facts(st)).toMatchObject({ 'اسم المتدرّب': STUDENT, الدورة: TITLE, التقدير: 'ممتاز', 'رمز الشهادة': code });
    verifyUrl = (await st.locator('.cert-url').getAttribute('href')) ?? '';
    expect(verifyUrl).toBe(`${BASE}/certificates/verify/${code}`);

    const downloading = st.waitForEvent('download', { timeout: 30_000 });
    await press(st.getByRole('button', { name: 'تنزيل ملف PDF' }));
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`lamsa-certificate-${code}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectStatus(st, `بدأ التنزيل: lamsa-certificate-${code}.pdf`);
  });

  test('a visitor opens the verification link in a fresh browser and reads that it is genuine, in Arabic and English', async ({ browser }) => {
    expect(verifyUrl).not.toBe('');
    const visitor = await launch(browser);
    try {
      const vp = await newPage(visitor);
      await setPrefs(vp, { clear: true });
      expect(await vp.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
      // Arabic, the default.
      await vp.goto(verifyUrl);
      await expect(vp.getByRole('heading', { level: 1, name: 'التحقق من الشهادة' })).toBeVisible();
      await expectStatus(vp, 'شهادة صحيحة: هذه الشهادة أصلية وسارية.');
      expect(await vp.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await facts(vp)).toMatchObject({ 'اسم المتدرّب': STUDENT, الدورة: TITLE, التقدير: 'ممتاز', 'رمز الشهادة': code });
      await scan(vp, 'verification, ar');
      // English.
      await setPrefs(vp, { lang: 'en' });
      await vp.goto(verifyUrl);
      await expect(vp.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
      await expectStatus(vp, 'Genuine certificate: this certificate is genuine and valid.');
      expect(await vp.evaluate(() => document.documentElement.dir)).toBe('ltr');
      expect(await facts(vp)).toMatchObject({ 'Student name': STUDENT, Course: TITLE, Duration: '30 days', Grade: 'Excellent', Percentage: '100%', 'Certificate code': code });
      await scan(vp, 'verification, en');
    } finally {
      await visitor.close();
    }
  });
});

for (const [lang, theme] of [
  ['ar', 'dark'],
  ['en', 'light'],
] as const) test.describe(`dashboard landing pages, ${lang} ${theme}`, () => {
  test('show their figures and have no axe violations', async ({ browser }) => {
    expect(code).not.toBe('');
    // Something waiting for the supervisor: a certificate request (the certificate revoked and
    // asked for again) and a course sent for accreditation.
    const certs = await api<{ courses: Array<{ course_id: number; request: { status: string } | null }> }>(student, 'GET', 'student/certificates').catch(() => null);
    if (certs?.courses.find((c) => c.course_id === courseId)?.request?.status !== 'pending') {
      await api(supervisor, 'POST', `certificates/${code}/revoke`, { reason: 'For the dashboard figures.' }).catch(() => undefined);
      await api(student, 'POST', 'certificates/requests', { course_id: courseId });
    }
    const mine = await api<{ courses: Array<{ status: string }> }>(instructor, 'GET', 'instructor/courses');
    if (!mine.courses.some((c) => c.status === 'pending')) {
      const second = await api<{ course: { id: number } }>(instructor, 'POST', 'courses', {
        title: `الكلمات الأولى ${stamp}`,
        type: 'reading',
        duration_days: 14,
        description: 'كلمات من حرفين وثلاثة.',
        category: 'words',
        level: 'beginner',
        language: 'ar',
        image_media_id: null,
        chapters: [{ title: 'كلمات قصيرة', description: 'أب، باب', lessons: [{ title: 'أب', description: 'كلمة من حرفين', rule: '', letters: [], words: ['أب'], links: [], media: [] }] }],
      });
      await api(instructor, 'POST', `courses/${second.course.id}/accreditation`, {});
    }

    const b = await launch(browser, { colorScheme: theme });
    try {
      const page = await newPage(b);
      const en = lang === 'en';
      const expected: Array<[string, LoginResult, Array<string | RegExp>]> = [
        ['student', student, en ? ['Enrolled courses: 1', 'Courses in progress: 0', 'Completed courses: 1'] : ['الدورات المسجّل فيها: 1', 'دورات قيد التقدّم: 0', 'الدورات المكتملة: 1']],
        [
          'instructor',
          instructor,
          en ? ['Active courses: 1', 'Courses waiting for accreditation: 1', 'Enrolled students: 1'] : ['الدورات النشطة: 1', 'دورات تنتظر الاعتماد: 1', 'المتدرّبون المسجّلون: 1'],
        ],
        // Other test files share this supervisor: at least one of each here.
        ['supervisor', supervisor, en ? [/^Accreditation requests waiting: [1-9]/, /^Certificate requests waiting: [1-9]/] : [/^طلبات اعتماد في الانتظار: [1-9]/, /^طلبات شهادات في الانتظار: [1-9]/]],
      ];
      for (const [type, session, names] of expected) {
        await setPrefs(page, { lang, theme, clear: true });
        await storeSession(page, session);
        await page.goto(`/${type}`);
        await expect(page.getByRole('heading', { level: 2, name: en ? 'At a glance' : 'نظرة سريعة' })).toBeVisible();
        const figures = page.locator('.dash-count-list');
        for (const name of names) await expect(figures.getByRole('link', { name })).toBeVisible();
        await scan(page, `${type} landing, ${lang} ${theme}`);
        if (SHOTS) {
          await page.screenshot({ path: `${SHOTS}/journey-${type}-${lang}-${theme}.png`, fullPage: true });
          // The first figure with the keyboard focus on it.
          await figures.getByRole('link').first().focus();
          await figures.screenshot({ path: `${SHOTS}/journey-${type}-${lang}-${theme}-focus.png` });
        }
        // Reflow (WCAG 1.4.10): at 320 CSS pixels nothing scrolls sideways, top bar included.
        await page.setViewportSize({ width: 320, height: 800 });
        await page.waitForFunction(() => innerWidth === 320);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/journey-${type}-${lang}-${theme}-narrow.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.waitForLoadState('networkidle');
      }
    } finally {
      await b.close();
    }
    expect(violations).toEqual({});
  });
});
