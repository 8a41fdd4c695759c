import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageToggle } from '@/components/LanguageToggle';
import { SkipLink } from '@/components/SkipLink';

/** /login and /register: no header and no footer (spec §2), only a way home and the language. */
export function BareLayout() {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className="bare-main">
        <div className="bare-top">
          <Link to="/" className="brand-plain">
            {t('auth.backHome')}
          </Link>
          <LanguageToggle />
        </div>
        <Outlet />
      </main>
    </>
  );
}
