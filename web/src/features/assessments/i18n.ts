/** The assessments feature's texts (namespace `assessments`), registered when the feature's code loads. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import i18n, { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'assessments';
registerTexts(NS, en, ar);

export const useAssessmentsT = () => useTranslation(NS);
export type AssessmentsT = TFunction<typeof NS>;
/** The texts in a given language, for code outside React. */
export const assessmentsT = (lang: string): AssessmentsT => i18n.getFixedT(lang === 'en' ? 'en' : 'ar', NS);
