/**
 * Shared helpers and the `test` of the browser tests (Playwright Test, run through scripts/e2e.sh;
 * playwright.config.ts launches Debian's chromium).
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { COMBO, COMBOS, type Lang, type Theme } from './combos';
import { test as base, expect, type Browser as Chromium, type BrowserContext, type Locator, type Page, type WebSocket as PageSocket } from '@playwright/test';

export { expect };

export const BASE = process.env.LAMSA_BASE_URL ?? 'http://127.0.0.1:8080';
export const DATA_DIR = process.env.LAMSA_DATA_DIR ?? '';
export const ACCESS_TTL_SECS = Number(process.env.LAMSA_ACCESS_TTL_SECS ?? '8');
export const SUPERVISOR = {
  email: process.env.LAMSA_E2E_SUPERVISOR_EMAIL ?? 'sup@example.com',
  password: process.env.LAMSA_E2E_SUPERVISOR_PASSWORD ?? 'Sup#pass2026',
};

export { COMBO, COMBOS, type Lang, type Theme };

/**
 * `lang` and `theme` are the project's combination (ar/light in the default project); they are
 * worker options so that a file's `beforeAll` can read them.
 */
export const test = base.extend<object, { lang: Lang; theme: Theme }>({
  lang: ['ar', { option: true, scope: 'worker' }],
  theme: ['light', { option: true, scope: 'worker' }],
});

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
  javaScriptEnabled: boolean;
}

/**
 * A fresh browser profile (its own storage and cookies) for one person in a test file, on the
 * chromium the config launched; the file's `afterAll` closes it.
 */
export async function launch(
  browser: Chromium,
  options: { colorScheme?: Theme; viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<Browser> {
  const javaScriptEnabled = options.javaScriptEnabled ?? true;
  const context = await browser.newContext({
    baseURL: BASE,
    reducedMotion: 'reduce',
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    javaScriptEnabled,
  });
  return { context, javaScriptEnabled, close: () => context.close() };
}

/**
 * Waits until React has hydrated a prerendered page (its nodes carry React's fiber keys); at
 * once on the app's shell. A prerendered page is on screen before its script runs (the app
 * starts after the first frame), so a key press or click right after loading it would reach a
 * page that does not answer yet. Nothing a user sees tells it, hence a function of the DOM.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    if (!document.documentElement.hasAttribute('data-prerendered')) return true;
    const owned = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    const h1 = document.getElementById('page-title');
    return owned(document.querySelector('#root > :last-child')) && (!h1 || owned(h1));
  });
}

/**
 * A test file's people: before the file's tests, one fresh browser profile and page each, handed
 * to `take` (`pagesForFile(2, (p) => ([ip, st] = p))`); after them, the profiles are closed.
 */
export function pagesForFile(count: number, take: (pages: Page[]) => void, options?: Parameters<typeof launch>[1]) {
  let profiles: Browser[] = [];
  test.beforeAll(async ({ browser }) => {
    profiles = await Promise.all(Array.from({ length: count }, () => launch(browser, options)));
    take(await Promise.all(profiles.map(newPage)));
  });
  test.afterAll(() => Promise.all(profiles.map((p) => p.close())));
}

/** A page whose goto and reload return once the page answers (`hydrated`), as a visitor sees it. */
export async function newPage(b: Browser): Promise<Page> {
  const page = await b.context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  if (b.javaScriptEnabled) {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const res = await goto(...args);
      await hydrated(page);
      return res;
    };
    page.reload = async (...args) => {
      const res = await reload(...args);
      await hydrated(page);
      return res;
    };
  }
  return page;
}

/**
 * Sets the stored language (and theme) before the app starts. The language goes into the
 * `app-lang` cookie too, as the app does: the server picks a prerendered page's language by it.
 */
export async function setPrefs(page: Page, prefs: { lang?: 'ar' | 'en'; theme?: 'light' | 'dark'; clear?: boolean }) {
  await page.goto('/404-prefs');
  await page.evaluate((p) => {
    if (p.clear) localStorage.clear();
    if (p.lang) localStorage.setItem('app-lang', p.lang);
    if (p.lang) document.cookie = `app-lang=${p.lang};path=/`;
    if (p.theme) localStorage.setItem('app-theme', p.theme);
  }, prefs);
}

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * The text of the newest e-mail in the outbox sent to `to` that `matches`, polled until it
 * arrives: the server writes its e-mails after it has answered.
 */
export async function mailFromOutbox(to: string, matches: (text: string) => boolean, timeout = 10_000): Promise<string> {
  const dir = join(DATA_DIR, 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
        } catch {
          /* not created yet */
        }
        const sorted = files.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => b.t - a.t || b.f.localeCompare(a.f));
        found = sorted
          .map(({ f }) => readFileSync(join(dir, f), 'utf8'))
          .find((text) => (/^To:.*$/m.exec(text)?.[0] ?? '').toLowerCase().includes(to.toLowerCase()) && matches(text));
        return found !== undefined;
      },
      { message: `an e-mail to ${to} in ${dir}`, timeout },
    )
    .toBe(true);
  return found!;
}

