import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin } from 'vite';

/**
 * Which lazily loaded module each prerendered page needs, by the Vite manifest's source key:
 * its CSS is inlined into the page and its JavaScript preloaded, so the page paints without
 * waiting for a chunk and hydrates without a waterfall. Keep in step with src/app/router.tsx
 * (the build fails on a page missing here).
 */
const PAGE_MODULES: Array<[RegExp, string[]]> = [
  [/^\/$/, ['src/features/news/components/LatestNews.tsx']],
  [/^\/(about-platform|about-us|courses|login|register|forgot-password|404)$/, ['src/app/areas/public.ts']],
  [/^\/news$/, ['src/features/news/routes/NewsListPage.tsx']],
  [/^\/instructions(\/.*)?$/, ['src/features/public/routes/InstructionsPages.tsx']],
  [/^\/braille-translator$/, ['src/features/braille/routes/TranslatorPage.tsx']],
  [/^\/contact-us$/, ['src/features/contact/routes/ContactPage.tsx']],
  [/^\/certificates\/verify$/, ['src/app/areas/certificates.ts']],
];

interface ServerEntry {
  PAGES: string[];
  clientSegments: () => string[];
  paletteCss: () => string;
  render: (path: string, lang: 'ar' | 'en') => Promise<{ html: string; title: string }>;
  renderNewsItem: (lang: 'ar' | 'en', image: boolean, link: boolean) => Promise<{ html: string; title: string }>;
  renderNewsList: (lang: 'ar' | 'en', variant: 'empty' | 'one-page' | 'more') => Promise<{ html: string; title: string; item: string }>;
}

/**
 * Without JavaScript the header's dropdowns cannot open and the buttons that switch the language
 * do nothing: their lists are shown in place and the buttons hidden (LanguageToggle then shows
 * a link to the page in the other language).
 */
const NO_SCRIPT_CSS =
  '.disclosure-panel[hidden]{display:block;position:static;box-shadow:none;border:0}' +
  '.disclosure-button,.nav-toggle,button.lang-toggle,[aria-labelledby="fh-lang"] button{display:none}' +
  '.main-nav:not(.open) .nav-list{display:flex;flex-wrap:wrap}';

/**
 * Starts the app once the page's first frame is painted: the HTML is the page, so no script
 * (about 140 kB gzipped, React included) competes with the first paint for the network or the
 * main thread. The chunks it needs are preloaded at the same moment; a page opened in a hidden
 * tab, where no frame comes, starts at once.
 */
const START_APP = (app: { entry: string; preload: string[] }) =>
  `const app=${JSON.stringify(app)};const start=()=>{for(const href of app.preload){const l=document.createElement('link');l.rel='modulepreload';l.href=href;document.head.append(l)}import(app.entry)};` +
  `if(document.visibilityState==='visible')requestAnimationFrame(()=>setTimeout(start));else start();`;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The JavaScript and CSS files a manifest key loads through static imports. */
function closure(manifest: Manifest, key: string, js = new Set<string>(), css = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return { js, css };
  js.add(chunk.file);
  chunk.css?.forEach((c) => css.add(c));
  chunk.imports?.forEach((k) => closure(manifest, k, js, css));
  return { js, css };
}

