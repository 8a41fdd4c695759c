/** The contact feature's texts (namespace `contact`), registered when the feature's code loads. */
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const CONTACT_NS = 'contact';
registerTexts(CONTACT_NS, en, ar);
