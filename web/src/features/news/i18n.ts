/** The news feature's texts (namespace `news`), registered when the feature's code loads. */
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NEWS_NS = 'news';
registerTexts(NEWS_NS, en, ar);