/** The newest e-mail in the outbox sent to `to` that contains a link under `path` (activate, reset-password). */
export async function linkFromOutbox(to: string, path: 'activate' | 'reset-password', timeout = 10_000): Promise<string> {
  const re = new RegExp(`https?://[^\\s]+/${path}/[A-Za-z0-9_\\-]+`);
  return re.exec(await mailFromOutbox(to, (text) => re.test(text), timeout))![0];
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary),
  }));
}

/**
 * Opens `route`, waits for `ready` (a selector; the h1 unless said) and for the page's requests
 * to finish, then runs axe.
 */
export async function axeScan(page: Page, route: string, ready = 'h1') {
  await page.goto(route);
  await expect(page.locator(ready).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return axeViolations(page);
}

/** The values a signed-in session keeps in browser storage. */
export const SESSION_KEYS = ['auth-token', 'refresh_token', 'name', 'email', 'avatar', 'type', 'user_id'];

/** Forgets the stored session (the language and theme stay). */
export async function signOut(page: Page) {
  await page.evaluate((keys) => keys.forEach((k) => localStorage.removeItem(k)), SESSION_KEYS);
}

/** The element that has focus, described for assertions. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase() ?? '', id: el?.id ?? '', text: el?.textContent?.trim() ?? '' };
  });
}

/** The h1 has focus (after a client-side navigation), with this text when one is given. */
export async function expectHeadingFocused(page: Page, text?: string | RegExp) {
  await expect(page.locator('#page-title')).toBeFocused();
  if (text) await expect(page.locator('h1')).toHaveText(text);
}

export interface LoginResult {
  access: string;
  refresh: string;
  user: { id: number; name: string; email: string; avatar: string | null; type: string };
}

async function api<T>(path: string, body: unknown, lang = 'en', client?: string): Promise<T> {
  const res = await fetch(`${BASE}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang, Authorization: 'Bearer ', ...(client ? { 'X-Forwarded-For': client } : {}) },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

export const PASSWORD = 'Braille#2026';

let clients = 0;

/**
 * A client address of its own for each call (`X-Forwarded-For`, which scripts/e2e.sh lets the
 * server trust from loopback), so that what the whole suite sends does not add up to one
 * visitor's limits (sign-ups: 30 an hour per address; contact messages).
 */
export function clientAddress(): string {
  clients += 1;
  return `10.${process.pid % 250}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
}

/** Registers and activates an account through the API and the outbox, then signs in, from a `clientAddress` of its own. */
export async function createAccount(type: 'student' | 'instructor', name = `Test ${type}`): Promise<LoginResult & { password: string }> {
  const email = uniqueEmail(type);
  const client = clientAddress();
  await api('auth/register', { name, email, password: PASSWORD, password_confirm: PASSWORD, type }, 'en', client);
  const link = await linkFromOutbox(email, 'activate');
  await api('auth/activate', { token: link.split('/activate/')[1] }, 'en', client);
  return { ...(await api<LoginResult>('auth/login', { email, password: PASSWORD }, 'en', client)), password: PASSWORD };
}

export function apiLogin(email: string, password: string): Promise<LoginResult> {
  return api<LoginResult>('auth/login', { email, password });
}

/** Puts a session into browser storage the way the login page does. */
export async function storeSession(page: Page, s: LoginResult) {
  await page.evaluate((s) => {
    localStorage.setItem('auth-token', s.access);
    localStorage.setItem('refresh_token', s.refresh);
    localStorage.setItem('name', s.user.name);
    localStorage.setItem('email', s.user.email);
    localStorage.setItem('avatar', s.user.avatar ?? '');
    localStorage.setItem('type', s.user.type);
    localStorage.setItem('user_id', String(s.user.id));
  }, s);
}

/**
 * Makes the page's stored access token one that expired a minute ago, as the server would have
 * issued it (same user, session and generation; signed with the server's secret, which a server
 * without LAMSA_JWT_SECRET keeps in `<data dir>/jwt-secret`). A test of what happens once the
 * token has expired does this instead of waiting for it to expire. Returns the expired token.
 */
export async function expireAccessToken(page: Page): Promise<string> {
  const current = await page.evaluate(() => localStorage.getItem('auth-token'));
  if (!current) throw new Error('no access token stored on this page');
  const [header, payload, signature] = current.split('.');
  const secret = readFileSync(join(DATA_DIR, 'jwt-secret'), 'utf8').trim();
  const sign = (unsigned: string) => createHmac('sha256', secret).update(unsigned).digest('base64url');
  // Signing the stored token again must give its own signature: then the secret is the
  // server's, and the token made below is refused only because it expired.
  if (sign(`${header}.${payload}`) !== signature) throw new Error("this is not the server's JWT secret");
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat: number; exp: number };
  const now = Math.floor(Date.now() / 1000);
  const expired = { ...claims, iat: now - 60 - (claims.exp - claims.iat), exp: now - 60 };
  const unsigned = `${header}.${Buffer.from(JSON.stringify(expired)).toString('base64url')}`;
  const token = `${unsigned}.${sign(unsigned)}`;
  await page.evaluate((t) => localStorage.setItem('auth-token', t), token);
  return token;
}

// ---------------------------------------------------------------------------------------------
// Shared by the journey tests (assessments, certificates, learner-journey).

/** An access token for `s` from its refresh token (access tokens live a few seconds in these tests). */
export async function access(s: LoginResult): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/token/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh: s.refresh }),
  });
  if (!res.ok) throw new Error(`refresh: ${res.status}`);
  return ((await res.json()) as { access: string }).access;
}

