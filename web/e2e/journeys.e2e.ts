import type { Page } from '@playwright/test';
import { byId, createAccount, expect, expectHeadingFocused, expireAccessToken, linkFromOutbox, pagesForFile, PASSWORD, SESSION_KEYS, setPrefs, SUPERVISOR, test, uniqueEmail } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

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

let page: Page;

pagesForFile(1, ([p]) => (page = p));

async function storage(keys: string[]) {
  return page.evaluate((ks) => Object.fromEntries(ks.map((k) => [k, localStorage.getItem(k)])), keys);
}

async function login(email: string, password: string) {
  await page.fill('#f-email', email);
  await page.fill('#f-password', password);
  await page.locator('form button[type=submit]').click();
}

for (const lang of ['ar', 'en'] as const) test.describe(`student journey in ${lang}`, () => {
  const t = T[lang];
  test('register → activation e-mail → login → dashboard → silent refresh → profile edit → logout', async () => {
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
    await expect(byId(page, 'f-password')).toBeFocused();
    await expect(page.locator('#f-password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#f-password-error')).toHaveText(t.policy);
    await expect(page.locator('#f-password')).toHaveAttribute('aria-describedby', new RegExp('f-password-error'));
    await expect(page.locator('#f-password_confirm-error')).toHaveText(t.mismatch);

    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-password_confirm', PASSWORD);
    await page.selectOption('#f-vision_type', 'blind');
    await page.locator('form button[type=submit]').click();
    await expect(page.locator(`[role=status]:has-text("${t.registered}")`).first()).toBeVisible();

    // The same e-mail again: the server's 409 is tied to the e-mail field.
    await page.fill('#f-name', name);
    await page.fill('#f-email', email);
    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-password_confirm', PASSWORD);
    await page.locator('form button[type=submit]').click();
    await expect(byId(page, 'f-email')).toBeFocused();
    await expect(page.locator('#f-email-error')).toHaveText(t.exists);
    await expect(page.locator('#f-email')).toHaveAttribute('aria-invalid', 'true');

    // Activation link from the outbox.
    const link = await linkFromOutbox(email, 'activate');
    await page.goto(link);
    await expect(page.locator(`[role=status]:has-text("${t.activated}")`).first()).toBeVisible();
    await page.getByRole('link', { name: t.goLogin }).click();
    await page.waitForURL('**/login');
    await expectHeadingFocused(page);
    expect(await page.title()).toBe(t.loginTitle);

    // Wrong password: the message is shown in the alert region.
    await login(email, 'Wrong#pass1');
    await expect(page.locator(`[role=alert]:has-text("${t.badLogin}")`).first()).toBeVisible();

    await login(email, PASSWORD);
    await page.waitForURL('**/student');
    await expectHeadingFocused(page);
    await expect(page.locator('h1')).toContainText(name);
    await expect(page.locator('header')).toContainText(t.studentAccount);
    const stored = await storage([...SESSION_KEYS, 'app-lang']);
    expect(stored).toMatchObject({ name, email, type: 'student', 'app-lang': lang });
    expect(stored['auth-token']).toBeTruthy();
    expect(stored['refresh_token']).toBeTruthy();

    // The access token expires; the next call refreshes silently.
    const expired = await expireAccessToken(page);
    const refresh = page.waitForResponse((r) => r.url().endsWith('/api/auth/token/refresh'));
    const menu = page.getByRole('navigation', { name: t.sideMenu });
    await menu.getByRole('link', { name: t.profile, exact: true }).click();
    await page.waitForURL('**/student/profile');
    await expectHeadingFocused(page, t.profile);
    await expect(page.locator('dl.details').first()).toBeVisible();
    await expect(page.locator('dl.details')).toContainText(email);
    await expect(menu.getByRole('link', { name: t.profile, exact: true })).toHaveAttribute('aria-current', 'page');
    // The refresh answered with a new access token, which is the one kept now. (It may equal the
    // token of the sign-in: both carry the same claims when issued within the same second.)
    const renewed = (await (await refresh).json()) as { access: string };
    const refreshed = await storage(['auth-token', 'refresh_token']);
    expect(renewed.access).not.toBe(expired);
    expect(refreshed['auth-token']).toBe(renewed.access);
    expect(refreshed['refresh_token']).toBe(stored['refresh_token']);
    expect(page.url()).toContain('/student/profile');

    // Edit the profile.
    await page.getByRole('button', { name: t.edit }).click();
    await expect(byId(page, 'p-name')).toBeFocused();
    const newName = `${name} 2`;
    await page.fill('#p-name', newName);
    await page.fill('#p-country', t.country);
    await page.selectOption('#p-vision_type', 'low_vision');
    await page.fill('#p-birth_date', '1990-05-17');
    await page.locator('form button[type=submit]').click();
    await expect(page.locator(`[role=status]:has-text("${t.saved}")`).first()).toBeVisible();
    const details = await page.locator('dl.details').textContent();
    expect(details).toContain(t.country);
    expect(details).toContain('1990-05-17');
    await expect(page.locator(':focus')).toHaveText(t.edit);
    await expect(page.locator('header .who-name')).toHaveText(newName);
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

test.describe('accounts', () => {
  test('forgotten password: reset link from the outbox, new password works', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    const acct = await createAccount('student', 'Reset Me');
    await page.goto('/forgot-password');
    await page.fill('#f-email', acct.user.email);
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('[role=status]:has-text("password reset link")').first()).toBeVisible();
    const link = await linkFromOutbox(acct.user.email, 'reset-password');
    await page.goto(link);
    await page.fill('#f-password', 'New#Passw0rd');
    await page.fill('#f-password_confirm', 'New#Passw0rd!');
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('#f-password_confirm-error')).toHaveText("The two passwords don't match");
    await page.fill('#f-password_confirm', 'New#Passw0rd');
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('[role=status]:has-text("Password reset")').first()).toBeVisible();
    // The same link cannot be used twice.
    await page.goto(link);
    await page.fill('#f-password', 'Other#Passw0rd');
    await page.fill('#f-password_confirm', 'Other#Passw0rd');
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('[role=alert]:has-text("Password Reset Failed")').first()).toBeVisible();
    await page.goto('/login');
    await login(acct.user.email, 'New#Passw0rd');
    await page.waitForURL('**/student');
  });

  test('settings: wrong current password is tied to its field; a change keeps the session', async () => {
    // Continues signed in from the previous test.
    await page.goto('/student/settings');
    await page.fill('#f-old_password', 'Nope#12345');
    await page.fill('#f-new_password', 'Changed#2026');
    await page.fill('#f-new_password_confirm', 'Changed#2026');
    await page.locator('form button[type=submit]').click();
    await expect(byId(page, 'f-old_password')).toBeFocused();
    await expect(page.locator('#f-old_password-error')).toHaveText('The current password is incorrect');
    const before = await storage(['refresh_token']);
    await page.fill('#f-old_password', 'New#Passw0rd');
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('[role=status]:has-text("Password changed")').first()).toBeVisible();
    const after = await storage(['auth-token', 'refresh_token']);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    await page.goto('/student/profile');
    await expect(page.locator('dl.details').first()).toBeVisible();
  });

  test('avatar: non-images are refused in the page; an image uploads with a preview and can be removed', async () => {
    await page.goto('/student/profile');
    await expect(page.locator('dl.details').first()).toBeVisible();
    await page.setInputFiles('#f-avatar', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.locator('#f-avatar-error:has-text("Please choose an image")').first()).toBeVisible();
    await expect(page.locator('#f-avatar')).toHaveAttribute('aria-invalid', 'true');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.setInputFiles('#f-avatar', { name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('img[alt="Preview of the chosen image"]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expect(page.locator('[role=status]:has-text("Profile picture updated")').first()).toBeVisible();
    const src = await page.getAttribute('img[alt="Your profile picture"]', 'src');
    expect(src).toMatch(/^\/media\/avatars\//);
    expect((await storage(['avatar'])).avatar).toBe(src);
    const res = await page.request.get(src!);
    expect(res.status()).toBe(200);
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await expect(page.locator('[role=status]:has-text("Profile picture removed")').first()).toBeVisible();
    await expect(page.locator('img[alt="Your profile picture"]')).toHaveCount(0);
  });

  test('dashboard: theme toggle is remembered, side menu hidden on course pages, focus on h1', async () => {
    await page.goto('/student');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    const initial = await toggle.getAttribute('aria-pressed');
    await toggle.click();
    const now = initial === 'true' ? 'light' : 'dark';
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('app-theme')])).toEqual([now, now]);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(now);
    await page.goto('/student/courses/12');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard menu' })).toHaveCount(0);
    await page.goto('/student/courses');
    await expect(page.locator('h1').first()).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await expect(menu).toHaveCount(1);
    await menu.getByRole('link', { name: 'Help' }).click();
    await expectHeadingFocused(page, 'Help');
    expect(await page.title()).toBe('Help — Lamsa');
    // Another area's path leads to the user's own dashboard.
    await page.goto('/supervisor/stop');
    await page.waitForURL(/\/student$/);
  });

  test('inactive account: login offers to resend the activation e-mail', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    const email = uniqueEmail('inactive');
    await page.goto('/register');
    await page.fill('#f-name', 'Not Yet');
    await page.fill('#f-email', email);
    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-password_confirm', PASSWORD);
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('[role=status]:has-text("Registration successful")').first()).toBeVisible();
    await page.goto('/login');
    await login(email, PASSWORD);
    await expect(page.locator('[role=alert]:has-text("not activated")').first()).toBeVisible();
    await page.getByRole('button', { name: 'Resend activation e-mail' }).click();
    await expect(page.locator('[role=status]:has-text("activation link")').first()).toBeVisible();
  });

  test('instructor dashboard loads (badge endpoint may be missing) with its menu', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    const acct = await createAccount('instructor', 'Ina Instructor');
    await page.goto('/login');
    await login(acct.user.email, acct.password);
    await page.waitForURL('**/instructor');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    // The URL changes before the dashboard has drawn its menu: wait for it, then count.
    await expect(menu.getByRole('link', { name: "Students' questions" })).toBeVisible();
    await expect(menu.getByRole('link', { name: "Students' questions" })).toHaveCount(1);
    expect(await menu.getByRole('link').count()).toBe(13); // with the confusion matrix (issue 17)
    await expect(page.locator('header')).toContainText('Instructor account');
    await menu.getByRole('link', { name: 'Create a course' }).click();
    await expectHeadingFocused(page, 'Create a course');
  });

  test('supervisor: signs in, sees the supervisor menu and the admin panel link opening a new tab', async () => {
    await setPrefs(page, { lang: 'en', clear: true });
    await page.goto('/login');
    await login(SUPERVISOR.email, SUPERVISOR.password);
    await page.waitForURL('**/supervisor');
    await expect(page.locator('header')).toContainText('Supervisor account');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    const admin = menu.getByRole('link', { name: 'Admin panel (opens in a new tab)' });
    await expect(admin).toHaveAttribute('target', '_blank');
    expect(await admin.getAttribute('rel')).toContain('noopener');
    // Their own settings and profile are in the menu (issue 21), not only at typed addresses.
    await menu.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/supervisor/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Signed-in devices' })).toBeVisible();
    await menu.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/supervisor/profile');
    await expect(page.locator('dl.details').first()).toBeVisible();
  });
});
