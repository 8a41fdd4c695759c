/**
 * The prerender's entry (web/build/prerender.ts builds it for Node after the client build): renders
 * one public page in one language to HTML with React's static renderer and react-router's static
 * rendering. The client hydrates that HTML (main.tsx). Only pages that need no signed-in user are
 * rendered here; data they show is fetched after hydration (see web/README.md, "Prerendered pages"),
 * except the society's site settings, which every page carries as markers that the server fills in
 * (lib/site.tsx, src/web_app.rs) and hands to the app in `lamsa-data`.
 */
import { Provider, createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { routes } from './app/router';
import i18n from './lib/i18n';
import { TitleSink } from './lib/hooks';
import { paletteCss } from './lib/palette';
import { queryClient } from './lib/query';
import { SiteTemplate } from './lib/site';
import { langAtom } from './lib/state';
import type { Lang } from './lib/storage';

export { paletteCss };

/** The pages that need no signed-in user, by path; `/404` renders the not-found page. */
export const PAGES = [
  '/',
  '/about-platform',
  '/about-us',
  '/news',
  '/courses',
  '/instructions',
  '/instructions/about-braille',
  '/instructions/write-braille',
  '/instructions/read-braille',
  '/instructions/contractions',
  '/braille-translator',
  '/contact-us',
  '/certificates/verify',
  '/forgot-password',
  '/login',
  '/register',
  '/404',
];

/**
 * The first path segments the client's routes claim. The server sends the SPA shell for a path
 * that starts with one of them and has no prerendered page (a news item, a dashboard page), and
 * the prerendered not-found page, with status 404, for any other path.
 */
export function clientSegments(list: RouteObject[] = routes, prefix = ''): string[] {
  const found = new Set<string>();
  for (const route of list) {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    const first = path.split('/').filter(Boolean)[0];
    if (first && first !== '*') found.add(first);
    if (route.children) clientSegments(route.children, path).forEach((s) => found.add(s));
  }
  return [...found].sort();
}

export interface Rendered {
  html: string;
  title: string;
}

const handler = createStaticHandler(routes);

/**
 * The markers a news item page carries in place of the item (src/web_app.rs fills them in at
 * request time and adds the item as `lamsa-data`, which main.tsx puts into the query cache).
 */
export const NEWS_MARKERS = {
  slug: 'lamsa-news-slug',
  title: '@@TITLE@@',
  body: '@@BODY@@',
  image: '@@IMAGE@@',
  alt: '@@ALT@@',
  link: '@@LINK@@',
  at: '@@AT@@',
};

/** A news item page (`/news/:slug`) with markers for the item, with or without an image and a link. */
export async function renderNewsItem(lang: Lang, image: boolean, link: boolean): Promise<Rendered> {
  const m = NEWS_MARKERS;
  const item = {
    id: 0,
    slug: m.slug,
    title_ar: m.title,
    title_en: m.title,
    body_html_ar: m.body,
    body_html_en: m.body,
    summary_ar: '',
    summary_en: '',
    image_url: image ? m.image : null,
    image_alt_ar: m.alt,
    image_alt_en: m.alt,
    link: link ? m.link : null,
    published_at: m.at,
  };
  const key = ['news', 'item', m.slug, lang];
  queryClient.setQueryData(key, item);
  try {
    const page = await render(`/news/${m.slug}`, lang);
    // The date's text is its day (NewsDetailPage before hydration); its attribute the full time.
    const html = page.html.replaceAll(m.at, '@@DAY@@').replace('dateTime="@@DAY@@"', `dateTime="${m.at}"`);
    return { ...page, html };
  } finally {
    queryClient.removeQueries({ queryKey: key, exact: true });
  }
}

/** The markers of one item in the news list (src/web_app.rs repeats the item per news item). */
export const NEWS_LIST_MARKERS = { slug: 'lamsa-news-slug', title: '@@TITLE@@', summary: '@@SUMMARY@@', at: '@@AT@@', pages: 997 };

/**
 * The news list's first page for the server to fill in: with no items, with one page of them or
 * with more (a "next" link, and `@@PAGES@@` for the number of pages); when there are items, the
 * list holds one marker item, which `item` returns alone with `@@ITEMS@@` in its place.
 */
export async function renderNewsList(lang: Lang, variant: 'empty' | 'one-page' | 'more'): Promise<Rendered & { item: string }> {
  const m = NEWS_LIST_MARKERS;
  const item = {
    id: 0,
    slug: m.slug,
    title_ar: m.title,
    title_en: m.title,
    body_html_ar: '',
    body_html_en: '',
    summary_ar: m.summary,
    summary_en: m.summary,
    image_url: null,
    image_alt_ar: null,
    image_alt_en: null,
    link: null,
    published_at: m.at,
  };
  const perPage = 10;
  const data = {
    items: variant === 'empty' ? [] : [item],
    page: 1,
    per_page: perPage,
    total: variant === 'empty' ? 0 : variant === 'one-page' ? 1 : m.pages * perPage,
  };
  const key = ['news', 'list', 1, lang];
  queryClient.setQueryData(key, data);
  try {
    const page = await render('/news', lang);
    if (variant === 'empty') return { ...page, item: '' };
    const list = /(<ul class="news-list">)([\s\S]*?)(<\/ul>)/.exec(page.html);
    if (!list) throw new Error('renderNewsList: no news list in the page');
    const html = page.html.replace(list[0], `${list[1]}@@ITEMS@@${list[3]}`);
    const pages = html.split(String(m.pages)).length - 1;
    if (variant === 'more' && pages !== 2) throw new Error(`renderNewsList: the page count is written ${pages} times, not 2`);
    const itemHtml = list[2]
      .replaceAll(m.slug, '@@SLUG@@')
      // The date's text is its day (before hydration); its attribute the full time.
      .replaceAll(m.at, '@@DAY@@')
      .replace('dateTime="@@DAY@@"', `dateTime="${m.at}"`);
    return { ...page, html: html.replaceAll(String(m.pages), '@@PAGES@@'), item: itemHtml };
  } finally {
    queryClient.removeQueries({ queryKey: key, exact: true });
  }
}

export async function render(path: string, lang: Lang): Promise<Rendered> {
  await i18n.changeLanguage(lang);
  const context = await handler.query(new Request(`http://lamsa.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let title = '';
  // The app's atoms read the browser's storage; here the page's language is the one to show.
  const store = createStore();
  store.set(langAtom, lang);
  const { prelude } = await prerender(
    <StrictMode>
      <Provider store={store}>
        <TitleSink.Provider value={(t) => (title = t)}>
          {/* The society's settings as markers the server fills in per request (lib/site.tsx). */}
          <SiteTemplate.Provider value={true}>
            {/* No loaders, so no hydration data to hand over. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </SiteTemplate.Provider>
        </TitleSink.Provider>
      </Provider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, title };
}
