/**
 * The news editor's form: conversion to and from the API's `NewsInput` / `NewsAdmin`, and the
 * checks the server also makes (so most mistakes are caught before sending). Pure.
 */
import type { NewsAdmin, NewsInput, NewsState } from '../api/admin';

export interface NewsForm {
  title_ar: string;
  title_en: string;
  body_md_ar: string;
  body_md_en: string;
  image_media_id: number | null;
  image_url: string | null;
  image_alt_ar: string;
  image_alt_en: string;
  link: string;
  slug: string;
  state: NewsState;
  /** `YYYY-MM-DDTHH:mm` in the editor's local time (an `<input type="datetime-local">`). */
  publish_at: string;
}

export const EMPTY_NEWS: NewsForm = {
  title_ar: '',
  title_en: '',
  body_md_ar: '',
  body_md_en: '',
  image_media_id: null,
  image_url: null,
  image_alt_ar: '',
  image_alt_en: '',
  link: '',
  slug: '',
  state: 'draft',
  publish_at: '',
};

export const NEWS_LIMITS = { title: 200, body: 20000, alt: 300, link: 500, slug: 80 } as const;

/** The editor's field order: errors are focused in this order. */
export const NEWS_FIELDS = ['title_ar', 'title_en', 'body_md_ar', 'body_md_en', 'image_alt_ar', 'image_alt_en', 'link', 'slug', 'state', 'publish_at'];

export type NewsProblem = 'required' | 'altRequired' | 'invalidLink' | 'invalidSlug' | { tooLong: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an RFC 3339 UTC instant; null when empty or invalid. */
export function fromLocalInput(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function formOf(n: NewsAdmin): NewsForm {
  return {
    title_ar: n.title_ar,
    title_en: n.title_en,
    body_md_ar: n.body_md_ar,
    body_md_en: n.body_md_en,
    image_media_id: n.image_media_id,
    image_url: n.image_url,
    image_alt_ar: n.image_alt_ar ?? '',
    image_alt_en: n.image_alt_en ?? '',
    link: n.link ?? '',
    slug: n.slug,
    state: n.state,
    publish_at: toLocalInput(n.publish_at),
  };
}

export function inputOf(f: NewsForm): NewsInput {
  const hasImage = f.image_media_id !== null;
  return {
    slug: f.slug.trim(),
    title_ar: f.title_ar.trim(),
    title_en: f.title_en.trim(),
    body_md_ar: f.body_md_ar,
    body_md_en: f.body_md_en,
    image_media_id: f.image_media_id,
    image_alt_ar: hasImage ? f.image_alt_ar.trim() : '',
    image_alt_en: hasImage ? f.image_alt_en.trim() : '',
    link: f.link.trim() || null,
    state: f.state,
    publish_at: f.state === 'scheduled' ? fromLocalInput(f.publish_at) : null,
  };
}

const len = (s: string) => Array.from(s).length;

/** Every field's first problem; an empty object when the item can be saved. */
export function checkNews(f: NewsForm): Record<string, NewsProblem> {
  const out: Record<string, NewsProblem> = {};
  const need = (k: keyof NewsForm, max: number) => {
    const v = String(f[k] ?? '').trim();
    if (!v) out[k] = 'required';
    else if (len(v) > max) out[k] = { tooLong: max };
  };
  need('title_ar', NEWS_LIMITS.title);
  need('title_en', NEWS_LIMITS.title);
  need('body_md_ar', NEWS_LIMITS.body);
  need('body_md_en', NEWS_LIMITS.body);
  if (f.image_media_id !== null) {
    for (const k of ['image_alt_ar', 'image_alt_en'] as const) {
      const v = f[k].trim();
      if (!v) out[k] = 'altRequired';
      else if (len(v) > NEWS_LIMITS.alt) out[k] = { tooLong: NEWS_LIMITS.alt };
    }
  }
  const link = f.link.trim();
  if (link) {
    if (len(link) > NEWS_LIMITS.link) out.link = { tooLong: NEWS_LIMITS.link };
    else if (!isHttpUrl(link)) out.link = 'invalidLink';
  }
  const slug = f.slug.trim();
  if (slug) {
    if (len(slug) > NEWS_LIMITS.slug) out.slug = { tooLong: NEWS_LIMITS.slug };
    else if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) out.slug = 'invalidSlug';
  }
  if (f.state === 'scheduled' && !fromLocalInput(f.publish_at)) out.publish_at = 'required';
  return out;
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}
