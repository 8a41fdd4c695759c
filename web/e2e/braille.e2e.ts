/**
 * Braille translator, six-key keyboard and instruction pages against the real server and engine:
 * live translation, language detection and override, copy, .brf/.txt downloads, chords typed
 * with physical key codes, the English-mode hint, localised errors, the dashboard translator
 * pages, tables drawn from GET /api/braille/table, and axe in ar/en × light/dark.
 * With LAMSA_SCREENSHOTS=<dir> it also saves screenshots of these pages.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations, BASE, chord as pressChord, COMBO, createAccount, expect, launch, newPage, setPrefs, storeSession, test, type Browser } from './support';

let b: Browser;
let page: Page;

test.beforeAll(async ({ browser }) => {
  b = await launch(browser);
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  page = await newPage(b);
});
test.afterAll(async () => b?.close());

const shots = process.env.LAMSA_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

interface TableRow {
  print: string;
  kind: string;
  name_en: string;
  name_ar: string;
  cells: Array<{ unicode: string; dots: number[] }>;
}

async function engineTable(lang: 'ar' | 'en'): Promise<TableRow[]> {
  const res = await fetch(`${BASE}/api/braille/table?lang=${lang}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { entries: TableRow[] }).entries;
}

const out = () => page.locator('textarea.tr-out-braille');
const said = () => page.getByTestId('translator-announce');
const keyboardSaid = () => page.locator('.braille-keyboard [role=status]');
const clean = (s: string | null) => (s ?? '').replace(/\u00a0/g, '');

/** One chord on the six-key keyboard of the file's page. */
const chord = (...codes: string[]) => pressChord(page, ...codes);

async function openTranslator(lang: 'ar' | 'en', theme: 'light' | 'dark' = 'light') {
  await setPrefs(page, { lang, theme, clear: true });
  await page.goto('/braille-translator');
  await expect(page.locator('h1').first()).toBeVisible();
}

