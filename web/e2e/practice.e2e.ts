/**
 * Practice (issue 17) against the real server: an Arabic session by keyboard alone — settings,
 * a reading card typed, a writing card written wrong on the six-key keyboard twice (it comes
 * back each time, then right), the confused pair drilled side by side, the summary — with axe
 * at each step; then the mastery map and an instructor's confusion matrix, and axe on the
 * practice pages in ar/en × light/dark.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { accredit, apiAs, apiLogin, axeViolations, chord, COMBOS, createAccount, expect, expectFocus, expectStatus, launch, newPage, press, setPrefs, storeSession, SUPERVISOR, test, type Browser, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

let b: Browser;
let page: Page;
let student: LoginResult;
let instructor: LoginResult;
let courseId = 0;

test.beforeAll(async ({ browser }) => {
  b = await launch(browser);
  page = await newPage(b);
  student = await createAccount('student', 'Huda Practice');
  instructor = await createAccount('instructor', 'Ahmad Practice');
  const supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  const created = await apiAs<{ course: { id: number } }>(instructor, 'POST', 'courses', {
    title: `برايل للتدريب ${Date.now()}`,
    type: 'Braille reading',
    duration_days: 14,
    description: 'الحروف الأولى',
    category: 'letters',
    level: 'beginner',
    language: 'ar',
    chapters: [{ title: 'الحروف', description: 'ا ب', lessons: [{ title: 'الألف', description: 'نقطة واحدة', letters: ['ا'] }] }],
  });
  courseId = created.course.id;
  await accredit(instructor, supervisor, courseId);
  await apiAs(student, 'POST', `courses/${courseId}/enrol`, {});
});
test.afterAll(async () => b?.close());

const text = (sel: string) => page.locator(sel).innerText();

// LAMSA_SCREENSHOTS=<dir> also saves screenshots of the practice pages.
const shots = process.env.LAMSA_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(name: string) {
  if (shots) await page.screenshot({ path: `${shots}/practice-${name}.png`, fullPage: true });
}

async function expectNoAxe(label: string, on: Page = page) {
  const v = await axeViolations(on);
  expect(v, label).toEqual([]);
}

test.describe('practice', () => {
  test('an Arabic session by keyboard: a wrong answer comes back, the pair is drilled, then the summary', async () => {
    await setPrefs(page, { lang: 'ar', theme: 'light', clear: true });
    await storeSession(page, student);
    await page.goto('/student');
    // The menu has Practice right after My courses. The dashboard is rendered by script after the
    // load event (its chunks, then React's first render): wait for the menu before reading it.
    await expect(page.locator('nav a', { hasText: 'التدريب' })).toBeVisible();
    const menu = await page.locator('nav a').allInnerTexts();
    expect(menu.indexOf('التدريب')).toBe(menu.indexOf('دوراتي') + 1);
    await press(page.locator('nav a', { hasText: 'التدريب' }));
    await expect(page.locator('h1:has-text("التدريب")').first()).toBeVisible();

    // Two new cards a day, saved by keyboard.
    const perDay = page.locator('#practice-new');
    await perDay.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expectStatus(page, 'تم حفظ الإعدادات.');
    await expect(page.locator('text=بطاقتان تنتظرانك').first()).toBeVisible();
    await expectNoAxe('ready');
    await press(page.locator('#practice-start'));

    // Card 1: reading ا (dot 1): described and given as Unicode Braille, answered by typing.
    await expectFocus(page, 'practice-answer');
    const task = await text('.practice-card');
    expect(task).toContain('البطاقة 1 من 2');
    expect(task).toContain('النقطة 1');
    expect(task).toContain('⠁');
    await expectNoAxe('reading card');
    await shot('reading-card');
    await page.keyboard.type('ا');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'practice-result');
    expect(await text('#practice-result')).toContain('صحيح. ا هي النقطة 1.');
    await press(page.locator('#practice-next'));

    // Card 2: writing ا, written as ⠃ (dots 1 2) on the six-key keyboard: wrong, it comes back.
    for (const n of [2, 3]) {
      await expectFocus(page, 'practice-answer');
      expect(await text('.practice-card h2')).toBe(`البطاقة ${n} من ${n}`);
      expect(await text('.practice-card')).toContain('اكتب ا');
      await chord(page, 'KeyF', 'KeyD');
      await page.keyboard.press('Enter');
      await expectFocus(page, 'practice-result');
      const result = await text('#practice-result');
      expect(result).toContain('ليس تمامًا. ا هي النقطة 1.');
      expect(result).toContain('كتبت النقطتان 1 2.');
      expect(result).toContain('زائدة: النقطة 2.');
      expect(result).toContain('ستعود هذه البطاقة في هذه الجلسة.');
      if (n === 2) {
        await expectNoAxe('wrong answer');
        await shot('wrong-answer');
      }
      await press(page.locator('#practice-next'));
    }
    // Card 4: the same card, right this time.
    await expectFocus(page, 'practice-answer');
    expect(await text('.practice-card h2')).toBe('البطاقة 4 من 4');
    await chord(page, 'KeyF');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'practice-result');
    expect(await text('#practice-result')).toContain('صحيح. ا هي النقطة 1.');
    await press(page.locator('#practice-next'));

    // The confused pair ا / ب, side by side.
    await expectFocus(page, 'drill-question');
    expect(await text('#drill-question')).toBe('أي هاتين هي ا؟');
    await expectNoAxe('drill');
    await shot('drill');
    const choices = page.locator('.practice-choice');
    await expect(choices).toHaveCount(2);
    await press(choices.nth(1)); // ⠃ for ا: wrong
    await expectFocus(page, 'drill-result');
    expect(await text('#drill-result')).toContain('ليس تمامًا: ا هي النقطة 1.');
    await press(page.locator('#drill-next'));
    await expectFocus(page, 'drill-question');
    expect(await text('#drill-question')).toBe('أي هاتين هي ب؟');
    await press(page.locator('.practice-choice').nth(1));
    await expectFocus(page, 'drill-result');
    expect(await text('#drill-result')).toContain('صحيح: ب هي النقطتان 1 2.');
    await press(page.locator('#drill-next'));

    // The summary.
    await expectFocus(page, 'practice-summary');
    const summary = await text('.practice-summary');
    expect(summary).toContain('البطاقات التي راجعتها اليوم\n4');
    expect(summary).toMatch(/الدقة\n(50|٥٠)/);
    expect(summary).toContain('أيام متتالية\n1 يوم');
    await expectNoAxe('summary');
    await shot('summary');
  });

  test.describe('the learner sets the pace', () => {
    /** Answers the card in hand by keyboard (right or wrong does not matter here), `ms` after it was shown, then goes on. */
    async function answerAfter(p: Page, ms: number) {
      await expectFocus(p, 'practice-answer');
      if ((await p.locator('.practice-card').innerText()).includes('on the six-key keyboard')) await chord(p, 'KeyF');
      else await p.keyboard.type('x');
      await p.keyboard.press('Enter');
      await expectFocus(p, 'practice-result');
      await p.clock.fastForward(ms);
      await press(p.locator('#practice-next'));
    }

    async function startAs(p: Page, timeBox: string) {
      const learner = await createAccount('student', 'Pace Learner');
      await p.clock.install();
      await setPrefs(p, { lang: 'en', theme: 'dark', clear: true });
      await storeSession(p, learner);
      await p.goto('/student/practice');
      await expect(p.locator('h1:has-text("Practice")').first()).toBeVisible();
      await p.locator('#practice-new').fill('10');
      await p.locator('#practice-time-box').selectOption({ label: timeBox });
      await press(p.getByRole('button', { name: 'Save settings' }));
      await expectStatus(p, 'Settings saved.');
      await expect(p.locator('text=cards are waiting').first()).toBeVisible();
      await press(p.locator('#practice-start'));
    }

    test('without a time box, 40 minutes of practice with a half-hour break are never cut off', async () => {
      const p = await newPage(b);
      await startAs(p, 'Off');
      for (const ms of [3 * 60_000, 4 * 60_000, 30 * 60_000, 3 * 60_000]) await answerAfter(p, ms);
      await expectFocus(p, 'practice-answer');
      expect(await p.locator('.practice-card h2').innerText()).toMatch(/^Card 5 of \d+$/);
      await expect(p.getByRole('heading', { name: 'Your time box is up' })).toHaveCount(0);
      await expect(p.getByText('About a minute of your time box is left.')).toHaveCount(0);
      await p.close();
    });

    test('with a 5-minute box the learner is warned a minute before, adds time, and ends the session when the box is up', async () => {
      const p = await newPage(b);
      await startAs(p, '5 minutes');
      await answerAfter(p, 2 * 60_000);
      await answerAfter(p, 2 * 60_000);
      await expectStatus(p, 'About a minute of your time box is left.');
      await expectNoAxe('time box warning', p);
      // Shift+Tab from the card's field reaches the button; pressed, it goes and focus comes back.
      await p.keyboard.press('Shift+Tab');
      expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Add 5 minutes');
      await p.keyboard.press('Enter');
      await expectFocus(p, 'practice-answer');
      await expectStatus(p, '5 minutes added to your time box.');
      await expect(p.getByText('About a minute of your time box is left.')).toHaveCount(0);
      // A break on a card counts two minutes at most: 4 + 2 + 2 = 8 of 10, then 10.
      await answerAfter(p, 25 * 60_000);
      await answerAfter(p, 2 * 60_000);
      await answerAfter(p, 2 * 60_000);
      await expectFocus(p, 'practice-box-up');
      await expect(p.locator('#practice-box-up')).toHaveText('Your time box is up', { useInnerText: true });
      await expectNoAxe('time box up', p);
      await press(p.getByRole('button', { name: 'End the session' }));
      await expectFocus(p, 'practice-summary');
      await expect(p.getByText('You ended the session at your time box. The cards left keep until next time.')).toBeVisible();
      await p.close();
    });
  });

  test('the mastery map shows the 63 cells with their level in words, and the same in a table', async () => {
    await setPrefs(page, { lang: 'en', theme: 'dark' });
    await storeSession(page, student);
    await page.goto('/student/practice/map');
    await expect(page.locator('h1:has-text("Mastery map")').first()).toBeVisible();
    await page.locator('#f-map-code').selectOption('ar');
    await expect(page.locator('.mastery-cell.band-strong').first()).toBeVisible();
    await expect(page.locator('.mastery-cell')).toHaveCount(63);
    const alef = page.locator('.mastery-cell', { has: page.locator('.mastery-print', { hasText: /^ا$/ }) });
    expect(await alef.innerText()).toMatch(/strong · 100%/);
    // Each cell names its symbol for a screen reader (a bare punctuation mark is often skipped).
    await expect(alef).toContainText('(alef)');
    const comma = page.locator('.mastery-cell', { has: page.locator('.mastery-print', { hasText: /^،$/ }) });
    await expect(comma.locator('.visually-hidden')).toHaveText(' (comma)');
    const row = page.locator('table.practice-table tbody tr').first();
    await expect(row).toContainText('ا (alef)', { useInnerText: true });
    await expect(page.locator('#map-confusions + ul')).toContainText('being drilled', { useInnerText: true });
    await expectNoAxe('map');
    await shot('map');
  });

  test("an instructor sees the confusion matrix of their course's students", async () => {
    await setPrefs(page, { lang: 'en', theme: 'light' });
    await storeSession(page, instructor);
    await page.goto('/instructor');
    await press(page.locator('nav a', { hasText: 'Confusion matrix' }));
    await expect(page.locator('h1:has-text("Confusion matrix")').first()).toBeVisible();
    await expect(page.locator('table.confusion-matrix').first()).toBeVisible();
    const matrix = await page.locator('table.confusion-matrix').innerText();
    expect(matrix).toContain('ا (dot 1)');
    expect(matrix).toContain('ب (dots 1 2)');
    await expect(page.locator('#matrix-list + ul')).toContainText('ب (dots 1 2) for ا (dot 1): 2 times by 1 student', { useInnerText: true });
    await expectNoAxe('matrix');
    await shot('matrix');
  });
});

// Every combination here, on the practice this file's student did (not a project each: that
// would set the practice up four more times).
for (const [lang, theme] of COMBOS) test.describe(`axe ${lang} ${theme}`, () => {
  test('practice, the mastery map and the confusion matrix have no violations', async () => {
    await setPrefs(page, { lang, theme });
    await storeSession(page, student);
    for (const path of ['/student/practice', '/student/practice/map']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto('/student/practice');
    await page.waitForLoadState('networkidle');
    await press(page.locator('#practice-start'));
    await expect(page.locator('.practice-card, .practice-drill, #practice-summary').first()).toBeVisible();
    expect(await axeViolations(page), 'session').toEqual([]);
    await storeSession(page, instructor);
    await page.goto('/instructor/confusions');
    await expect(page.locator('table.confusion-matrix').first()).toBeVisible();
    expect(await axeViolations(page), 'matrix').toEqual([]);
  });
});
