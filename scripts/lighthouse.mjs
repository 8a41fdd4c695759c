// Runs Lighthouse on each page in one headless Chromium and prints a table; see
// scripts/lighthouse.sh. Public pages run as a new visitor (storage and cache cleared by
// Lighthouse); /student runs signed in as the demo student, with the HTTP cache cleared first.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const base = process.argv[2];
const tools = process.env.LAMSA_LIGHTHOUSE_TOOLS;
const require = createRequire(join(tools, 'package.json'));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const chromeLauncher = await import(require.resolve('chrome-launcher'));
const puppeteer = (await import(require.resolve('puppeteer-core'))).default;

const STUDENT = { email: 'student@lamsa.local', password: process.env.LAMSA_DEMO_PASSWORD ?? 'Lamsa#2026' };
// A new visitor whose browser prefers Arabic (the server picks the prerendered page's language
// by Accept-Language), and one whose browser prefers English on the home page.
const PAGES = [
  { path: '/' },
  { path: '/braille-translator' },
  { path: '/courses' },
  { path: '/news' },
  { path: '/contact-us' },
  { path: '/login' },
  { path: '/', lang: 'en' },
  { path: '/student', signedIn: true },
]
  .map((p) => ({ lang: 'ar', ...p }))
  .filter((p) => !process.env.LAMSA_LIGHTHOUSE_PAGES || process.env.LAMSA_LIGHTHOUSE_PAGES.split(',').includes(p.path));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

/** Signs the demo student in through the API and stores the session as the app does (Arabic). */
async function signIn() {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(async (s) => {
    const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(s) });
    if (!res.ok) throw new Error(`login: ${res.status}`);
    const r = await res.json();
    localStorage.clear();
    localStorage.setItem('app-lang', 'ar');
    localStorage.setItem('auth-token', r.access);
    localStorage.setItem('refresh_token', r.refresh);
    localStorage.setItem('name', r.user.name);
    localStorage.setItem('email', r.user.email);
    localStorage.setItem('avatar', r.user.avatar ?? '');
    localStorage.setItem('type', r.user.type);
    localStorage.setItem('user_id', String(r.user.id));
  }, STUDENT);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
}

const rows = [];
try {
  for (const p of PAGES) {
    if (p.signedIn) await signIn();
    const result = await lighthouse(`${base}${p.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: Boolean(p.signedIn),
      extraHeaders: { 'Accept-Language': p.lang },
    });
    const lhr = result.lhr;
    const name = `lighthouse${p.path.replaceAll('/', '_')}${p.lang === 'en' ? '-en' : ''}.json`;
    if (process.env.LAMSA_LIGHTHOUSE_JSON) writeFileSync(join(process.env.LAMSA_LIGHTHOUSE_JSON, name), result.report);
    const score = (c) => (lhr.categories[c]?.score == null ? '—' : Math.round(lhr.categories[c].score * 100));
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    rows.push({
      page: `${p.path} (${p.lang})` + (finalPath !== p.path ? ` (→ ${finalPath})` : ''),
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      FCP: lhr.audits['first-contentful-paint'].displayValue,
      LCP: lhr.audits['largest-contentful-paint'].displayValue,
      TBT: lhr.audits['total-blocking-time'].displayValue,
      CLS: lhr.audits['cumulative-layout-shift'].displayValue,
      'total bytes': `${Math.round(lhr.audits['total-byte-weight'].numericValue / 1024)} KiB`,
    });
    console.error(`lighthouse: ${p.path} (${p.lang}) done`);
  }
} finally {
  await chrome.kill();
}
const cols = Object.keys(rows[0]);
console.log(`| ${cols.join(' | ')} |\n| ${cols.map(() => '---').join(' | ')} |`);
for (const r of rows) console.log(`| ${cols.map((c) => r[c]).join(' | ')} |`);
