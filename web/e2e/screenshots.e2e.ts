/**
 * Not a test: with LAMSA_SCREENSHOTS=<dir> it saves screenshots of LAMSA_SHOT_ROUTES (comma
 * separated) in each language × theme project, for a person to look at. Skipped otherwise.
 */
import { COMBO, launch, newPage, setPrefs, test } from './support';

const dir = process.env.LAMSA_SCREENSHOTS;
const routes = (process.env.LAMSA_SHOT_ROUTES ?? '/').split(',');
const session = process.env.LAMSA_SHOT_SESSION; // JSON of localStorage values to sign in with

test.describe('screenshots', { tag: COMBO }, () => {
  test.skip(!dir, 'only with LAMSA_SCREENSHOTS=<dir>');

  test('saves screenshots', async ({ browser, lang, theme }) => {
    const b = await launch(browser, { colorScheme: theme, viewport: { width: Number(process.env.LAMSA_SHOT_WIDTH ?? 1280), height: 900 } });
    const page = await newPage(b);
    await setPrefs(page, { lang, theme });
    if (session) await page.evaluate((s) => Object.entries(JSON.parse(s) as Record<string, string>).forEach(([k, v]) => localStorage.setItem(k, v)), session);
    for (const r of routes) {
      await page.goto(r);
      await page.waitForLoadState('networkidle');
      const name = `${dir}/${r.replace(/\//g, '_') || 'home'}-${lang}-${theme}.png`;
      await page.screenshot({ path: name, fullPage: process.env.LAMSA_SHOT_FULL === '1' });
    }
    await b.close();
  });
});
