import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './locales/ar';
import en from './locales/en';
import { readLang, writeLang, type Lang } from './storage';

void i18n.use(initReactI18next).init({
  resources: { ar: { translation: ar }, en: { translation: en } },
  lng: readLang(),
  fallbackLng: 'ar',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Sets `<html lang dir>`, remembers the choice under `app-lang` and switches the texts. */
export function applyLanguage(lang: Lang): void {
  writeLang(lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  // index.html carries the description in both languages (data-ar, data-en).
  const description = document.querySelector('meta[name="description"]');
  const text = description?.getAttribute(`data-${lang}`);
  if (description && text) description.setAttribute('content', text);
  void i18n.changeLanguage(lang);
}

export default i18n;
