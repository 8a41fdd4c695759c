/** The dashboard feature's texts (namespace `dashboard`), registered when the feature's code loads. */
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'dashboard';
registerTexts(NS, en, ar);

export const useDashboardT = () => useTranslation(NS);
export const useHelpT = () => useTranslation(NS, { keyPrefix: 'help' });
