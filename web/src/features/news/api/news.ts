/**
 * The public news API (see /work/helpers/admin-api.md): `GET /api/news?page=&per_page=`
 * (published only, newest first), `GET /api/news/{slug}` (404 for drafts and unknown slugs) and
 * the Atom feeds `GET /api/news/feed.atom?lang=ar|en`. An item carries both languages; the
 * page shows the reader's. Bodies are safe HTML rendered on the server from Markdown.
 */
import { apiFetch } from '@/lib/api-client';

export interface NewsPublicDto {
  id: number;
  slug: string;
  title_ar: string;
  title_en: string;
  body_html_ar: string;
  body_html_en: string;
  /** The body's opening as plain text (the server cuts it: web_app.rs fills the list with it). */
  summary_ar: string;
  summary_en: string;
  image_url: string | null;
  image_alt_ar: string | null;
  image_alt_en: string | null;
  link: string | null;
  published_at: string;
}

export interface Paged<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
}

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

export type Lang = 'ar' | 'en';

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
    publishedAt: n.published_at,
  };
}

/** The number of pages a paginated answer spans (at least 1). */
export function pageCount(p: Pick<Paged<unknown>, 'total' | 'per_page'>): number {
  return Math.max(1, Math.ceil(p.total / Math.max(1, p.per_page)));
}

const enc = encodeURIComponent;

export const PER_PAGE = 10;

export const listNews = (page = 1, perPage = PER_PAGE) => apiFetch<Paged<NewsPublicDto>>(`news?page=${page}&per_page=${perPage}`);

export const getNews = (slug: string) => apiFetch<NewsPublicDto>(`news/${enc(slug)}`);

export const feedUrl = (lang: Lang) => `/api/news/feed.atom?lang=${lang}`;
