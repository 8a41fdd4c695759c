import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** How long a route change may take before the loading state shows, so quick ones do not flicker or chatter. */
export const LOADING_DELAY_MS = 300;

/**
 * The loading state while a lazy route's chunk arrives: a visible notice in a polite live region
 * that is always in the page (so the one announcement is heard) and empty otherwise. Focus is not
 * touched; RouteFocus moves it to the new page's h1 once the page has rendered.
 */
export function RouteLoading({ initial = false }: { initial?: boolean }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'loading' || initial;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const id = window.setTimeout(() => setShown(true), initial ? 0 : LOADING_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [busy, initial]);
  return (
    <div className="route-loading" role="status" aria-live="polite">
      {shown && busy ? <span className="route-loading-text">{t('common.loadingPage')}</span> : null}
    </div>
  );
}
