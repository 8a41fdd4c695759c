import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TTL_SECS,
  createAccount,
  expectHeadingFocused,
  focused,
  launch,
  linkFromOutbox,
  newPage,
  PASSWORD,
  setPrefs,
  SUPERVISOR,
  uniqueEmail,
  type Browser,
} from './support';

const SESSION_KEYS = ['auth-token', 'refresh_token', 'name', 'email', 'avatar', 'type', 'user_id'];

const T = {
  ar: {
    policy: 'كلمة المرور لا تستوفي سياسة كلمات المرور',
    mismatch: 'كلمتا المرور غير متطابقتين',
    registered: 'تم التسجيل بنجاح',
    exists: 'هذا البريد الإلكتروني مسجّل بالفعل، يرجى تسجيل الدخول به',
    activated: 'تم تفعيل الحساب',
    goLogin: 'الذهاب إلى تسجيل الدخول',
    loginTitle: 'تسجيل الدخول — لمسة',
    studentAccount: 'حساب متدرّب',
    profile: 'الملف الشخصي',
    edit: 'تعديل الملف الشخصي',
    saved: 'تم حفظ الملف الشخصي',
    logout: 'تسجيل الخروج',
    country: 'عُمان',
    sideMenu: 'قائمة لوحة التحكم',
    badLogin: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  },
  en: {
    policy: "Password doesn't meet password policy",
    mismatch: "The two passwords don't match",
    registered: 'Registration successful',
    exists: 'This email is already exists please login with it',
    activated: 'Account activated',
    goLogin: 'Go to login',
    loginTitle: 'Login — Lamsa',
    studentAccount: 'Student account',
    profile: 'Profile',
    edit: 'Edit profile',
    saved: 'Profile saved',
    logout: 'Log out',
    country: 'Oman',
    sideMenu: 'Dashboard menu',
    badLogin: 'email or Password is incorrect',
  },
};

let b: Browser;
let page: Page;

beforeAll(async () => {
  b = await launch();
  page = await newPage(b);
});
afterAll(async () => b?.close());

async function storage(keys: string[]) {
  return page.evaluate((ks) => Object.fromEntries(ks.map((k) => [k, localStorage.getItem(k)])), keys);
}

async function login(email: string, password: string) {
  await page.fill('#f-email', email);
  await page.fill('#f-password', password);
  await page.locator('form button[type=submit]').click();
}

