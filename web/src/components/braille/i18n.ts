/** The shared Braille pieces' texts (namespace `brailleCells`, files in `locales/`), registered when this module loads. */
import { useTranslation } from 'react-i18next';
import i18n, { langOf, registerTexts } from '@/lib/i18n';
import type { Lang } from '@/lib/storage';
import ar from './locales/ar';
import en from './locales/en';

export type UiLang = Lang;

export const NS = 'brailleCells';
registerTexts(NS, en, ar);

export const useBrailleT = () => useTranslation(NS);

/** The texts in a given language, for code outside React (cell names). */
export const brailleT = (ui: UiLang) => i18n.getFixedT(ui, NS);

export function useUiLang(): UiLang {
  return langOf(useTranslation().i18n.language);
}
