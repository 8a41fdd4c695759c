import { useTranslation } from 'react-i18next';

/** Picks the Arabic or English variant of a page's content. */
export function usePick() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return <T,>(ar: T, enValue: T): T => (en ? enValue : ar);
}
