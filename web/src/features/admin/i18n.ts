/** The admin feature's texts (namespace `admin`), registered when the feature's code loads. */
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const ADMIN_NS = 'admin';
registerTexts(ADMIN_NS, en, ar);
