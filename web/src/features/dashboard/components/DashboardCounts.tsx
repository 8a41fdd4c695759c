import { formatCount } from '@/lib/format';
import { useDashboardT } from '../i18n';
import { Link } from 'react-router';
import { useDashboardCounts } from '../api/queries';
import type { MenuType } from '../menus';

/**
 * The role's figures at a glance (queue sizes, courses, students), refreshed when a live event
 * may have changed them (`api/queries.ts`). Each figure is a link to where it can be acted on, and
 * its name and number are read together ("3 accreditation requests waiting").
 */
export function DashboardCounts({ type }: { type: MenuType }) {
  const { t } = useDashboardT();
  const { data: counts, isError: failed } = useDashboardCounts(type);

  return (
    <section aria-labelledby="counts-heading" className="dash-counts">
      <h2 id="counts-heading">{t('counts.title')}</h2>
      {failed && !counts ? <p>{t('counts.failed')}</p> : null}
      {!counts && !failed ? <p>{t('counts.loading')}</p> : null}
      {counts ? (
        <ul className="dash-count-list">
          {counts.map((c) => (
            <li key={c.key} className="dash-count">
              <Link to={c.to}>
                <span className="dash-count-value" aria-hidden="true">
                  {formatCount(c.value)}
                </span>
                <span className="dash-count-label" aria-hidden="true">
                  {t(`counts.labels.${c.key}`)}
                </span>
                <span className="visually-hidden">{t('counts.spoken', { label: t(`counts.labels.${c.key}`), count: c.value })}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
