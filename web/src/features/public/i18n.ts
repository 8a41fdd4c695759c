/** The public pages' texts (namespace `public`), registered when the feature's code loads. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'public';
registerTexts(NS, en, ar);

export const usePublicT = () => useTranslation(NS);
export type PublicT = TFunction<typeof NS>;
