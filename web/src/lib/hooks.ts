import { useAtom } from 'jotai';
import { createContext, useCallback, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from './i18n';
import { langAtom, themeAtom } from './state';
import { writeTheme, type Lang, type Theme } from './storage';

export function useLanguage(): [Lang, (l: Lang) => void] {
  const [lang, setLang] = useAtom(langAtom);
  const change = useCallback(
    (l: Lang) => {
      applyLanguage(l);
      setLang(l);
    },
    [setLang],
  );
  return [lang, change];
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useAtom(themeAtom);
  const change = useCallback(
    (t: Theme) => {
      writeTheme(t);
      document.documentElement.dataset.theme = t;
      setTheme(t);
    },
    [setTheme],
  );
  return [theme, change];
}

/** Sets `document.title` to "<page> — Lamsa" in the current language. */
export function useDocumentTitle(page: string): void {
  const { t, i18n } = useTranslation();
  // The prerender (src/entry-server.tsx) writes the title into the page's <head>.
  useContext(TitleSink)?.(t('app.title', { page }));
  useEffect(() => {
    document.title = t('app.title', { page });
  }, [page, t, i18n.language]);
}

/** Given only by the prerender: receives the document title a page asks for. */
export const TitleSink = createContext<((title: string) => void) | null>(null);
