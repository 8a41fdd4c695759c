import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };
const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** Every resource file of every namespace, so a translator's slip fails here, not in a page. */
const files = import.meta.glob<{ default: Tree }>(['/src/**/locales/en.ts', '/src/**/locales/ar.ts'], { eager: true });

function leaves(t: Tree, prefix = ''): string[] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}

const namespaces = Object.keys(files)
  .filter((p) => p.endsWith('/en.ts'))
  .map((p) => ({ dir: p.replace(/\/en\.ts$/, ''), en: files[p].default, ar: files[p.replace(/en\.ts$/, 'ar.ts')]?.default }));

describe('resource files', () => {
  it('are found for every namespace', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(8);
    for (const ns of namespaces) expect(ns.ar, ns.dir).toBeDefined();
  });

  it.each(namespaces.map((n) => [n.dir, n] as const))('%s: Arabic has every English key, and each plural in full', (_dir, ns) => {
    const ar = new Set(leaves(ns.ar));
    const plural = (k: string) => /_(one|other)$/.test(k);
    for (const key of leaves(ns.en)) {
      if (!plural(key)) {
        expect(ar.has(key), key).toBe(true);
        continue;
      }
      const base = key.replace(/_(one|other)$/, '');
      // Either one sentence for every number, or all six of Arabic's forms.
      const complete = ar.has(base) || FORMS.every((f) => ar.has(`${base}_${f}`));
      expect(complete, `${base}: give ${base} or all of ${FORMS.map((f) => `${base}_${f}`).join(', ')}`).toBe(true);
    }
  });
});
