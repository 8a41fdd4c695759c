/**
 * Issue 23 in a real browser: a supervisor sets the society's site settings in the admin site by
 * keyboard (a bad e-mail address is refused on its field first), the admin overview stops listing
 * them as unset, and the public footer shows them in Arabic and English.
 */
import type { Page } from '@playwright/test';
import { apiAs, apiLogin, byId, expect, pagesForFile, press, setPrefs, storeSession, SUPERVISOR, test, type LoginResult } from './support';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let page: Page;
let sup: LoginResult;

pagesForFile(1, ([p]) => (page = p));
test.beforeAll(async () => {
  sup = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  await apiAs(sup, 'PUT', 'admin/site-settings', {});
});
test.afterAll(async () => {
  await apiAs(sup, 'PUT', 'admin/site-settings', {}).catch(() => {});
});

/** Types into a field reached by its label, as a keyboard user does: focus, select all, type. */
async function typeInto(label: string | RegExp, text: string) {
  const field = page.getByLabel(label);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  if (text) await page.keyboard.type(text);
}

test.describe('site settings', () => {
  test('a supervisor sets them by keyboard and the public footer shows them in both languages', async () => {
    await setPrefs(page, { lang: 'en', theme: 'light', clear: true });
    await storeSession(page, sup);
    await page.goto('/admin');
    // The overview lists what is still unset, with a link to the settings.
    const unset = page.getByTestId('overview-unset');
    await expect(unset.getByText('Contact e-mail')).toBeVisible();
    await press(unset.getByRole('link', { name: 'Open the site settings' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
    await expect(page.getByLabel('Society name in Arabic')).toBeVisible();

    await typeInto('Society name in Arabic', 'جمعية النور للمكفوفين');
    await typeInto('Society name in English', 'Al-Nour Society for the Blind');
    await typeInto('Postal address in Arabic', 'شارع النور ٥، جدة');
    await typeInto('Postal address in English', '5 Light Street, Jeddah');
    await typeInto('Credit line in Arabic', 'تطوير متطوعي النور');
    await typeInto('Credit line in English', 'Built by Al-Nour volunteers');
    await typeInto('Contact e-mail', 'info@alnour');
    await typeInto('Contact phone', '+966 12 000 1234');
    await typeInto('Facebook', 'https://www.facebook.com/alnour');
    // A logo: the file comes from the file chooser; its descriptions by keyboard.
    await page.getByLabel('Add a logo (image file)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await expect(page.getByText('Logo uploaded.')).toBeVisible();
    // Focus moves to the new logo's first description.
    await expect(byId(page, 'st-logos[0].alt_ar')).toBeFocused();
    await page.keyboard.type('شعار النور');
    await typeInto('Logo description in English', 'Al-Nour logo');

    // A bad address: refused on its field, in English, and focus goes there.
    await press(page.getByRole('button', { name: 'Save the settings' }));
    const email = page.getByLabel('Contact e-mail');
    await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(byId(page, 'st-contact_email')).toBeFocused();
    const stored = await apiAs<{ society_name_en: string | null }>(sup, 'GET', 'site');
    expect(stored.society_name_en).toBeNull();

    await typeInto('Contact e-mail', 'info@alnour.example.org');
    await press(page.getByRole('button', { name: 'Save the settings' }));
    await expect(page.getByRole('status').getByText('Site settings saved')).toBeVisible();
    await expect(email).not.toHaveAttribute('aria-invalid');

    // The overview no longer lists anything as unset (one social link is enough for "social links").
    await page.goto('/admin');
    await expect(unset).toBeVisible();
    await expect(unset).toContainText('Every site setting is set.', { useInnerText: true });

    // The public footer, in both languages.
    await page.evaluate(() => ['auth-token', 'refresh_token', 'name', 'email', 'avatar', 'type', 'user_id'].forEach((k) => localStorage.removeItem(k)));
    for (const lang of ['en', 'ar'] as const) {
      await page.goto(`/about-us?lang=${lang}`);
      const footer = page.locator('footer');
      const text = (await footer.innerText()).replace(/\s+/g, ' ');
      const expected =
        lang === 'en'
          ? ['Al-Nour Society for the Blind', '5 Light Street, Jeddah', 'Built by Al-Nour volunteers']
          : ['جمعية النور للمكفوفين', 'شارع النور ٥، جدة', 'تطوير متطوعي النور'];
      for (const t of expected) expect(text, lang).toContain(t);
      await expect(footer.locator('a[href="mailto:info@alnour.example.org"]')).toHaveCount(1);
      await expect(footer.locator('a[href="tel:+966120001234"]')).toHaveText('+966 12 000 1234', { useInnerText: true });
      const social = await footer.locator('[aria-labelledby="fh-social"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(social).toEqual(['https://www.facebook.com/alnour']);
      await expect(footer.locator('.footer-logos img')).toHaveAttribute('alt', lang === 'en' ? 'Al-Nour logo' : 'شعار النور');
    }
  });
});