test.describe('Braille translator', () => {
  test('translates typed text live, detects the language and names each drawn cell', async () => {
    await openTranslator('en');
    await expect(page.locator('h1')).toHaveText('Braille translator');
    expect(await page.title()).toBe('Braille translator — Lamsa');
    await page.getByLabel('Text to translate').fill('Hello, 12 world!');
    await expect(out()).toHaveValue('⠠⠓⠑⠇⠇⠕⠂⠀⠼⠁⠃⠀⠺⠕⠗⠇⠙⠖');
    await expect(page.getByLabel('Dot numbers')).toHaveValue('6-125-15-123-123-135-2 0 3456-1-12 0 2456-135-1235-123-145-235');
    await expect.poll(async () => clean(await said().textContent())).toBe('English Braille, 18 cells: ⠠⠓⠑⠇⠇⠕⠂⠀⠼⠁⠃⠀⠺⠕⠗⠇⠙⠖');
    await expect(page.getByRole('radio', { name: /Automatic.*\(now: English\)/ })).toBeChecked();
    // Each drawn cell is an image named by its dots and meaning; digits after the number sign are digits.
    const names = await page.locator('.tr-cells [role=img]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names.slice(0, 3)).toEqual(['dot 6, capital letter', 'dots 1 2 5, letter h', 'dots 1 5, letter e']);
    expect(names.slice(8, 11)).toEqual(['dots 3 4 5 6, numeric indicator', 'dot 1, digit one', 'dots 1 2, digit two']);
    expect(names[11]).toBe('blank cell, space');
    expect(names).toHaveLength(18);

    // Arabic text switches the code by itself.
    await page.getByLabel('Text to translate').fill('مرحبا');
    await expect(out()).toHaveValue('⠍⠗⠱⠃⠁');
    await expect(page.getByRole('radio', { name: /Automatic.*\(now: Arabic\)/ })).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'dots 1 3 4, letter mim (م)' })).toHaveCount(1);
    await expect.poll(async () => clean(await said().textContent())).toBe('Arabic Braille, 5 cells: ⠍⠗⠱⠃⠁');

    // The manual override: Arabic letters have no form in the English code and are listed.
    await page.getByRole('radio', { name: 'English (UEB)' }).check();
    const unknown = page.getByRole('heading', { name: 'Characters with no Braille form in the English code (left out)' });
    await expect(unknown).toBeVisible();
    const items = await page.locator('.tr-unknown li').allTextContents();
    expect(items).toEqual(['“م” (U+0645) at position 1', '“ر” (U+0631) at position 2', '“ح” (U+062D) at position 3', '“ب” (U+0628) at position 4', '“ا” (U+0627) at position 5']);
    await expect.poll(async () => clean(await said().textContent())).toMatch(/5 characters have no Braille form: م ر ح ب ا\.$/);
  });

  test('works in Arabic: names, announcement and detection', async () => {
    await openTranslator('ar');
    await expect(page.locator('h1')).toHaveText('مترجم برايل');
    await page.getByLabel('النص المراد ترجمته').fill('بيت ١٢');
    await expect(out()).toHaveValue('⠃⠊⠞⠀⠼⠁⠃');
    await expect(page.getByRole('img', { name: 'النقطتان 1 2، الحرف باء' })).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'النقطة 1، الرقم واحد' })).toHaveCount(1);
    await expect.poll(async () => clean(await said().textContent())).toBe('برايل العربي، 7 خلايا: ⠃⠊⠞⠀⠼⠁⠃');
    await expect(page.getByRole('radio', { name: /تلقائي.*\(الآن: العربي\)/ })).toBeChecked();
    // The Braille output runs left to right inside the right-to-left page.
    await expect(out()).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('.tr-line').first()).toHaveAttribute('dir', 'ltr');
  });

  test('copies the Braille and downloads it as .brf and .txt', async () => {
    await openTranslator('en');
    await page.getByLabel('Text to translate').fill('Hello, 12 world!\nBye');
    await expect(out()).toHaveValue('⠠⠓⠑⠇⠇⠕⠂⠀⠼⠁⠃⠀⠺⠕⠗⠇⠙⠖\n⠠⠃⠽⠑');
    await page.getByRole('button', { name: 'Copy Braille' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('⠠⠓⠑⠇⠇⠕⠂⠀⠼⠁⠃⠀⠺⠕⠗⠇⠙⠖\n⠠⠃⠽⠑');

    const [brf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download \.brf/ }).click()]);
    expect(brf.suggestedFilename()).toBe('lamsa-braille.brf');
    expect(readFileSync(await brf.path(), 'latin1')).toBe(',HELLO1 #AB WORLD6\r\n,BYE\r\n');
    await expect(page.getByText('lamsa-braille.brf downloaded.')).toBeVisible();

    const [txt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download \.txt/ }).click()]);
    expect(txt.suggestedFilename()).toBe('lamsa-braille.txt');
    expect(readFileSync(await txt.path(), 'utf8')).toBe('⠠⠓⠑⠇⠇⠕⠂⠀⠼⠁⠃⠀⠺⠕⠗⠇⠙⠖\n⠠⠃⠽⠑\n');
    // Two lines are drawn as two labelled rows.
    expect(await page.locator('.tr-line').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['Line 1', 'Line 2']);
  });

  test('reads Braille typed as chords on the six-key keyboard', async () => {
    await openTranslator('en');
    await page.getByRole('radio', { name: 'Braille to text' }).check();
    await page.getByRole('radio', { name: 'English (UEB)' }).check();
    const field = page.getByLabel('Braille to translate');
    await field.focus();
    // h = dots 1 2 5 (F D K), pressed one after the other and released together.
    await page.keyboard.down('KeyF');
    await page.keyboard.down('KeyD');
    await page.keyboard.down('KeyK');
    await expect(field).toHaveValue('');
    await page.keyboard.up('KeyF');
    await page.keyboard.up('KeyK');
    await expect(field).toHaveValue('');
    await page.keyboard.up('KeyD');
    await expect(field).toHaveValue('⠓');
    await expect.poll(async () => clean(await keyboardSaid().textContent())).toBe('dots 1 2 5, letter h');
    // e = dots 1 5, l = 1 2 3 (twice), o = 1 3 5; a stray a (dot 1) deleted with Backspace.
    await chord('KeyF', 'KeyK');
    await chord('KeyF', 'KeyD', 'KeyS');
    await chord('KeyF', 'KeyD', 'KeyS');
    await chord('KeyF', 'KeyS', 'KeyK');
    await page.keyboard.press('Space');
    await chord('KeyF');
    await expect.poll(async () => clean(await keyboardSaid().textContent())).toBe('dot 1, letter a');
    await page.keyboard.press('Backspace');
    await expect.poll(async () => clean(await keyboardSaid().textContent())).toBe('Deleted: dot 1, letter a');
    // A held key repeating does not write more cells.
    await page.keyboard.down('KeyD');
    await page.keyboard.down('KeyD');
    await page.keyboard.down('KeyJ');
    await page.keyboard.up('KeyD');
    await page.keyboard.up('KeyJ');
    await expect(field).toHaveValue('⠓⠑⠇⠇⠕\u2800⠊');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue('hello i');
    await expect.poll(async () => clean(await said().textContent())).toBe('Text (English code): hello i');

    // Tab is never trapped: it moves on to the first dot button.
    await field.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Dot 1');

    // Pointer users: dot buttons, then Write cell.
    await page.getByRole('button', { name: 'Dot 1' }).click();
    await page.getByRole('button', { name: 'Dot 3' }).click();
    await page.getByRole('button', { name: 'Dot 4' }).click();
    await page.getByRole('button', { name: 'Write cell' }).click();
    await expect(field).toHaveValue('⠓⠑⠇⠇⠕\u2800⠊⠍');
    await expect.poll(async () => clean(await keyboardSaid().textContent())).toBe('dots 1 3 4, letter m');
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue('hello im');
  });

  test('works with an Arabic system layout, and shows the English-mode hint when the key is unknown', async () => {
    await openTranslator('ar');
    await page.getByRole('radio', { name: 'من برايل إلى نص' }).check();
    await page.getByRole('radio', { name: 'العربي' }).check();
    const field = page.getByLabel('برايل المراد ترجمته');
    await field.focus();
    // In the Arabic layout the F and D keys type ب and ي; the physical codes are still KeyF and KeyD.
    await field.evaluate((el) => {
      const fire = (type: string, code: string, key: string) => el.dispatchEvent(new KeyboardEvent(type, { code, key, bubbles: true, cancelable: true }));
      fire('keydown', 'KeyF', 'ب');
      fire('keydown', 'KeyD', 'ي');
      fire('keyup', 'KeyF', 'ب');
      fire('keyup', 'KeyD', 'ي');
    });
    await expect(field).toHaveValue('⠃');
    await expect.poll(async () => clean(await keyboardSaid().textContent())).toBe('النقطتان 1 2، الحرف باء');
    const hint = page.getByText('يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.', { exact: true });
    await expect(hint).toHaveCount(0);
    // A browser that cannot tell the physical key: the typed letter is used and the hint appears.
    await field.evaluate((el) => {
      el.dispatchEvent(new KeyboardEvent('keydown', { code: '', key: 'f', bubbles: true, cancelable: true }));
      el.dispatchEvent(new KeyboardEvent('keyup', { code: '', key: 'f', bubbles: true, cancelable: true }));
    });
    await expect(field).toHaveValue('⠃⠁');
    await expect(page.locator('.bk-english')).toHaveText('يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.');
    expect(await field.getAttribute('aria-describedby')).toContain((await page.locator('.bk-english').getAttribute('id')) ?? 'missing');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('النص', { exact: true })).toHaveValue('با');
  });

  test('shows localised errors for text over the limit', async () => {
    await openTranslator('en');
    await page.getByLabel('Text to translate').fill('a'.repeat(5001));
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The text is too long: at most 5,000 characters can be translated at once. Please shorten it.');
    await expect(page.getByLabel('Text to translate')).toHaveAttribute('aria-invalid', 'true');
    await openTranslator('ar');
    await page.getByLabel('النص المراد ترجمته').fill('ب'.repeat(5001));
    await expect(page.getByRole('alert')).toHaveText('النص طويل جدًا: يمكن ترجمة 5,000 حرف على الأكثر في المرة الواحدة. يُرجى تقصيره.');
  });

  test('is the translator of the student and instructor dashboards too', async () => {
    for (const type of ['student', 'instructor'] as const) {
      const account = await createAccount(type, `Braille ${type}`);
      await setPrefs(page, { lang: 'en', clear: true });
      await storeSession(page, account);
      await page.goto(`/${type}/braille-translator`);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('h1')).toHaveText('Braille translator');
      await expect(page.locator('nav a[aria-current=page]').first()).toContainText('Braille translator');
      await page.getByLabel('Text to translate').fill('abc');
      await expect(out()).toHaveValue('⠁⠃⠉');
      await shot(`dashboard-${type}-en-light`);
    }
  });
});

