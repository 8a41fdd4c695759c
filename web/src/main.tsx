import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/App';
import { seedQueries } from './app/seed';
import { routes } from './app/router';
import './lib/i18n';
import { paletteCss } from './lib/palette';
import { readLang, readTheme } from './lib/storage';
import './styles/global.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (document.documentElement.hasAttribute('data-prerendered')) {
  // A prerendered public page (build/prerender.ts): the palette, language and theme are already
  // in the HTML. Its lazy route modules load before hydrating, or the first render would be the
  // loading fallback instead of the page the HTML shows.
  seedQueries();
  const renderedFor = window.location.href;
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
  void Promise.all(
    lazy.map(async (m) => {
      const loaded = await (m.route.lazy as () => Promise<object>)();
      Object.assign(m.route, loaded, { lazy: undefined });
    }),
  ).then(() => {
    if (window.location.href !== renderedFor) {
      // The visitor went back or forward before the page hydrated: the HTML is not the page at
      // this address any more, so the app renders it afresh instead of hydrating a mismatch
      // (which left the old page's DOM beside the new one).
      root.replaceChildren();
      createRoot(root).render(app);
      return;
    }
    // As a transition, hydration is done in small slices rather than one long task (a default-
    // priority hydration is not time-sliced): the page it hydrates is already on screen, and a
    // click on a part not yet hydrated hydrates that part first.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  // The SPA shell (signed-in pages): colours from the one palette file (lib/palette.ts).
  const style = document.createElement('style');
  style.id = 'palette';
  style.textContent = paletteCss();
  document.head.prepend(style);
  const lang = readLang();
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  document.documentElement.dataset.theme = readTheme();
  createRoot(root).render(app);
}
