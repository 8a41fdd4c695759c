/**
 * The Braille instruction pages' texts (namespace `instructions`), registered when their chunk
 * loads: they are most of the public pages' words, and the home page (in the entry) needs none.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const INSTRUCTIONS_NS = 'instructions';
registerTexts(INSTRUCTIONS_NS, en, ar);

export const useInstructionsT = () => useTranslation(INSTRUCTIONS_NS);
export type InstructionsT = TFunction<typeof INSTRUCTIONS_NS>;
