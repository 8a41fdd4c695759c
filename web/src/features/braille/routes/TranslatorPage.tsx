import { KeyboardModeSetting } from '@/components/braille/KeyboardModeSetting';
import { Page } from '@/components/Page';
import { Translator } from '../components/Translator';
import { useTranslatorT } from '../i18n';
import { ScriptNote } from '@/components/ScriptNote';

/**
 * /braille-translator, /student/braille-translator and /instructor/braille-translator. The
 * keyboard's mode (chord or latch) is offered here too: visitors have no settings page.
 */
export function TranslatorPage() {
  const { t } = useTranslatorT();
  return (
    <Page title={t('title')}>
      <ScriptNote />
      <Translator />
      <KeyboardModeSetting />
    </Page>
  );
}
