/** The practice feature's texts (namespace `practice`), registered when the feature's code loads. */
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'practice';
registerTexts(NS, en, ar);

export const usePracticeT = () => useTranslation(NS);
