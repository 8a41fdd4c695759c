import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { loadErrorText } from '@/lib/query';
import { USER_TYPES } from '../api/admin';
import { useOverview } from '../api/queries';
import { AdminTable } from '../components/AdminTable';
import { WeeklyChart } from '../components/WeeklyChart';
import { ADMIN_NS } from '../i18n';

/** `/admin`: the society's figures at a glance and the weekly chart. */
export function OverviewPage() {
  const { t } = useTranslation(ADMIN_NS);
  // Kept current by live events (unread messages, requests made or decided): see api/queries.ts.
  const overview = useOverview();
  const data = overview.data;
  const error = loadErrorText(overview.error, t('loadError'));

  return (
    <Page title={t('overview.title')} docTitle={`${t('overview.title')} — ${t('site')}`}>
      <LoadState loading={!data} loadError={error} loadingText={t('loading')} />
      {data ? (
        <>
          <section aria-labelledby="users-heading">
            <h2 id="users-heading">{t('overview.users')}</h2>
            <AdminTable
              caption={t('overview.users')}
              captionClassName="visually-hidden"
              columns={[t('overview.type'), t('overview.active'), t('overview.inactive'), t('overview.notActivated')]}
            >
              {USER_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row">
                    <Link to={`/admin/users?type=${type}`}>{t(`typesPlural.${type}`)}</Link>
                  </th>
                  <td>{data.users[type]?.active ?? 0}</td>
                  <td>{data.users[type]?.inactive ?? 0}</td>
                  <td>{data.users[type]?.not_activated ?? 0}</td>
                </tr>
              ))}
            </AdminTable>
          </section>
          <section aria-labelledby="figures-heading">
            <h2 id="figures-heading">{t('overview.waiting')}</h2>
            <ul className="admin-counts">
              <Figure to="/admin/courses?status=active" label={t('courseStatus.active')} value={data.courses.active ?? 0} extra={t('overview.courses')} />
              <Figure to="/supervisor/accreditation" label={t('overview.accreditation')} value={data.pending.accreditation} />
              <Figure to="/supervisor/stop" label={t('overview.stop')} value={data.pending.stop} />
              <Figure to="/supervisor/certificate" label={t('overview.certificates')} value={data.pending.certificates} />
              <Figure to="/admin/messages?status=new" label={t('overview.unreadMessages')} value={data.contact_unread} testId="overview-unread" />
            </ul>
          </section>
          <section aria-labelledby="unset-heading" data-testid="overview-unset">
            <h2 id="unset-heading">{t('overview.unsetHeading')}</h2>
            {data.unset_settings.length ? (
              <>
                <p>{t('overview.unsetIntro')}</p>
                <ul>
                  {data.unset_settings.map((f) => (
                    <li key={f}>{t(`unsetFields.${f}`, { defaultValue: f })}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t('overview.allSet')}</p>
            )}
            <p>
              <Link to="/admin/site-settings">{t('overview.editSettings')}</Link>
            </p>
          </section>
          <WeeklyChart weeks={data.weeks} />
        </>
      ) : null}
    </Page>
  );
}

function Figure({ to, label, value, extra, testId }: { to: string; label: string; value: number; extra?: string; testId?: string }) {
  return (
    <li className="admin-count">
      <Link to={to} data-testid={testId}>
        <span className="admin-count-value">{value}</span> {extra ? `${extra}: ` : ''}
        {label}
      </Link>
    </li>
  );
}
