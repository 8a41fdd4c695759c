/**
 * The catalogue's filters work on the demo data (issue 23): categories and levels are codes the
 * server checks, the demo courses carry them, and each card shows them in the interface's
 * language. scripts/e2e.sh runs `lamsa seed-demo` before the suite. Other suites add their own
 * courses, so this one checks which demo courses are found and which are not, not counts.
 */
import { expect, expectStatus, hydrated, launch, newPage, press, setPrefs, test, type Browser } from './support';

const ARABIC = 'حروف برايل العربية: من الألف إلى الدال';
const ENGLISH = 'Braille letters A–J';
const CONTRACTED = 'Contracted Braille: first wordsigns';

const T = {
  en: { category: 'Category', level: 'Level', letters: 'Letters', beginner: 'Beginner', contractions: 'Contractions (grade 2)', intermediate: 'Intermediate', search: 'Search', found: 'found.' },
  ar: { category: 'التصنيف', level: 'المستوى', letters: 'الحروف', beginner: 'مبتدئ', contractions: 'الاختصارات (برايل المختصر)', intermediate: 'متوسط', search: 'بحث', found: 'وُجدت' },
} as const;

let b: Browser;
test.beforeAll(async ({ browser }) => {
  b = await launch(browser);
});
test.afterAll(async () => {
  await b?.close();
});

for (const lang of ['en', 'ar'] as const) test.describe(`the demo catalogue, filtered (${lang})`, () => {
  const t = T[lang];

  test('filters by category and level by keyboard, and names both in the interface language', async () => {
    const page = await newPage(b);
    await setPrefs(page, { lang, clear: true });
    await page.goto('/courses');
    await hydrated(page);
    await expect(page.getByRole('link', { name: CONTRACTED })).toBeVisible();

    await page.getByLabel(t.category, { exact: true }).selectOption({ label: t.letters });
    await page.getByLabel(t.level, { exact: true }).selectOption({ label: t.beginner });
    await press(page.getByRole('button', { name: t.search, exact: true }));
    await page.waitForURL(/category=letters/);
    expect(page.url()).toContain('level=beginner');
    await expectStatus(page, t.found);
    const list = page.locator('.crs-grid');
    await expect(list.getByRole('link', { name: ARABIC })).toBeVisible();
    await expect(list.getByRole('link', { name: ENGLISH })).toBeVisible();
    await expect(list.getByRole('link', { name: CONTRACTED })).toHaveCount(0);
    // Each card found says its category and level in the reader's language, not as a code.
    const card = page.locator('.crs-course-card', { hasText: ENGLISH });
    const lines = (await card.innerText()).split('\n').map((l) => l.trim());
    expect(lines).toContain(t.letters);
    expect(lines).toContain(t.beginner);
    expect(lines).not.toContain('letters');
    expect(lines).not.toContain('beginner');

    await page.getByLabel(t.category, { exact: true }).selectOption({ label: t.contractions });
    await page.getByLabel(t.level, { exact: true }).selectOption({ label: t.intermediate });
    await press(page.getByRole('button', { name: t.search, exact: true }));
    await page.waitForURL(/category=contractions/);
    await expect(list.getByRole('link', { name: CONTRACTED })).toBeVisible();
    await expect(list.getByRole('link', { name: ENGLISH })).toHaveCount(0);
    await expect(list.getByRole('link', { name: ARABIC })).toHaveCount(0);
    await page.close();
  });
});
