import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import { NEWS_STATES, type NewsAdmin } from '../api/admin';
import { useDeleteNews, useNewsList } from '../api/queries';
import { AdminResults } from '../components/AdminResults';
import { SelectFilter } from '../components/Filters';
import { RowAction } from '../components/RowAction';
import { ADMIN_NS } from '../i18n';

/** `/admin/news`: every item in every state, newest edited first; write, edit, delete. */
export function NewsListPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const [params] = useSearchParams();
  const filters = { state: params.get('state') ?? '', page: pageParam(params) };
  const news = useNewsList(filters);
  const data = news.data;
  const error = loadErrorText(news.error, t('loadError'));
  const [target, setTarget] = useState<NewsAdmin | null>(null);
  const removal = useDeleteNews(t('sendError'));
  const [status, setStatus] = useState('');
  const lang = i18n.language;
  const titleOf = (n: NewsAdmin) => (lang === 'en' ? n.title_en : n.title_ar);

  function remove() {
    if (!target) return;
    removal.mutate(target.id, { onSuccess: (res) => setStatus(res.message), onSettled: () => setTarget(null) });
  }

  return (
    <Page title={t('news.title')} docTitle={`${t('news.title')} — ${t('site')}`}>
      <p>
        <Link className="btn btn-primary" to="/admin/news/new">
          {t('news.create')}
        </Link>
      </p>
      <SelectFilter id="nf-state" name="state" label={t('news.state')} value={filters.state} options={NEWS_STATES.map((s) => ({ value: s, label: t(`news.states.${s}`) }))} />
      <AdminResults
        data={data}
        error={error}
        actionError={removal.errorText}
        status={status}
        summary={null}
        caption={t('news.caption')}
        captionId="news-caption"
        columns={[t('news.itemTitle'), t('news.state'), t('news.publishedAt'), t('news.updated'), t('user.actions')]}
      >
        {(n) => (
          <tr key={n.id}>
            <th scope="row">
              <Link to={`/admin/news/${n.id}`}>
                <bdi>{titleOf(n)}</bdi>
              </Link>
            </th>
            <td>{t(`news.states.${n.state}`)}</td>
            <td>{n.published_at ? formatDateTime(n.published_at, lang) : '—'}</td>
            <td>{formatDateTime(n.updated_at, lang)}</td>
            <td>
              <span className="actions">
                {n.state !== 'draft' ? (
                  <a href={`/news/${encodeURIComponent(n.slug)}`} target="_blank" rel="noopener noreferrer">
                    {t('news.view')} <span className="visually-hidden">{`\u2068${titleOf(n)}\u2069`} {t('newTab')}</span>
                  </a>
                ) : null}
                <RowAction label={t('news.deleteAction')} record={titleOf(n)} danger onClick={() => setTarget(n)} />
              </span>
            </td>
          </tr>
        )}
      </AdminResults>
      <ConfirmDialog
        open={!!target}
        title={t('news.confirmDelete', { title: `\u2068${target ? titleOf(target) : ''}\u2069` })}
        confirmLabel={t('news.deleteAction')}
        cancelLabel={t('cancel')}
        busy={removal.pending}
        onConfirm={() => void remove()}
        onClose={() => setTarget(null)}
        fallbackFocusId="page-title"
      >
        <p>{t('news.confirmDeleteBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