/** An API call as `s`, with a fresh access token each time; throws on an error status. */
export async function apiAs<T>(s: LoginResult, method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${await access(s)}`, 'Accept-Language': 'en' } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const res = await fetch(`${BASE}/api/${path}`, init);
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** Sends the instructor's course for accreditation and has the supervisor approve it, through the API. */
export async function accredit(instructor: LoginResult, supervisor: LoginResult, courseId: number) {
  await apiAs(instructor, 'POST', `courses/${courseId}/accreditation`, {});
  const queue = await apiAs<{ requests: Array<{ id: number; course_id: number }> }>(supervisor, 'GET', 'supervisor/requests?kind=accreditation');
  const request = queue.requests.find((r) => r.course_id === courseId);
  if (!request) throw new Error(`no accreditation request for course ${courseId}`);
  await apiAs(supervisor, 'POST', `requests/${request.id}/approve`, {});
}

/** Focuses an element and presses a key on it (keyboard use, not a mouse click). */
export async function press(locator: Locator, key = 'Enter') {
  await expect(locator, `on ${locator.page().url()}`).toBeVisible();
  await locator.focus();
  await locator.press(key);
}

/** Presses keys together, then releases them: one chord on the six-key keyboard (f d s j k l = dots 1–6). */
export async function chord(page: Page, ...codes: string[]) {
  for (const c of codes) await page.keyboard.down(c);
  for (const c of [...codes].reverse()) await page.keyboard.up(c);
}

/** The element with this id has focus. */
export const expectFocus = (page: Page, id: string, timeout?: number) => expect(byId(page, id)).toBeFocused({ timeout });

/** The element with this id (ids here may hold dots and brackets, which a CSS `#id` would not take). */
export const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

/** The text of the focused element. */
export const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * Waits for the page's requests to finish before leaving it: access tokens live a few seconds
 * here (LAMSA_ACCESS_TTL_SECS), and a navigation in the middle of a token refresh cancels it.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

/** Navigates once the current page has settled. */
export async function go(page: Page, url: string) {
  await settle(page);
  await page.goto(url);
}

/** Text of the page's status regions, without bidi isolates. */
export const statuses = (page: Page) =>
  page.locator('[role="status"]').evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/[\u2068\u2069]/g, '')));

/**
 * One of the page's status regions contains `text` (bidi isolates ignored: a locator's text
 * filter would not see through the marks around an inserted name).
 */
export async function expectStatus(page: Page, text: string, timeout = 15_000) {
  await expect.poll(() => statuses(page), { message: `a status "${text}"`, timeout }).toContainEqual(expect.stringContaining(text));
}

/**
 * Resolves once the page's live socket has finished its first resume. Call it before the
 * navigation that opens the socket.
 */
export function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const onSocket = (ws: PageSocket) => {
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"resumed"')) {
          page.off('websocket', onSocket);
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
}

/**
 * Rejects every certificate request and course request still waiting, so a test that counts on
 * empty supervisor queues does not depend on what the browser-test files before it left behind
 * (the learner journey leaves one of each for the dashboard figures).
 */
export async function clearSupervisorQueues(supervisor: LoginResult): Promise<void> {
  const reason = { reason: 'Cleared between browser-test files.' };
  const certs = await apiAs<{ requests: Array<{ id: number }> }>(supervisor, 'GET', 'supervisor/certificate-requests?status=pending');
  for (const r of certs.requests) await apiAs(supervisor, 'POST', `certificate-requests/${r.id}/reject`, reason);
  for (const kind of ['accreditation', 'stop']) {
    const courses = await apiAs<{ requests: Array<{ id: number }> }>(supervisor, 'GET', `supervisor/requests?kind=${kind}&status=pending`);
    for (const r of courses.requests) await apiAs(supervisor, 'POST', `requests/${r.id}/reject`, reason);
  }
}