test.describe('Braille instruction pages', () => {
  test('draws the alphabet, digit and punctuation tables from the engine', async () => {
    const en = await engineTable('en');
    const ar = await engineTable('ar');
    await setPrefs(page, { lang: 'en', clear: true });
    await page.goto('/instructions/about-braille');
    const group = (name: string) => page.getByRole('list', { name, exact: true });
    await expect(group('Letters — Arabic Braille')).toBeVisible();

    for (const [name, rows] of [
      ['Letters — English Braille', en.filter((e) => e.kind === 'letter')],
      ['Digits — English Braille', en.filter((e) => e.kind === 'digit')],
      ['Punctuation and symbols — English Braille', en.filter((e) => e.kind === 'punctuation' || e.kind === 'symbol')],
      ['Letters — Arabic Braille', ar.filter((e) => e.kind === 'letter')],
      ['Vowel marks (tashkeel) — Arabic Braille', ar.filter((e) => e.kind === 'tashkeel')],
      ['Digits — Arabic Braille', ar.filter((e) => e.kind === 'digit')],
      ['Punctuation and symbols — Arabic Braille', ar.filter((e) => e.kind === 'punctuation' || e.kind === 'symbol')],
    ] as const) {
      const list = group(name);
      const signs = await list.locator('.bt-print').allTextContents();
      expect(signs, name).toEqual(rows.map((r) => (r.kind === 'tashkeel' ? `\u0640${r.print}` : r.print)));
      expect(await list.locator('.bt-name').allTextContents(), name).toEqual(rows.map((r) => r.name_en));
      const unicode = await list.locator('.bt-unicode').allTextContents();
      expect(unicode, name).toEqual(rows.map((r) => r.cells.map((c) => c.unicode).join('')));
      const labels = await list.locator('[role=img]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(labels, name).toEqual(rows.flatMap((r) => r.cells.map((c) => (c.dots.length === 1 ? `dot ${c.dots[0]}` : `dots ${c.dots.join(' ')}`))));
    }
    const indicators = en.filter((e) => e.kind === 'indicator');
    expect(await group('Indicators (Braille-only signs) — English Braille').locator('.bt-name').allTextContents()).toEqual(indicators.map((r) => r.name_en));
    expect(await page.getByText('63 symbols', { exact: false }).count()).toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: 'dot 1, letter alef (ا), and letter a' })).toHaveCount(1);
  });

  test('explains writing with slate, Perkins and the six keys, with a keyboard to try', async () => {
    await setPrefs(page, { lang: 'ar', clear: true });
    await page.goto('/instructions/write-braille');
    await expect(page.getByRole('heading', { name: 'اللوح والقلم' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'آلة بيركنز' })).toBeVisible();
    await expect(page.locator('.mirror-pair [role=img]').first()).toBeVisible();
    const mirror = await page.locator('.mirror-pair [role=img]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(mirror[0]).toBe('النقاط 1 4 5، الحرف دال، كما تُقرأ');
    expect(mirror[1]).toContain('كما تُكتب بالقلم من الخلف');
    // The mirrored drawing has dot 4 first (top left), the read one dot 1.
    await expect(page.locator('.mirror-pair .cell-grid').nth(0).locator('.dot').first()).toHaveText('1');
    await expect(page.locator('.mirror-pair .cell-grid').nth(1).locator('.dot').first()).toHaveText('4');
    const field = page.getByLabel('اكتب برايل هنا');
    await field.focus();
    await chord('KeyF', 'KeyD', 'KeyK');
    await expect.poll(async () => clean(await page.locator('.braille-keyboard [role=status]').textContent())).toBe('النقاط 1 2 5، الحرف هاء');
    await page.getByRole('radio', { name: 'الإنجليزية' }).check();
    await field.focus();
    await chord('KeyF', 'KeyD', 'KeyK');
    await expect.poll(async () => clean(await page.locator('.braille-keyboard [role=status]').textContent())).toBe('النقاط 1 2 5، الحرف h');
    await expect(field).toHaveValue('⠓⠓');
  });

  test('shows the letter groups and the cells Arabic shares with English from the engine', async () => {
    const en = (await engineTable('en')).filter((e) => e.kind === 'letter');
    await setPrefs(page, { lang: 'en', clear: true });
    await page.goto('/instructions/read-braille');
    await expect(page.locator('.letter-row').first()).toBeVisible();
    const rows = await page.locator('.letter-row').evaluateAll((els) => els.map((ul) => [...ul.querySelectorAll('[role=img]')].map((e) => e.getAttribute('aria-label'))));
    expect(rows.map((r) => r.length)).toEqual([10, 10, 6]);
    expect(rows[0][7]).toBe(`dots ${en[7].cells[0].dots.join(' ')}, letter h`);
    const shared = await page.getByRole('list', { name: 'Arabic letters that share a cell with English' }).locator('li').count();
    expect(shared).toBeGreaterThan(10);
  });
});

