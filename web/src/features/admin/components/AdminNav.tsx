import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ADMIN_NS } from '../i18n';
import { useUnreadMessages } from '../api/queries';

const ITEMS = [
  { to: '/admin', key: 'overview', end: true },
  { to: '/admin/users', key: 'users' },
  { to: '/admin/invite', key: 'invite' },
  { to: '/admin/courses', key: 'courses' },
  { to: '/admin/certificates', key: 'certificates' },
  { to: '/admin/news', key: 'news' },
  { to: '/admin/messages', key: 'messages', badge: true },
  { to: '/admin/audit', key: 'audit' },
  { to: '/admin/site-settings', key: 'siteSettings' },
] as const;

/** The admin site's own menu; "Contact messages" carries the live unread count. */
export function AdminNav() {
  const { t } = useTranslation(ADMIN_NS);
  const unread = useUnreadMessages();
  return (
    <nav className="admin-nav" aria-label={t('siteNav')}>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={'end' in item ? item.end : false}>
              {t(`nav.${item.key}`)}
              {'badge' in item && unread > 0 ? (
                <>
                  {' '}
                  <span className="badge" data-testid="admin-unread-badge">
                    <span aria-hidden="true">{unread}</span>
                    <span className="visually-hidden">({t('unread', { count: unread })})</span>
                  </span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
