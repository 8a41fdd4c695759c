/**
 * The site settings form (issue 23): conversion from the stored settings and to the API's
 * `SiteSettingsInput`. The server checks every field (e-mail, https addresses, lengths) and
 * names the one at fault, with its message in the interface's language. Pure.
 */
import type { SiteSettings } from '@/lib/site';
import type { SiteSettingsInput } from '../api/admin';

export interface LogoForm {
  media_id: number;
  url: string | null;
  alt_ar: string;
  alt_en: string;
}

export type SiteTextField = Exclude<keyof SiteSettingsInput, 'logos'>;

export type SiteForm = Record<SiteTextField, string> & { logos: LogoForm[] };

/** The text fields in the page's order (errors are focused in this order). */
export const SITE_TEXT_FIELDS: SiteTextField[] = [
  'society_name_ar',
  'society_name_en',
  'contact_email',
  'contact_phone',
  'address_ar',
  'address_en',
  'social_x',
  'social_facebook',
  'social_youtube',
  'social_instagram',
  'credit_ar',
  'credit_en',
];

export const SITE_LIMITS = { name: 200, phone: 40, address: 500, url: 500, credit: 300, alt: 300, logos: 6 } as const;

/** Every field the server may name, logos' included, in the page's order. */
export function siteFieldOrder(logos: number): string[] {
  const logoFields = Array.from({ length: Math.max(logos, SITE_LIMITS.logos) }, (_, i) => [`logos[${i}].media_id`, `logos[${i}].alt_ar`, `logos[${i}].alt_en`]).flat();
  const at = SITE_TEXT_FIELDS.indexOf('credit_ar');
  return [...SITE_TEXT_FIELDS.slice(0, at), 'logos', 'logo_file', ...logoFields, ...SITE_TEXT_FIELDS.slice(at)];
}

export function siteFormOf(s: SiteSettings): SiteForm {
  const text = Object.fromEntries(SITE_TEXT_FIELDS.map((f) => [f, s[f] ?? ''])) as Record<SiteTextField, string>;
  return { ...text, logos: s.logos.map((l) => ({ media_id: l.media_id, url: l.url, alt_ar: l.alt_ar, alt_en: l.alt_en })) };
}

export function siteInputOf(f: SiteForm): SiteSettingsInput {
  const text = Object.fromEntries(SITE_TEXT_FIELDS.map((k) => [k, f[k].trim()])) as Record<SiteTextField, string>;
  return { ...text, logos: f.logos.map((l) => ({ media_id: l.media_id, alt_ar: l.alt_ar.trim(), alt_en: l.alt_en.trim() })) };
}

/** The logos with the one at `index` moved by `by` places (kept within the list). */
export function moveLogo(logos: LogoForm[], index: number, by: -1 | 1): LogoForm[] {
  const to = index + by;
  if (to < 0 || to >= logos.length) return logos;
  const next = [...logos];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