test.describe('narrow screens', () => {
  test('the translator and the tables fit a phone screen without scrolling sideways', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    try {
      await openTranslator('ar');
      await page.getByLabel('النص المراد ترجمته').fill('مرحبا بالعالم ١٢٣ Hello');
      await expect(page.locator('.tr-cells [role=img]').first()).toBeVisible();
      await page.getByRole('radio', { name: 'من برايل إلى نص' }).check();
      await page.getByRole('radio', { name: 'من نص إلى برايل' }).check();
      await expect(page.locator('.tr-cells [role=img]').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot('translator-ar-light-narrow');
      await page.goto('/instructions/about-braille');
      await expect(page.locator('ul.bt-grid').nth(8)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.goto('/instructions/write-braille');
      await expect(page.locator('.bk-dots')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot('write-braille-ar-light-narrow');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

// /instructions/contractions is scanned by contracted.e2e.ts and axe.e2e.ts.
const INSTRUCTIONS = ['/instructions', '/instructions/about-braille', '/instructions/write-braille', '/instructions/read-braille'];

async function shot(name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

// In each language × theme project (playwright.config.ts).
test.describe('axe', { tag: COMBO }, () => {
  test('translator in both directions has no violations', async ({ lang, theme }) => {
    await openTranslator(lang, theme);
    expect(await axeViolations(page)).toEqual([]);
    // English code with Arabic letters in the text: the unknown-characters list shows as well.
    await page.locator('input[type=radio][value=en]').check();
    await page.locator('textarea').first().fill('Hello world 12, مرحبا!');
    await expect(page.locator('.tr-cells [role=img]').first()).toBeVisible();
    await expect(page.locator('.tr-unknown')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await shot(`translator-${lang}-${theme}`);

    await page.locator('input[type=radio][value=to_text]').check();
    const field = page.locator('.braille-keyboard input');
    await field.focus();
    await chord('KeyF', 'KeyD');
    await chord('KeyF');
    // The English-mode hint and an error state are scanned too.
    await field.evaluate((el) => el.dispatchEvent(new KeyboardEvent('keydown', { code: '', key: 'x', bubbles: true, cancelable: true })));
    await expect(page.locator('.bk-english')).toBeVisible();
    await page.getByRole('button', { name: lang === 'ar' ? 'النقطة 1' : 'Dot 1' }).click();
    await expect(page.locator('.tr-out-text')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(`translator-keyboard-${lang}-${theme}`);
  });

  test('instruction pages have no violations', async ({ lang, theme }) => {
    await setPrefs(page, { lang, theme, clear: true });
    const found: Record<string, unknown> = {};
    for (const r of INSTRUCTIONS) {
      await page.goto(r);
      await expect(page.locator('h1').first()).toBeVisible();
      if (r !== '/instructions') await expect(page.locator('.braille-cell').first()).toBeVisible();
      if (r === '/instructions/about-braille') await expect(page.locator('ul.bt-grid').nth(8)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const v = await axeViolations(page);
      if (v.length) found[r] = v;
      await shot(`${r.replace(/\//g, '_')}-${lang}-${theme}`);
    }
    expect(found).toEqual({});
  });
});
