/** The about pages' texts (namespace `about`), registered when their chunk loads, not in the entry. */
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const ABOUT_NS = 'about';
registerTexts(ABOUT_NS, en, ar);

export const useAboutT = () => useTranslation(ABOUT_NS);
