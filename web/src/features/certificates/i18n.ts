/** The certificates feature's texts (namespace `certificates`), registered when the feature's code loads. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import i18n, { registerTexts } from '@/lib/i18n';
import ar from './locales/ar';
import en from './locales/en';

export const NS = 'certificates';
registerTexts(NS, en, ar);

export const useCertificatesT = () => useTranslation(NS);
export type CertificatesT = TFunction<typeof NS>;
/** The texts in a given language, for code outside React. */
export const certificatesT = (lang: string): CertificatesT => i18n.getFixedT(lang === 'en' ? 'en' : 'ar', NS);

/** Wraps a name or title in FSI … PDI so it keeps its own direction inside a sentence. */
export function isolate(s: string): string {
  return s ? `\u2068${s}\u2069` : s;
}

/** The grade band's name; an unknown key as it is. */
export function gradeLabel(t: CertificatesT, grade: string | null | undefined): string {
  return grade ? t(`grades.${grade as keyof (typeof en)['grades']}`, { defaultValue: grade }) : '';
}
