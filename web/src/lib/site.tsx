/**
 * The society's site settings (issue 23): its name, contact details, social links, powered-by
 * logos and credit line, set by supervisors in the admin site (`GET /api/site`).
 *
 * Prerendered pages: the prerender (src/entry-server.tsx) renders every setting as a marker that
 * the server fills in at request time (src/web_app.rs, `with_site`): `@@SITE:KEY@@` for a value,
 * `@@IF:KEY@@ … @@END:KEY@@` and `@@NOT:KEY@@ … @@END:KEY@@` around what shows only when a
 * setting is set or unset (a kept block loses its markers, a dropped one goes whole). The server
 * also puts the settings into `lamsa-data` under {@link SITE_KEY}; main.tsx seeds the query cache
 * with them before hydrating, so the first client render is exactly the HTML the server sent.
 * Text markers React leaves between text nodes (`<!-- -->`) are skipped by hydration.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from './api-client';
import type { Schema } from './api-types';
import { useAppQuery } from './query';

export type SiteLogo = Schema<'SiteLogoDto'>;

export type SiteSettings = Schema<'SiteSettingsDto'>;

/** The query key; src/web_app.rs (`SITE_KEY`) seeds prerendered pages under the same. */
export const SITE_KEY = ['site-settings'] as const;

/** As many logo slots as the server accepts (src/domain/site.rs, `LOGOS_MAX`). */
export const LOGO_SLOTS = 6;

/** The social networks, in the footer's order, with their marker keys and names. */
export const SOCIAL = [
  ['X', 'social_x', 'X'],
  ['FACEBOOK', 'social_facebook', 'Facebook'],
  ['YOUTUBE', 'social_youtube', 'YouTube'],
  ['INSTAGRAM', 'social_instagram', 'Instagram'],
] as const;

/** True while the prerender renders templates: settings become markers (entry-server.tsx). */
export const SiteTemplate = createContext(false);

/** The settings (undefined until loaded; prerendered pages have them before hydrating). */
export function useSiteSettings(): SiteSettings | undefined {
  return useAppQuery({ queryKey: SITE_KEY, queryFn: () => apiFetch<SiteSettings>('/site'), staleTime: 5 * 60_000 }).data;
}

export type SiteKey = 'NAME' | 'EMAIL' | 'PHONE' | 'PHONE_TEL' | 'ADDRESS' | 'CREDIT' | 'X' | 'FACEBOOK' | 'YOUTUBE' | 'INSTAGRAM';
/** Keys of blocks: a value's key, a group's, or one logo slot's (`LOGO1`…). */
export type SiteBlock = SiteKey | 'CONTACT' | 'SOCIAL' | 'LOGOS' | `LOGO${number}`;

/** Digits and a leading + of a phone number, for `tel:` (the server makes `PHONE_TEL` alike). */
export const telOf = (phone: string) => phone.replace(/[^\d+]/g, '');

/** What a page shows of the settings in the interface's language. */
export interface SiteView {
  template: boolean;
  /** A setting's text, null when unset; its marker in a template. */
  value: (key: SiteKey) => string | null;
  /** Whether a block shows (always, in a template: the server decides). */
  shows: (block: SiteBlock) => boolean;
  /** The logos with their slot number (1…); in a template every slot, as markers. */
  logos: Array<{ slot: number; url: string; alt: string }>;
}

export function siteView(settings: SiteSettings | undefined, lang: 'ar' | 'en', template: boolean): SiteView {
  if (template) {
    return {
      template,
      value: (key) => `@@SITE:${key}@@`,
      shows: () => true,
      logos: Array.from({ length: LOGO_SLOTS }, (_, i) => ({ slot: i + 1, url: `@@SITE:LOGO${i + 1}_URL@@`, alt: `@@SITE:LOGO${i + 1}_ALT@@` })),
    };
  }
  const s = settings;
  const en = lang === 'en';
  const value = (key: SiteKey): string | null => {
    if (!s) return null;
    switch (key) {
      case 'NAME':
        return en ? s.society_name_en : s.society_name_ar;
      case 'EMAIL':
        return s.contact_email;
      case 'PHONE':
        return s.contact_phone;
      case 'PHONE_TEL':
        return s.contact_phone ? telOf(s.contact_phone) : null;
      case 'ADDRESS':
        return en ? s.address_en : s.address_ar;
      case 'CREDIT':
        return en ? s.credit_en : s.credit_ar;
      default:
        return s[SOCIAL.find(([k]) => k === key)![1]];
    }
  };
  const logos = (s?.logos ?? []).slice(0, LOGO_SLOTS).map((l, i) => ({ slot: i + 1, url: l.url, alt: en ? l.alt_en : l.alt_ar }));
  const shows = (block: SiteBlock): boolean => {
    if (block === 'CONTACT') return !!(value('EMAIL') || value('PHONE') || value('ADDRESS'));
    if (block === 'SOCIAL') return SOCIAL.some(([k]) => !!value(k));
    if (block === 'LOGOS') return logos.length > 0;
    if (/^LOGO\d+$/.test(block)) return Number(block.slice(4)) <= logos.length;
    return !!value(block as SiteKey);
  };
  return { template, value, shows, logos };
}

/** The settings as the page shows them, in the language of its texts. */
export function useSite(): SiteView {
  const template = useContext(SiteTemplate);
  const settings = useSiteSettings();
  const { i18n } = useTranslation();
  return siteView(settings, i18n.language === 'en' ? 'en' : 'ar', template);
}

/** A setting's text, or `fallback` when unset (in a template, both, for the server to choose). */
export function siteText(site: SiteView, key: SiteKey, fallback: string): string {
  if (site.template) return `@@IF:${key}@@@@SITE:${key}@@@@END:${key}@@@@NOT:${key}@@${fallback}@@END:${key}@@`;
  return site.value(key) ?? fallback;
}

/** `children` only when `block` shows (`unset`: only when it does not). */
export function SiteIf({ site, block, unset = false, children }: { site: SiteView; block: SiteBlock; unset?: boolean; children: ReactNode }) {
  if (site.template) {
    const open = `@@${unset ? 'NOT' : 'IF'}:${block}@@`;
    return (
      <>
        {open}
        {children}
        {`@@END:${block}@@`}
      </>
    );
  }
  return site.shows(block) !== unset ? <>{children}</> : null;
}
