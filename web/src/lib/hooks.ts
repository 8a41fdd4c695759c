import { useAtom } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
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
  useEffect(() => {
    document.title = t('app.title', { page });
  }, [page, t, i18n.language]);
}

/**
 * Data a page loads from the API: fetched on mount, again when `key` changes and on `reload()`
 * (after a live event, say). A failure keeps what was shown and gives the server's localised
 * message, or `fallbackError` when there is none. An answer that arrives after a newer request
 * was made, or after the page was left, is dropped, so an old answer never overwrites a new one.
 */
export function useApiData<T>(fetcher: () => Promise<T>, fallbackError: string, key: unknown = null) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const latest = useRef({ fetcher, fallbackError });
  useLayoutEffect(() => {
    latest.current = { fetcher, fallbackError };
  });
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    latest.current
      .fetcher()
      .then((d) => {
        if (mine !== generation.current) return;
        setData(d);
        setError('');
      })
      .catch((e: unknown) => {
        if (mine === generation.current) setError(e instanceof ApiError ? e.message : latest.current.fallbackError);
      });
  }, []);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload, key]);

  return { data, setData, error, reload };
}
