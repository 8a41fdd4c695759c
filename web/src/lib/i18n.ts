/**
 * The one text mechanism: i18next. The shell's texts are the `common` namespace (`locales/`);
 * each feature registers its own namespace from `features/<area>/locales/{ar,en}.ts` when its
 * module loads (`registerTexts` in the feature's `i18n.ts`), so the texts travel with the
 * feature's chunk. Keys are checked by TypeScript through `CustomTypeOptions` (`src/i18next.d.ts`).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './locales/ar';
import en from './locales/en';
import { readLang, writeLang, type Lang } from './storage';

void i18n.use(initReactI18next).init({
  resources: { ar: { common: ar }, en: { common: en } },
  ns: ['common'],
  defaultNS: 'common',
  lng: readLang(),
  fallbackLng: 'ar',
  interpolation: { escapeValue: false },
  returnNull: false,
});

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralBase<K> = K extends `${infer B}_${'one' | 'other'}` ? B : never;

/**
 * The Arabic file of a namespace: every key of the English file, except that a plural (English
 * `x_one`, `x_other`) is given either as Arabic's six forms (`x_zero`, `x_one`, `x_two`, `x_few`,
 * `x_many`, `x_other`) or, when the Arabic sentence does not change with the number, as plain `x`.
 * `i18n.test.ts` checks that each plural is given one way or the other.
 */
export type Translation<T> = {
  [K in keyof T as K extends `${string}_${'one' | 'other'}` ? never : K]: T[K] extends string ? string : Translation<T[K]>;
} & {
  [K in PluralBase<keyof T & string> as K | `${K}_${PluralForm}`]?: string;
};

/** Adds a feature's texts under `ns` in both languages; call at the top level of the feature's `i18n.ts`. */
export function registerTexts<T extends object>(ns: string, en: T, ar: Translation<T>): void {
  i18n.addResourceBundle('en', ns, en, true, true);
  i18n.addResourceBundle('ar', ns, ar, true, true);
}

/** The interface language of an i18next language code. */
export function langOf(language: string | undefined): Lang {
  return language === 'en' ? 'en' : 'ar';
}

/**
 * Sets `<html lang dir>`, remembers the choice under `app-lang` (and in the `app-lang` cookie,
 * which the server reads to send prerendered pages in this language) and switches the texts.
 */
export function applyLanguage(lang: Lang): void {
  writeLang(lang);
  document.cookie = `app-lang=${lang};path=/;max-age=31536000;samesite=lax`;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  // index.html carries the description in both languages (data-ar, data-en).
  const description = document.querySelector('meta[name="description"]');
  const text = description?.getAttribute(`data-${lang}`);
  if (description && text) description.setAttribute('content', text);
  void i18n.changeLanguage(lang);
}

export default i18n;
