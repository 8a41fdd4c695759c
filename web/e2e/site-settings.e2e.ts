/**
 * Issue 23 in a real browser: a supervisor sets the society's site settings in the admin site by
 * keyboard (a bad e-mail address is refused on its field first), the admin overview stops listing
 * them as unset, and the public footer shows them in Arabic and English.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiLogin, launch, newPage, press, setPrefs, storeSession, SUPERVISOR, type Browser, type LoginResult } from './support';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let b: Browser;
let page: Page;
let sup: LoginResult;

beforeAll(async () => {
  sup = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  await apiAs(sup, 'PUT', 'admin/site-settings', {});
  b = await launch();
  page = await newPage(b);
});
afterAll(async () => {
  await apiAs(sup, 'PUT', 'admin/site-settings', {}).catch(() => {});
  await b?.close();
});

/** Types into a field reached by its label, as a keyboard user does: focus, select all, type. */
async function typeInto(label: string | RegExp, text: string) {
  const field = page.getByLabel(label);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  if (text) await page.keyboard.type(text);
}

describe('site settings', () => {
  it('a supervisor sets them by keyboard and the public footer shows them in both languages', async () => {
    await setPrefs(page, { lang: 'en', theme: 'light', clear: true });
    await storeSession(page, sup);
    await page.goto('/admin');
    // The overview lists what is still unset, with a link to the settings.
    const unset = page.getByTestId('overview-unset');
    await unset.getByText('Contact e-mail').waitFor();
    await press(unset.getByRole('link', { name: 'Open the site settings' }));
    await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
    await page.getByLabel('Society name in Arabic').waitFor();

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
    await page.getByText('Logo uploaded.').waitFor();
    // Focus moves to the new logo's first description.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('st-logos[0].alt_ar');
    await page.keyboard.type('شعار النور');
    await typeInto('Logo description in English', 'Al-Nour logo');

    // A bad address: refused on its field, in English, and focus goes there.
    await press(page.getByRole('button', { name: 'Save the settings' }));
    const email = page.getByLabel('Contact e-mail');
    await page.getByText('Please enter a valid e-mail address').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('st-contact_email');
    const stored = await apiAs<{ society_name_en: string | null }>(sup, 'GET', 'site');
    expect(stored.society_name_en).toBeNull();

    await typeInto('Contact e-mail', 'info@alnour.example.org');
    await press(page.getByRole('button', { name: 'Save the settings' }));
    await page.getByRole('status').getByText('Site settings saved').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBeNull();

    // The overview no longer lists anything as unset (one social link is enough for "social links").
    await page.goto('/admin');
    await unset.waitFor();
    expect(await unset.innerText()).toContain('Every site setting is set.');

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
      expect(await footer.locator('a[href="mailto:info@alnour.example.org"]').count()).toBe(1);
      expect(await footer.locator('a[href="tel:+966120001234"]').innerText()).toBe('+966 12 000 1234');
      const social = await footer.locator('[aria-labelledby="fh-social"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(social).toEqual(['https://www.facebook.com/alnour']);
      expect(await footer.locator('.footer-logos img').getAttribute('alt')).toBe(lang === 'en' ? 'Al-Nour logo' : 'شعار النور');
    }
  });
});
