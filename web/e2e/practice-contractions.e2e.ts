/**
 * Contraction cards in the daily practice (issue 26) against the real server: a learner who
 * completed a contracted course's lesson on "do" and has practised the letters it is written
 * from meets its cards first in the session and answers both by keyboard — reading the cell
 * named by its dots, writing it on the six keys (wrong once: it comes back) — then the mastery
 * of contractions by kind; axe on the cards (en, light) and on the mastery page in ar/en × light/dark.
 */
import type { Page } from '@playwright/test';
import {
  accredit,
  apiAs,
  apiLogin,
  axeViolations,
  chord,
  createAccount,
  expect,
  expectStatus,
  launch,
  newPage,
  press,
  setPrefs,
  storeSession,
  SUPERVISOR,
  test,
  type Browser,
  type LoginResult,
} from './support';

// The axe tests read the cards the first test answered: after a failure the rest does not run.
test.describe.configure({ mode: 'serial' });

let b: Browser;
let page: Page;
let student: LoginResult;

/** The letters a to o in UEB, for answering their grade 1 cards through the API. */
const LETTERS = 'abcdefghijklmno';
const CELLS = '⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕';

interface Card {
  id: number;
  direction: 'reading' | 'writing';
  kind: string;
  print: string | null;
  cells: { braille: string } | null;
}

test.beforeAll(async ({ browser }) => {
  b = await launch(browser);
  page = await newPage(b);
  student = await createAccount('student', 'Rana Contractions');
  const instructor = await createAccount('instructor', 'Ahmad Contractions');
  const supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  const created = await apiAs<{ course: { id: number; chapters: Array<{ lessons: Array<{ id: number }> }> } }>(instructor, 'POST', 'courses', {
    title: `Contracted practice ${Date.now()}`,
    type: 'Braille reading',
    duration_days: 14,
    description: 'UEB grade 2',
    category: 'contractions',
    level: 'intermediate',
    language: 'en',
    braille_grade: 2,
    chapters: [{ title: 'Wordsigns', description: 'do', lessons: [{ title: 'do', description: 'd alone is do', contractions: ['en:do'], words: ['do'] }] }],
  });
  await accredit(instructor, supervisor, created.course.id);
  await apiAs(student, 'POST', `courses/${created.course.id}/enrol`, {});
  await apiAs(student, 'POST', `lessons/${created.course.chapters[0].lessons[0].id}/complete`, {});
  // The letters a to o practised (right) through the API: "do" depends on d and o.
  const s = await apiAs<{ cards: Card[] }>(student, 'GET', 'practice/session?code=en&new=30');
  for (const c of s.cards) {
    if (c.kind !== 'symbol') continue;
    const answer = c.direction === 'reading' ? LETTERS[CELLS.indexOf(c.cells?.braille ?? '')] : CELLS[LETTERS.indexOf(c.print ?? '')];
    await apiAs(student, 'POST', 'practice/reviews', { card_id: c.id, answer, elapsed_ms: 5000 });
  }
});
test.afterAll(async () => b?.close());

const text = (sel: string) => page.locator(sel).innerText();

async function expectNoAxe(label: string) {
  expect(await axeViolations(page), label).toEqual([]);
}

async function expectFocus(id: string) {
  await expect(page.locator(`[id="${id}"]`)).toBeFocused();
}

test.describe('contraction cards', () => {
  test('a learner practises a contraction both ways by keyboard, then sees it by kind', async () => {
    await setPrefs(page, { lang: 'en', theme: 'light', clear: true });
    await storeSession(page, student);
    await page.goto('/student/practice');
    await page.waitForSelector('h1:has-text("Practice")');
    await page.locator('#practice-code').selectOption('en');
    // Two more new cards today: the contraction's two, its letters being practised already.
    await page.locator('#practice-new').fill('32');
    await press(page.getByRole('button', { name: 'Save settings' }));
    await expectStatus(page, 'Settings saved.');
    await page.waitForSelector('text=2 cards are waiting');
    await press(page.locator('#practice-start'));

    // The contraction card, before it is answered, passes axe in the other languages and themes.
    for (const [lang, theme] of [['ar', 'light'], ['ar', 'dark'], ['en', 'dark']] as const) {
      await setPrefs(page, { lang, theme });
      await page.goto('/student/practice');
      await press(page.locator('#practice-start'));
      await expectFocus('practice-answer');
      await expect(page.locator('.practice-card')).toContainText('⠙');
      await expectNoAxe(`contraction reading card ${lang} ${theme}`);
    }
    await setPrefs(page, { lang: 'en', theme: 'light' });
    await page.goto('/student/practice');
    await press(page.locator('#practice-start'));

    // Reading: the cell named by its dots, read as the word.
    await expectFocus('practice-answer');
    const reading = await text('.practice-card');
    expect(reading).toContain('Read this contracted Braille and type what the contraction (alphabetic wordsign) stands for');
    expect(reading).toContain('dots 1 4 5');
    expect(reading).toContain('⠙');
    await expectNoAxe('contraction reading card');
    await page.keyboard.type('do');
    await page.keyboard.press('Enter');
    await expectFocus('practice-result');
    expect(await text('#practice-result')).toContain('Right. do is dots 1 4 5.');
    await press(page.locator('#practice-next'));

    // Writing on the six keys: wrong (dots 1 4), so it comes back; then right (dots 1 4 5).
    await expectFocus('practice-answer');
    expect(await text('.practice-card')).toContain('Write the contraction for do (alphabetic wordsign), standing alone, on the six-key keyboard.');
    await chord(page, 'KeyF', 'KeyJ');
    await page.keyboard.press('Enter');
    await expectFocus('practice-result');
    const wrong = await text('#practice-result');
    expect(wrong).toContain('Not quite. do is dots 1 4 5.');
    expect(wrong).toContain('Missing: dot 5.');
    expect(wrong).toContain('This card comes back in this session.');
    await expectNoAxe('contraction writing result');
    await press(page.locator('#practice-next'));
    await expectFocus('practice-answer');
    expect(await text('.practice-card h2')).toBe('Card 3 of 3');
    await chord(page, 'KeyF', 'KeyJ', 'KeyK');
    await page.keyboard.press('Enter');
    await expectFocus('practice-result');
    expect(await text('#practice-result')).toContain('Right. do is dots 1 4 5.');
    await press(page.locator('#practice-next'));
    await expectFocus('practice-summary');

    // The mastery of contractions, by kind, and the same figures in a table.
    await page.goto('/student/practice/contractions');
    await page.waitForSelector('h1:has-text("Contractions")');
    await page.getByRole('heading', { name: 'alphabetic wordsign' }).waitFor();
    const row = page.getByRole('row', { name: /^do / });
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[0]).toBe('alphabetic wordsign');
    expect(cells[1]).toContain('dots 1 4 5');
    expect(cells[3]).toMatch(/%/);
    expect(cells[5]).toBe('3');
  });

  for (const lang of ['ar', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`axe: the contractions page in ${lang}/${theme}`, async () => {
        await setPrefs(page, { lang, theme });
        await page.goto('/student/practice/contractions');
        await page.locator('#kind-alphabetic_wordsign').waitFor();
        await expectNoAxe(`contractions ${lang} ${theme}`);
      });
    }
  }
});
