/** The admin site's routes (issue 15): one lazy layout, one lazy module per page. */
import type { RouteObject } from 'react-router';

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({ Component: (await load())[name] as React.ComponentType });

export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: () => import('../layouts/AdminLayout'),
  children: [
    { index: true, lazy: page(() => import('@/features/admin/routes/OverviewPage'), 'OverviewPage') },
    { path: 'users', lazy: page(() => import('@/features/admin/routes/UsersPage'), 'UsersPage') },
    { path: 'users/:id', lazy: page(() => import('@/features/admin/routes/UserPage'), 'UserPage') },
    { path: 'invite', lazy: page(() => import('@/features/admin/routes/InvitePage'), 'InvitePage') },
    { path: 'courses', lazy: page(() => import('@/features/admin/routes/CoursesPage'), 'CoursesPage') },
    { path: 'certificates', lazy: page(() => import('@/features/admin/routes/CertificatesPage'), 'CertificatesPage') },
    { path: 'news', lazy: page(() => import('@/features/admin/routes/NewsListPage'), 'NewsListPage') },
    { path: 'news/new', lazy: page(() => import('@/features/admin/routes/NewsEditorPage'), 'NewsEditorPage') },
    { path: 'news/:id', lazy: page(() => import('@/features/admin/routes/NewsEditorPage'), 'NewsEditorPage') },
    { path: 'messages', lazy: page(() => import('@/features/admin/routes/MessagesPage'), 'MessagesPage') },
    { path: 'messages/:id', lazy: page(() => import('@/features/admin/routes/MessagePage'), 'MessagePage') },
    { path: 'audit', lazy: page(() => import('@/features/admin/routes/AuditPage'), 'AuditPage') },
    { path: 'site-settings', lazy: page(() => import('@/features/admin/routes/SiteSettingsPage'), 'SiteSettingsPage') },
    { path: '*', lazy: page(() => import('@/features/public/routes/SimplePages'), 'NotFoundPage') },
  ],
};
