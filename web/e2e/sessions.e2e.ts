/**
 * A decision about an account ends its sessions at once (issue 21), as a person sees it: a
 * student signed in in one browser is deactivated by a supervisor in another and lands on the
 * sign-in page, which says why, in Arabic and in English; a student who signs out everywhere
 * else from the settings (by keyboard) signs out the other browser, which says why too, while
 * this one stays signed in.
 */
import { apiAs, apiLogin, createAccount, expect, launch, newPage, press, setPrefs, socketReady, storeSession, SUPERVISOR, test, type Browser, type LoginResult } from './support';

const SIGNED_OUT = {
  ar: {
    deactivated: 'سُجّل خروجك: أوقف مشرفو الجمعية هذا الحساب',
    ended: 'سُجّل خروجك على هذا الجهاز',
    login: 'تسجيل الدخول',
    devices: 'الأجهزة المسجّل دخولها',
    signOutOthers: 'سجّل الخروج من كل الأجهزة الأخرى',
    done: 'سُجّل خروجك من كل الأجهزة الأخرى',
    thisDevice: 'هذا الجهاز',
  },
  en: {
    deactivated: "You were signed out: this account has been deactivated by the society's supervisors",
    ended: 'You were signed out on this device',
    login: 'Login',
    devices: 'Signed-in devices',
    signOutOthers: 'Sign out everywhere else',
    done: 'You are signed out everywhere else',
    thisDevice: 'This device',
  },
} as const;

let learnerB: Browser;
let otherB: Browser;
let supervisor: LoginResult;

test.beforeAll(async ({ browser }) => {
  learnerB = await launch(browser);
  otherB = await launch(browser);
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
});
test.afterAll(async () => {
  await learnerB?.close();
  await otherB?.close();
});

for (const lang of ['ar', 'en'] as const) test.describe(`sessions ended by the server (${lang})`, () => {
  const t = SIGNED_OUT[lang];

  test('a deactivated student is taken to the sign-in page, which says why', async () => {
    const student = await createAccount('student', `Sara Sessions ${lang}`);
    const page = await newPage(learnerB);
    await setPrefs(page, { lang, clear: true });
    await storeSession(page, student);
    const ready = socketReady(page);
    await page.goto('/student');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await ready;

    // The supervisor, in another browser, deactivates the account.
    await apiAs(supervisor, 'PATCH', `admin/users/${student.user.id}`, { active: false });

    await page.waitForURL('**/login', { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: t.login })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: t.deactivated });
    await expect(alert).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
    // Said once: a new visit to the page does not repeat it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t.login })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: t.deactivated })).toHaveCount(0);
    await page.close();
  });

  test('"sign out everywhere else" signs out the other browser, which says why, and keeps this one', async () => {
    const student = await createAccount('student', `Huda Devices ${lang}`);
    const elsewhere = await apiLogin(student.user.email, student.password);
    const here = await newPage(learnerB);
    const there = await newPage(otherB);
    for (const [page, session] of [
      [here, student],
      [there, elsewhere],
    ] as const) {
      await setPrefs(page, { lang, clear: true });
      await storeSession(page, session);
    }
    const thereReady = socketReady(there);
    await there.goto('/student/notes');
    await expect(there.getByRole('heading', { level: 1 })).toBeVisible();
    await thereReady;

    await here.goto('/student/settings');
    const devices = here.getByRole('region', { name: t.devices });
    await expect(devices.getByRole('listitem').filter({ hasText: t.thisDevice })).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await press(devices.getByRole('button', { name: t.signOutOthers }));
    await expect(devices.getByRole('status').filter({ hasText: t.done })).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    await there.waitForURL('**/login', { timeout: 15_000 });
    await expect(there.getByRole('alert').filter({ hasText: t.ended })).toBeVisible();
    // This browser is still signed in: its pages load with the renewed token.
    await here.goto('/student/notes');
    await expect(here.getByRole('heading', { level: 1 })).toBeVisible();
    expect(here.url()).toContain('/student/notes');
    expect(await here.evaluate(() => localStorage.getItem('auth-token'))).not.toBeNull();
    await here.close();
    await there.close();
  });
});
