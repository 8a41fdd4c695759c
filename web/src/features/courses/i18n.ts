/** The courses feature's texts (namespace `courses`), registered when the feature's code loads. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import i18n, { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'courses';
registerTexts(NS, en, ar);

export const useCoursesT = () => useTranslation(NS);
export type CoursesT = TFunction<typeof NS>;
/** The texts in a given language, for code outside React. */
export const coursesT = (lang: string): CoursesT => i18n.getFixedT(lang === 'en' ? 'en' : 'ar', NS);

type Options = (typeof en)['options'];

/** "Contracted (grade 2)": a course's Braille grade (older servers send none: grade 1). */
export function gradeLabel(t: CoursesT, grade: number | undefined): string {
  return grade === 2 ? t('gradeName.g2') : t('gradeName.g1');
}

/** The label of a stored option value (type, category, level, language); unknown values as they are. */
export function optionLabel<G extends keyof Options>(t: CoursesT, group: G, value: string): string {
  // Stored values come from the server, so the key is only known at run time.
  const lookup = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return lookup(`options.${String(group)}.${value}`, { defaultValue: value });
}
