// Reads a Vite build (its index.html and .vite/manifest.json) and checks the size budget; see
// scripts/web-budget.sh. Sizes are gzip level 9 of each file, as a browser would receive them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 150 kB gzipped, React included: builds run React 19 since issue 22 (143.6 kB at the switch;
// the old 90 kB held only with Preact's compat layer in the build).
const ENTRY_BUDGET = 150_000;
const CHUNK_BUDGET = 150_000;

const dist = process.argv[2];
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

const byFile = new Map(Object.values(manifest).map((m) => [m.file, m]));
const byKey = manifest;
// What index.html starts: module scripts and module preloads.
const started = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map(
  (m) => m[1] ?? m[2],
);
if (started.length === 0) throw new Error(`no module script in ${dist}/index.html`);
// Everything those import statically is fetched before the first render too.
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  for (const key of byFile.get(file)?.imports ?? []) visit(byKey[key].file);
};
started.forEach(visit);

const js = [...byFile.keys()].filter((f) => f.endsWith('.js'));
const rows = js.map((file) => ({ file, gzip: gz(file), initial: initial.has(file) })).sort((a, b) => b.gzip - a.gzip);
const initialTotal = rows.filter((r) => r.initial).reduce((s, r) => s + r.gzip, 0);

console.log('JavaScript chunks (gzip -9):');
for (const r of rows) {
  const over = !r.initial && r.gzip > CHUNK_BUDGET ? '  OVER the 150 kB chunk budget' : '';
  console.log(`  ${kb(r.gzip).padStart(9)}  ${r.initial ? 'before first paint' : 'lazy              '}  ${r.file}${over}`);
}
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]);
const cssTotal = css.reduce((s, f) => s + gz(f), 0);
console.log(`JavaScript before first paint on /: ${kb(initialTotal)} of ${kb(ENTRY_BUDGET)} (${[...initial].join(', ')})`);
console.log(`CSS before first paint on / (not budgeted): ${kb(cssTotal)}; index.html: ${kb(gz('index.html'))}`);

const failures = [];
if (initialTotal > ENTRY_BUDGET) failures.push(`the JavaScript before first paint is ${kb(initialTotal)}, over ${kb(ENTRY_BUDGET)}`);
for (const r of rows) if (!r.initial && r.gzip > CHUNK_BUDGET) failures.push(`${r.file} is ${kb(r.gzip)}, over ${kb(CHUNK_BUDGET)}`);
if (failures.length) {
  console.error(`web budget: FAILED\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('web budget: ok');