/**
 * After the client build: builds src/entry-server.tsx for Node, renders every public page in
 * both languages and writes `prerendered/<lang><path>.html` into the output directory, each the
 * built index.html with the page's HTML in #root, its language and title, the palette and the
 * CSS it needs inline. The Rust server picks the file (src/web_app.rs); main.tsx hydrates it.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let ssr = false;
  return {
    name: 'lamsa-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    async closeBundle() {
      if (ssr) return;
      const serverDir = join(root, 'node_modules/.lamsa-prerender');
      await build({
        root,
        logLevel: 'warn',
        build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
      });
      // Imported by its plain URL: the lazy chunks import shared code from this same module.
      const entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as ServerEntry;
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const read = (file: string) => readFileSync(join(outDir, file), 'utf8');
      const entryCss = closure(manifest, 'index.html').css;
      const entryJs = closure(manifest, 'index.html').js;
      const entryFile = manifest['index.html'].file;
      const entryPreloads = [...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

      /** The built index.html around one rendered page, with the CSS and chunks its modules need. */
      const pageHtml = (page: { html: string; title: string }, lang: 'ar' | 'en', modules: string[]) => {
        const js = new Set<string>();
        const css = new Set(entryCss);
        modules.forEach((m) => {
          if (!manifest[m]) throw new Error(`prerender: ${m} is not in the Vite manifest`);
          closure(manifest, m, js, css);
        });
        entryJs.forEach((f) => js.delete(f));
        const styles = [
          `<style id="palette">${entry.paletteCss()}</style>`,
          `<style>${[...css].map(read).join('\n')}</style>`,
          `<noscript><style>${NO_SCRIPT_CSS}</style></noscript>`,
        ].join('\n    ');
        const app = { entry: `/${entryFile}`, preload: [...entryPreloads, ...[...js].map((f) => `/${f}`)] };
        const description = template.match(new RegExp(`data-${lang}="([^"]*)"`))?.[1] ?? '';
        return (
          template
            .replace(/<html lang="ar" dir="rtl">/, `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" data-prerendered>`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
            .replace(/(<meta name="description" content=")[^"]*"/, `$1${description}"`)
            // The entry's stylesheet is inlined: no request before the first paint.
            .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
            // The app's code starts after the first frame (START_APP), not from the head.
            .replace(/\s*<script type="module"[^>]*><\/script>/, '')
            .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
            .replace('</head>', `    ${styles}\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root">${page.html}</div>\n    <script type="module">${START_APP(app)}</script>`)
            // The page works without JavaScript; only its forms say they need it.
            .replace(/\s*<noscript>[^<]*<\/noscript>/, '')
        );
      };
      const write = (name: string, html: string) => {
        const file = join(outDir, 'prerendered', name);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, html);
      };

      rmSync(join(outDir, 'prerendered'), { recursive: true, force: true });
      for (const path of entry.PAGES) {
        const modules = PAGE_MODULES.find(([re]) => re.test(path))?.[1];
        if (!modules) throw new Error(`prerender: ${path} is missing from PAGE_MODULES (build/prerender.ts)`);
        for (const lang of ['ar', 'en'] as const) {
          write(`${lang}/${path === '/' ? 'index' : path.slice(1)}.html`, pageHtml(await entry.render(path, lang), lang, modules));
        }
      }
      // A news item's page as templates (with or without an image and a link) that the server
      // fills in at request time; not an address of their own (the directory starts with "_").
      for (const lang of ['ar', 'en'] as const) {
        for (const image of [false, true]) {
          for (const link of [false, true]) {
            const page = await entry.renderNewsItem(lang, image, link);
            const name = `news-item${image ? '-image' : ''}${link ? '-link' : ''}`;
            write(`${lang}/_templates/${name}.html`, pageHtml(page, lang, ['src/features/news/routes/NewsDetailPage.tsx']));
          }
        }
      }
      // The news list's first page, filled in by the server the same way: no items, one page of
      // them, more pages; and one item, repeated per news item.
      for (const lang of ['ar', 'en'] as const) {
        for (const variant of ['empty', 'one-page', 'more'] as const) {
          const page = await entry.renderNewsList(lang, variant);
          write(`${lang}/_templates/news-list-${variant}.html`, pageHtml(page, lang, ['src/features/news/routes/NewsListPage.tsx']));
          if (page.item) write(`${lang}/_templates/news-list-item.html`, page.item);
        }
      }
      writeFileSync(join(outDir, 'prerendered/routes.json'), JSON.stringify({ segments: entry.clientSegments() }));
      this.info?.(`prerendered ${entry.PAGES.length} pages × 2 languages`);
    },
  };
}
