/** The Braille translator's texts (namespace `translator`), registered when the feature's code loads. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'translator';
registerTexts(NS, en, ar);

export const useTranslatorT = () => useTranslation(NS);
export type TranslatorT = TFunction<typeof NS>;