describe.each(['ar', 'en'] as const)('student journey in %s', (lang) => {
  const t = T[lang];
  it('register → activation e-mail → login → dashboard → silent refresh → profile edit → logout', async () => {
    await setPrefs(page, { lang, theme: 'light', clear: true });
    const email = uniqueEmail(`journey-${lang}`);
    const name = lang === 'ar' ? 'سارة أحمد' : 'Sara Ahmed';
    await page.goto('/register');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

    // Client-side checks: message tied to the field, focus moved there.
    await page.fill('#f-name', name);
    await page.fill('#f-email', email);
    await page.fill('#f-password', 'weakpass');
    await page.fill('#f-password_confirm', 'other');
    await page.locator('form button[type=submit]').click();
    await page.waitForFunction(() => document.activeElement?.id === 'f-password');
    expect(await page.getAttribute('#f-password', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#f-password-error')).toBe(t.policy);
    expect(await page.getAttribute('#f-password', 'aria-describedby')).toContain('f-password-error');
    expect(await page.textContent('#f-password_confirm-error')).toBe(t.mismatch);

    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-password_confirm', PASSWORD);
    await page.selectOption('#f-vision_type', 'blind');
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector(`[role=status]:has-text("${t.registered}")`);

    // The same e-mail again: the server's 409 is tied to the e-mail field.
    await page.fill('#f-name', name);
    await page.fill('#f-email', email);
    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-password_confirm', PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForFunction(() => document.activeElement?.id === 'f-email');
    expect(await page.textContent('#f-email-error')).toBe(t.exists);
    expect(await page.getAttribute('#f-email', 'aria-invalid')).toBe('true');

    // Activation link from the outbox.
    const link = await linkFromOutbox(email, 'activate');
    await page.goto(link);
    await page.waitForSelector(`[role=status]:has-text("${t.activated}")`);
    await page.getByRole('link', { name: t.goLogin }).click();
    await page.waitForURL('**/login');
    await expectHeadingFocused(page);
    expect(await page.title()).toBe(t.loginTitle);

    // Wrong password: the message is shown in the alert region.
    await login(email, 'Wrong#pass1');
    await page.waitForSelector(`[role=alert]:has-text("${t.badLogin}")`);

    await login(email, PASSWORD);
    await page.waitForURL('**/student');
    await expectHeadingFocused(page);
    expect(await page.locator('h1').textContent()).toContain(name);
    expect(await page.locator('header').textContent()).toContain(t.studentAccount);
    const stored = await storage([...SESSION_KEYS, 'app-lang']);
    expect(stored).toMatchObject({ name, email, type: 'student', 'app-lang': lang });
    expect(stored['auth-token']).toBeTruthy();
    expect(stored['refresh_token']).toBeTruthy();
    const firstToken = stored['auth-token'];

    // Let the access token expire; the next call refreshes silently.
    await page.waitForTimeout((ACCESS_TTL_SECS + 2) * 1000);
    const menu = page.getByRole('navigation', { name: t.sideMenu });
    await menu.getByRole('link', { name: t.profile, exact: true }).click();
    await page.waitForURL('**/student/profile');
    await expectHeadingFocused(page, t.profile);
    await page.waitForSelector('dl.details');
    expect(await page.locator('dl.details').textContent()).toContain(email);
    expect(await menu.getByRole('link', { name: t.profile, exact: true }).getAttribute('aria-current')).toBe('page');
    const refreshed = await storage(['auth-token', 'refresh_token']);
    expect(refreshed['auth-token']).toBeTruthy();
    expect(refreshed['auth-token']).not.toBe(firstToken);
    expect(page.url()).toContain('/student/profile');

    // Edit the profile.
    await page.getByRole('button', { name: t.edit }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'p-name');
    const newName = `${name} 2`;
    await page.fill('#p-name', newName);
    await page.fill('#p-country', t.country);
    await page.selectOption('#p-vision_type', 'low_vision');
    await page.fill('#p-birth_date', '1990-05-17');
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector(`[role=status]:has-text("${t.saved}")`);
    const details = await page.locator('dl.details').textContent();
    expect(details).toContain(t.country);
    expect(details).toContain('1990-05-17');
    expect((await focused(page)).text).toBe(t.edit);
    expect(await page.locator('header .who-name').textContent()).toBe(newName);
    expect((await storage(['name'])).name).toBe(newName);

    // Log out: the seven values are gone, the language stays.
    await menu.getByRole('button', { name: t.logout }).click();
    await page.waitForURL('**/login');
    const after = await storage([...SESSION_KEYS, 'app-lang']);
    for (const k of SESSION_KEYS) expect(after[k], k).toBeNull();
    expect(after['app-lang']).toBe(lang);
    await page.goto('/student');
    await page.waitForURL('**/login');
  });
});

describe('accounts', () => {
  it('forgotten password: reset link from the outbox, new password works', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    const acct = await createAccount('student', 'Reset Me');
    await page.goto('/forgot-password');
    await page.fill('#f-email', acct.user.email);
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('[role=status]:has-text("password reset link")');
    const link = await linkFromOutbox(acct.user.email, 'reset-password');
    await page.goto(link);
    await page.fill('#f-password', 'New#Passw0rd');
    await page.fill('#f-password_confirm', 'New#Passw0rd!');
    await page.locator('form button[type=submit]').click();
    expect(await page.textContent('#f-password_confirm-error')).toBe("The two passwords don't match");
    await page.fill('#f-password_confirm', 'New#Passw0rd');
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('[role=status]:has-text("Password reset")');
    // The same link cannot be used twice.
    await page.goto(link);
    await page.fill('#f-password', 'Other#Passw0rd');
    await page.fill('#f-password_confirm', 'Other#Passw0rd');
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('[role=alert]:has-text("Password Reset Failed")');
    await page.goto('/login');
    await login(acct.user.email, 'New#Passw0rd');
    await page.waitForURL('**/student');
  });

  it('settings: wrong current password is tied to its field; a change keeps the session', async () => {
    // Continues signed in from the previous test.
    await page.goto('/student/settings');
    await page.fill('#f-old_password', 'Nope#12345');
    await page.fill('#f-new_password', 'Changed#2026');
    await page.fill('#f-new_password_confirm', 'Changed#2026');
    await page.locator('form button[type=submit]').click();
    await page.waitForFunction(() => document.activeElement?.id === 'f-old_password');
    expect(await page.textContent('#f-old_password-error')).toBe('The current password is incorrect');
    const before = await storage(['refresh_token']);
    await page.fill('#f-old_password', 'New#Passw0rd');
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('[role=status]:has-text("Password changed")');
    const after = await storage(['auth-token', 'refresh_token']);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    await page.goto('/student/profile');
    await page.waitForSelector('dl.details');
  });

  it('avatar: non-images are refused in the page; an image uploads with a preview and can be removed', async () => {
    await page.goto('/student/profile');
    await page.waitForSelector('dl.details');
    await page.setInputFiles('#f-avatar', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.waitForSelector('#f-avatar-error:has-text("Please choose an image")');
    expect(await page.getAttribute('#f-avatar', 'aria-invalid')).toBe('true');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.setInputFiles('#f-avatar', { name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.waitForSelector('img[alt="Preview of the chosen image"]');
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await page.waitForSelector('[role=status]:has-text("Profile picture updated")');
    const src = await page.getAttribute('img[alt="Your profile picture"]', 'src');
    expect(src).toMatch(/^\/media\/avatars\//);
    expect((await storage(['avatar'])).avatar).toBe(src);
    const res = await page.request.get(src!);
    expect(res.status()).toBe(200);
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await page.waitForSelector('[role=status]:has-text("Profile picture removed")');
    expect(await page.locator('img[alt="Your profile picture"]').count()).toBe(0);
  });

  it('dashboard: theme toggle is remembered, side menu hidden on course pages, focus on h1', async () => {
    await page.goto('/student');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    const initial = await toggle.getAttribute('aria-pressed');
    await toggle.click();
    const now = initial === 'true' ? 'light' : 'dark';
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('app-theme')])).toEqual([now, now]);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(now);
    await page.goto('/student/courses/12');
    await page.waitForSelector('h1');
    expect(await page.getByRole('navigation', { name: 'Dashboard menu' }).count()).toBe(0);
    await page.goto('/student/courses');
    await page.waitForSelector('h1');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    expect(await menu.count()).toBe(1);
    await menu.getByRole('link', { name: 'Help' }).click();
    await expectHeadingFocused(page, 'Help');
    expect(await page.title()).toBe('Help — Lamsa');
    // Another area's path leads to the user's own dashboard.
    await page.goto('/supervisor/stop');
    await page.waitForURL(/\/student$/);
  });

  it('inactive account: login offers to resend the activation e-mail', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    const email = uniqueEmail('inactive');
    await page.goto('/register');
    await page.fill('#f-name', 'Not Yet');
    await page.fill('#f-email', email);
    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-password_confirm', PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('[role=status]:has-text("Registration successful")');
    await page.goto('/login');
    await login(email, PASSWORD);
    await page.waitForSelector('[role=alert]:has-text("not activated")');
    await page.getByRole('button', { name: 'Resend activation e-mail' }).click();
    await page.waitForSelector('[role=status]:has-text("activation link")');
  });

  it('instructor dashboard loads (badge endpoint may be missing) with its menu', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    const acct = await createAccount('instructor', 'Ina Instructor');
    await page.goto('/login');
    await login(acct.user.email, acct.password);
    await page.waitForURL('**/instructor');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    // The URL changes before the dashboard has drawn its menu: wait for it, then count.
    await menu.getByRole('link', { name: "Students' questions" }).waitFor();
    expect(await menu.getByRole('link', { name: "Students' questions" }).count()).toBe(1);
    expect(await menu.getByRole('link').count()).toBe(13); // with the confusion matrix (issue 17)
    expect(await page.locator('header').textContent()).toContain('Instructor account');
    await menu.getByRole('link', { name: 'Create a course' }).click();
    await expectHeadingFocused(page, 'Create a course');
  });

  it('supervisor: signs in, sees the supervisor menu and the admin panel link opening a new tab', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    await page.goto('/login');
    await login(SUPERVISOR.email, SUPERVISOR.password);
    await page.waitForURL('**/supervisor');
    expect(await page.locator('header').textContent()).toContain('Supervisor account');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    const admin = menu.getByRole('link', { name: 'Admin panel (opens in a new tab)' });
    expect(await admin.getAttribute('target')).toBe('_blank');
    expect(await admin.getAttribute('rel')).toContain('noopener');
    // Their own settings and profile are in the menu (issue 21), not only at typed addresses.
    await menu.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/supervisor/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Signed-in devices' }).waitFor();
    await menu.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/supervisor/profile');
    await page.waitForSelector('dl.details');
  });
});
