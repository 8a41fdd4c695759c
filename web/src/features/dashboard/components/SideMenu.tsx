import { useDashboardT } from '../i18n';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { logout } from '@/lib/api-client';
import { useUnansweredCount } from '../api/questions';
import { menuFor, menuType } from '../menus';

/**
 * The dashboard's side menu, chosen by the stored type. `unreadMessages` (the supervisor's unread
 * contact messages, from the admin site's cache) is shown on the "Admin panel" item when above 0.
 */
export function SideMenu({ storedType, id, unreadMessages = 0 }: { storedType: string; id?: string; unreadMessages?: number }) {
  const { t: tc } = useTranslation();
  const { t } = useDashboardT();
  const type = menuType(storedType);
  const count = useUnansweredCount(type === 'instructor');
  return (
    <nav className="side-menu" aria-label={tc('dashboard.sideMenu')} id={id}>
      <ul>
        {menuFor(storedType).map((item) => (
          <li key={item.to}>
            {item.external ? (
              <a href={item.to} target="_blank" rel="noopener noreferrer">
                {t(`labels.${item.label}`)} <span className="visually-hidden">{tc('common.newTab')}</span>
                {item.label === 'adminPanel' && unreadMessages > 0 ? (
                  <span className="badge" data-testid="contact-badge">
                    <span aria-hidden="true">{unreadMessages}</span>
                    <span className="visually-hidden">({tc('dashboard.unreadContact', { count: unreadMessages })})</span>
                  </span>
                ) : null}
                <span aria-hidden="true" className="ext-mark">
                  ↗
                </span>
              </a>
            ) : (
              <NavLink to={item.to} end={item.end}>
                {t(`labels.${item.label}`)}
                {item.badge && count > 0 ? (
                  <>
                    {' '}
                    <span className="badge" data-testid="questions-badge">
                      <span aria-hidden="true">{count}</span>
                      <span className="visually-hidden">({tc('dashboard.unanswered', { count })})</span>
                    </span>
                  </>
                ) : null}
              </NavLink>
            )}
          </li>
        ))}
        <li>
          <button type="button" className="menu-logout" onClick={() => void logout()}>
            {tc('dashboard.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
