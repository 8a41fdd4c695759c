import '@/features/admin/admin.css';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LanguageToggle } from '@/components/LanguageToggle';
import { SkipLink } from '@/components/SkipLink';
import { AdminNav } from '@/features/admin/components/AdminNav';
import { MessageArrivals } from '@/features/admin/components/MessageArrivals';
import { ADMIN_NS } from '@/features/admin/i18n';
import { NotAllowedPage } from '@/features/admin/routes/NotAllowedPage';
import { menuType } from '@/features/dashboard/menus';
import { LiveConnection } from '@/features/live/components/LiveConnection';
import { logout } from '@/lib/api-client';
import { useTheme } from '@/lib/hooks';
import { sessionAtom } from '@/lib/state';

/**
 * The admin site (/admin, opened in its own tab from the supervisor menu): its own header and
 * menu, supervisors only. Signed out: the login page, which comes back here; another account
 * type: "Not allowed". It holds the tab's live socket, for the unread badge and new messages.
 */
export function Component() {
  const { t } = useTranslation(ADMIN_NS);
  const session = useAtomValue(sessionAtom);
  const { pathname, search } = useLocation();
  const [theme, setTheme] = useTheme();

  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  const supervisor = session.type === 'supervisor';

  return (
    <>
      <SkipLink />
      <header className="topbar admin-topbar">
        <div className="topbar-inner">
          <Link to={supervisor ? '/admin' : '/'} className="brand">
            <span className="brand-dots" aria-hidden="true" dir="ltr">
              ⠇⠍
            </span>
            <span>{t('site')}</span>
          </Link>
          <p className="who">{t('signedInAs', { name: session.name })}</p>
          <div className="topbar-actions">
            {supervisor ? (
              <>
                <Link to="/supervisor" className="admin-top-link">
                  {t('backToDashboard')}
                </Link>
                <Link to="/supervisor/settings" className="admin-top-link">
                  {t('accountSettings')}
                </Link>
              </>
            ) : null}
            <LanguageToggle />
            <button type="button" className="theme-toggle" aria-pressed={theme === 'dark'} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
              <span aria-hidden="true" className="theme-icon">
                {theme === 'dark' ? '☾' : '☀'}
              </span>
              {t('darkTheme')}
            </button>
            <button type="button" className="theme-toggle" onClick={() => void logout()}>
              {t('logout')}
            </button>
          </div>
        </div>
      </header>
      {supervisor ? (
        <div className="admin-body">
          <AdminNav />
          <main id="main" tabIndex={-1} className="admin-main">
            <MessageArrivals />
            <Outlet />
          </main>
          <LiveConnection key={session.userId} userId={session.userId} />
        </div>
      ) : (
        <main id="main" tabIndex={-1} className="admin-main">
          <NotAllowedPage home={`/${menuType(session.type)}`} />
        </main>
      )}
    </>
  );
}
