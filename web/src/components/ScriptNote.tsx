import { useTranslation } from 'react-i18next';

/**
 * Says that a form needs JavaScript, to a visitor without it (prerendered pages are read
 * without JavaScript). React never renders a noscript's children in the browser, so hydration
 * is not affected.
 */
export function ScriptNote() {
  const { t } = useTranslation();
  return (
    <noscript>
      <p className="script-note">{t('common.needsScript')}</p>
    </noscript>
  );
}
