import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import { MESSAGE_STATUSES } from '../api/admin';
import { useMessages } from '../api/queries';
import { AdminResults } from '../components/AdminResults';
import { SelectFilter } from '../components/Filters';
import { ADMIN_NS } from '../i18n';

/** `/admin/messages`: visitors' messages by status, newest first; a new one appears as it arrives. */
export function MessagesPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const [params] = useSearchParams();
  const filters = { status: params.get('status') ?? '', page: pageParam(params) };
  // Read again when a message arrives or one is read or handled anywhere (api/queries.ts).
  const messages = useMessages(filters);
  const data = messages.data;
  const error = loadErrorText(messages.error, t('loadError'));

  return (
    <Page title={t('messages.title')} docTitle={`${t('messages.title')} — ${t('site')}`}>
      <SelectFilter id="mf-status" name="status" label={t('messages.status')} value={filters.status} options={MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`messages.statuses.${s}`) }))} />
      <AdminResults
        data={data}
        error={error}
        summary={
          data ? (
            <>
              {t('results', { count: data.total })} · {t('unread', { count: data.unread })}
            </>
          ) : undefined
        }
        caption={t('messages.caption')}
        columns={[t('messages.subject'), t('messages.from'), t('messages.status'), t('messages.received')]}
        testId="messages-table"
      >
        {(m) => (
          <tr key={m.id}>
            <th scope="row">
              <Link to={`/admin/messages/${m.id}`}>
                {!m.read ? <strong>{t('messages.unreadMark')}: </strong> : null}
                <bdi>{m.subject}</bdi>
              </Link>
            </th>
            <td>
              <bdi>{m.name}</bdi> <span dir="ltr">&lt;{m.email}&gt;</span>
            </td>
            <td>{t(`messages.statuses.${m.status}`)}</td>
            <td>{formatDateTime(m.created_at, i18n.language)}</td>
          </tr>
        )}
      </AdminResults>
    </Page>
  );
}
