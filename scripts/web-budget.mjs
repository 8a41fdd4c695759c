// Reads a Vite build (the prerendered home page and .vite/manifest.json) and checks the size
// budget (issue 22); see scripts/web-budget.sh. Sizes are gzip level 9 of each file, as a
// browser would receive them; kB are 1,000 bytes, as Vite prints them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const HTML_BUDGET = 30_000;
const JS_BUDGET = 150_000;
const CHUNK_BUDGET = 150_000;

const dist = process.argv[2];
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

// `/` as a first visit gets it: the prerendered Arabic home page, its CSS inline.
const homeFile = 'prerendered/ar/index.html';
const home = readFileSync(join(dist, homeFile), 'utf8');
const homeSize = gz(homeFile);

const byFile = new Map(Object.values(manifest).map((m) => [m.file, m]));
// What the page starts after its first frame (build/prerender.ts, START_APP): the entry and the
// chunks it preloads (the page's own lazy modules)...
const started = [...new Set([...home.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
if (started.length === 0) throw new Error(`no module script in ${dist}/${homeFile}`);
// ...and everything those import statically.
const loaded = new Set();
const visit = (file) => {
  if (loaded.has(file)) return;
  loaded.add(file);
  for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key].file);
};
started.forEach(visit);

const js = [...byFile.keys()].filter((f) => f.endsWith('.js'));
const rows = js.map((file) => ({ file, gzip: gz(file), home: loaded.has(file) })).sort((a, b) => b.gzip - a.gzip);
const jsTotal = rows.filter((r) => r.home).reduce((s, r) => s + r.gzip, 0);

console.log('JavaScript chunks (gzip -9):');
for (const r of rows) {
  const over = r.gzip > CHUNK_BUDGET ? '  OVER the 150 kB chunk budget' : '';
  console.log(`  ${kb(r.gzip).padStart(9)}  ${r.home ? 'loaded by /' : 'lazy       '}  ${r.file}${over}`);
}
console.log(`HTML of / with its inline CSS: ${kb(homeSize)} of ${kb(HTML_BUDGET)} (${homeFile})`);
console.log(`JavaScript / loads: ${kb(jsTotal)} of ${kb(JS_BUDGET)} (${[...loaded].join(', ')})`);

const failures = [];
if (homeSize > HTML_BUDGET) failures.push(`the HTML of / is ${kb(homeSize)}, over ${kb(HTML_BUDGET)}`);
if (jsTotal > JS_BUDGET) failures.push(`the JavaScript / loads is ${kb(jsTotal)}, over ${kb(JS_BUDGET)}`);
for (const r of rows) if (r.gzip > CHUNK_BUDGET) failures.push(`${r.file} is ${kb(r.gzip)}, over ${kb(CHUNK_BUDGET)}`);
if (failures.length) {
  console.error(`web budget: FAILED\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('web budget: ok');
