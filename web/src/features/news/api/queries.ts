/**
 * Published news as server state (`['news', …]`). Items carry both languages; the language is
 * in the keys only so that a failed load's message is read again in the reader's new language.
 * A list keeps its previous page on screen while the next one loads.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useAppQuery } from '@/lib/query';
import { getNews, listNews, type Lang } from './news';

/** One page of published items, newest first. */
export const useNewsPage = (page: number, lang: Lang) =>
  useAppQuery({ queryKey: ['news', 'list', page, lang], queryFn: () => listNews(page), placeholderData: keepPreviousData });

/** The home page's latest three items. */
export const useLatestNews = (lang: Lang) => useAppQuery({ queryKey: ['news', 'latest', lang], queryFn: () => listNews(1, 3) });

/** One published item; `readFailure` turns a failure into what the page says (e.g. "not found"). */
export const useNewsItem = (slug: string, lang: Lang, readFailure: (e: unknown) => never) =>
  useAppQuery({ queryKey: ['news', 'item', slug, lang], queryFn: () => getNews(slug).catch(readFailure) });
