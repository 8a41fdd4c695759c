import { Page } from '@/components/Page';
import { Translator } from '../components/Translator';
import { useTranslatorTexts } from '../texts';

/** /braille-translator, /student/braille-translator and /instructor/braille-translator. */
export function TranslatorPage() {
  const t = useTranslatorTexts();
  return (
    <Page title={t.title}>
      <Translator />
    </Page>
  );
}
