/**
 * The prerender's entry (web/build/prerender.ts builds it for Node after the client build): renders
 * one public page in one language to HTML with React's static renderer and react-router's static
 * rendering. The client hydrates that HTML (main.tsx). Only pages that need no signed-in user are
 * rendered here; data they show is fetched after hydration (see web/README.md, "Prerendered pages").
 */
import { Provider, createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { routes } from './app/router';
import i18n from './lib/i18n';
import { TitleSink } from './lib/hooks';
import { paletteCss } from './lib/palette';
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

export async function render(path: string, lang: Lang): Promise<Rendered> {
  await i18n.changeLanguage(lang);
  const context = await handler.query(new Request(`http://lamsa.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let title = '';
  const { prelude } = await prerender(
    <StrictMode>
      <Provider store={createStore()}>
        <TitleSink.Provider value={(t) => (title = t)}>
          {/* No loaders, so no hydration data to hand over. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </TitleSink.Provider>
      </Provider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, title };
}
