import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LanguageToggle } from '@/components/LanguageToggle';
import { StatusMessage } from '@/components/Alert';
import { SkipLink } from '@/components/SkipLink';
import { useUnreadMessages } from '@/features/admin/api/queries';
import { SideMenu } from '@/features/dashboard/components/SideMenu';
import { hidesSideMenu, menuType, type MenuType } from '@/features/dashboard/menus';
import { LiveConnection } from '@/features/live/components/LiveConnection';
import { NotificationCentre } from '@/features/live/components/NotificationCentre';
import { Toasts } from '@/features/live/components/Toasts';
import { useTheme } from '@/lib/hooks';
import { sessionAtom } from '@/lib/state';

/**
 * Dashboard area for /student, /instructor, /supervisor: sign-in required. While signed in it
 * holds the tab's one live socket (features/live), the notification centre in the top bar and
 * the toasts; features follow live events through `useLiveEvent` (src/lib/realtime).
 */
export function DashboardLayout({ area }: { area: MenuType }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const { pathname } = useLocation();
  const [theme, setTheme] = useTheme();
  const student = session ? menuType(session.type) === 'student' : false;
  useOfflineApp(student ? (session?.userId ?? '') : '');

  if (!session) return <Navigate to="/login" replace />;
  const type = menuType(session.type);
  // Each account uses its own area; another area's path leads to the user's own dashboard.
  if (type !== area) return <Navigate to={`/${type}`} replace />;
  const showMenu = !hidesSideMenu(pathname);

  return (
    <>
      <SkipLink />
      <header className="topbar">
        <div className="topbar-inner">
          <Link to="/" className="brand">
            <span className="brand-dots" aria-hidden="true" dir="ltr">
              ⠇⠍
            </span>
            <span>{t('dashboard.homeLink')}</span>
          </Link>
          <p className="who">
            <span className="who-name">{session.name}</span>
            <span className="who-type">{t(`dashboard.accountType.${type}`)}</span>
          </p>
          <div className="topbar-actions">
            <NotificationCentre storedType={session.type} userId={session.userId} />
            <LanguageToggle />
            <button type="button" className="theme-toggle" aria-pressed={theme === 'dark'} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
              <span aria-hidden="true" className="theme-icon">
                {theme === 'dark' ? '☾' : '☀'}
              </span>
              {t('dashboard.darkTheme')}
            </button>
          </div>
        </div>
      </header>
      <div className={`dash-body ${showMenu ? '' : 'no-menu'}`}>
        {showMenu ? <Menu storedType={session.type} /> : null}
        <main id="main" tabIndex={-1} className="dash-main">
          <AppUpdatedNotice />
          <Outlet />
        </main>
      </div>
      <Toasts storedType={session.type} />
      <LiveConnection key={session.userId} userId={session.userId} />
    </>
  );
}

/**
 * The installable app (issue 26): the service worker, and for a learner the practice answers
 * kept on this device sent now and whenever the connection comes back. Both load after the
 * page, in chunks of their own.
 */
function useOfflineApp(learnerId: string) {
  useEffect(() => {
    void import('@/lib/pwa').then((m) => m.registerServiceWorker());
  }, []);
  useEffect(() => {
    if (!learnerId) return;
    const sync = () => void import('@/features/practice/api/offline').then((m) => m.syncAnswers(learnerId)).catch(() => undefined);
    if (navigator.onLine) sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [learnerId]);
}

/** "Lamsa was updated", once, after the page reloaded onto a new version (lib/pwa.ts). */
function AppUpdatedNotice() {
  const { t } = useTranslation();
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    // Set after the region is on the page, so screen readers announce it.
    void import('@/lib/pwa').then((m) => setUpdated(m.takeAppUpdated()));
  }, []);
  return <StatusMessage>{updated ? t('dashboard.appUpdated') : null}</StatusMessage>;
}

/** The side menu; a supervisor's "Admin panel" item carries the live unread-messages count. */
function Menu({ storedType }: { storedType: string }) {
  const unread = useUnreadMessages(menuType(storedType) === 'supervisor');
  return <SideMenu storedType={storedType} unreadMessages={unread} />;
}
