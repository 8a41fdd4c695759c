import { Page } from '@/components/Page';
import { Translator } from '../components/Translator';
import { useTranslatorT } from '../i18n';

/** /braille-translator, /student/braille-translator and /instructor/braille-translator. */
export function TranslatorPage() {
  const { t } = useTranslatorT();
  return (
    <Page title={t('title')}>
      <Translator />
    </Page>
  );
}
