/** The live feature's texts (namespace `live`), registered when the feature's code loads. */
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'live';
registerTexts(NS, en, ar);

export const useLiveT = () => useTranslation(NS);
