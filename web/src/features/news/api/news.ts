/**
 * The public news API (see /work/helpers/admin-api.md): `GET /api/news?page=&per_page=`
 * (published only, newest first), `GET /api/news/{slug}` (404 for drafts and unknown slugs) and
 * the Atom feeds `GET /api/news/feed.atom?lang=ar|en`. An item carries both languages; the
 * page shows the reader's. Bodies are safe HTML rendered on the server from Markdown.
 */
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type NewsPublicDto = Schema<'NewsPublicDto'>;

/** One item in one language, as the pages show it. */
export interface NewsView {
  id: number;
  slug: string;
  title: string;
  bodyHtml: string;
  summary: string;
  imageUrl: string | null;
  imageAlt: string;
  link: string | null;
  publishedAt: string;
}

export type Lang = Schema<'Lang'>;

export function viewOf(n: NewsPublicDto, lang: Lang): NewsView {
  return {
    id: n.id,
    slug: n.slug,
    title: lang === 'en' ? n.title_en : n.title_ar,
    bodyHtml: lang === 'en' ? n.body_html_en : n.body_html_ar,
    summary: lang === 'en' ? n.summary_en : n.summary_ar,
    imageUrl: n.image_url,
    imageAlt: (lang === 'en' ? n.image_alt_en : n.image_alt_ar) ?? '',
    link: n.link,
    // Public news is published: the null of a draft never comes here.
    publishedAt: n.published_at ?? '',
  };
}

/** The number of pages a paginated answer spans (at least 1). */
export function pageCount(p: Pick<Schema<'NewsList'>, 'total' | 'per_page'>): number {
  return Math.max(1, Math.ceil(p.total / Math.max(1, p.per_page)));
}

const enc = encodeURIComponent;

export const PER_PAGE = 10;

export const listNews = (page = 1, perPage = PER_PAGE) => apiFetch<Schema<'NewsList'>>(`news?page=${page}&per_page=${perPage}`);

export const getNews = (slug: string) => apiFetch<NewsPublicDto>(`news/${enc(slug)}`);

export const feedUrl = (lang: Lang) => `/api/news/feed.atom?lang=${lang}`;
