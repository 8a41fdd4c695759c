import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SelectField, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { useDownload } from '@/lib/download';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import { USER_TYPES, usersCsv, type UserFilters } from '../api/admin';
import { useBulkChangeUsers, useUsers } from '../api/queries';
import { AdminResults } from '../components/AdminResults';
import { FilterForm } from '../components/Filters';
import { SortHeader } from '../components/SortHeader';
import { ADMIN_NS } from '../i18n';
import { nextSort, parseSort, sortValue, toggleAll, toggleId } from '../lib/sort';

const SORTABLE = ['name', 'email', 'type', 'created_at'];
const DEFAULT_SORT = { key: 'created_at', dir: 'desc' } as const;

/** `/admin/users`: search, filters, sortable columns, pages, and bulk actions on a selection. */
export function UsersPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'), SORTABLE, DEFAULT_SORT);
  const filters: UserFilters = {
    q: params.get('q') ?? '',
    type: params.get('type') ?? '',
    active: params.get('active') ?? '',
    activated: params.get('activated') ?? '',
    sort: sortValue(sort),
    page: pageParam(params),
  };
  const key = JSON.stringify(filters);
  const users = useUsers(filters);
  const data = users.data;
  const error = loadErrorText(users.error, t('loadError'));
  const [draft, setDraft] = useState({ q: filters.q ?? '', type: filters.type ?? '', active: filters.active ?? '', activated: filters.activated ?? '' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [status, setStatus] = useState('');
  const csvDownload = useDownload(t('loadError'));
  const [confirming, setConfirming] = useState(false);
  const bulkChange = useBulkChangeUsers(t('sendError'));

  function apply() {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(draft)) if (v.trim()) next.set(k, v.trim());
    if (params.get('sort')) next.set('sort', params.get('sort')!);
    setParams(next);
  }

  function clear() {
    setDraft({ q: '', type: '', active: '', activated: '' });
    setParams(new URLSearchParams());
  }

  function onSort(column: string) {
    const next = new URLSearchParams(params);
    next.set('sort', sortValue(nextSort(sort, column)));
    next.delete('page');
    setParams(next);
  }

  function bulk(active: boolean) {
    setStatus('');
    csvDownload.reset();
    bulkChange.mutate(
      { ids: [...selected], active },
      {
        onSuccess: (res) => {
          const refused = res.refused.map((r) => r.message).join(' ');
          setStatus(`${t('users.bulkDone', { updated: res.updated.length, refused: res.refused.length })}${refused ? ` ${refused}` : ''}`);
          setSelected(new Set(res.refused.map((r) => r.id)));
        },
        onSettled: () => setConfirming(false),
      },
    );
  }

  // A download, not a change: its failure shares the alert with the bulk actions'.
  function exportCsv(ids?: number[]) {
    bulkChange.reset();
    const which = ids ? { ids: ids.join(',') } : { q: filters.q, type: filters.type, active: filters.active, activated: filters.activated };
    csvDownload.mutate({ request: () => usersCsv(which), file: 'lamsa-users.csv' });
  }

  const yesNo = [
    { value: 'true', label: t('yes') },
    { value: 'false', label: t('no') },
  ];
  const pageIds = data?.items.map((u) => u.id) ?? [];
  const allOn = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const sortedText = sort.dir === 'asc' ? t('users.caption', { sorted: `${columnName(sort.key)}, ${t('sortedAsc')}` }) : t('users.caption', { sorted: `${columnName(sort.key)}, ${t('sortedDesc')}` });

  function columnName(k: string) {
    return k === 'name' ? t('users.name') : k === 'email' ? t('users.email') : k === 'type' ? t('users.type') : t('users.joined');
  }

  return (
    <Page title={t('users.title')} docTitle={`${t('users.title')} — ${t('site')}`}>
      <FilterForm
        onApply={apply}
        actions={
          <button type="button" className="btn btn-secondary" onClick={clear}>
            {t('clear')}
          </button>
        }
      >
        <TextField idPrefix="uf" name="q" label={t('users.q')} value={draft.q} onChange={(v) => setDraft({ ...draft, q: v })} />
        <SelectField
          idPrefix="uf"
          name="type"
          label={t('users.type')}
          value={draft.type}
          onChange={(v) => setDraft({ ...draft, type: v })}
          options={[{ value: '', label: t('all') }, ...USER_TYPES.map((u) => ({ value: u, label: t(`types.${u}`) }))]}
        />
        <SelectField
          idPrefix="uf"
          name="active"
          label={t('users.active')}
          value={draft.active}
          onChange={(v) => setDraft({ ...draft, active: v })}
          options={[
            { value: '', label: t('all') },
            { value: 'true', label: t('users.activeYes') },
            { value: 'false', label: t('users.activeNo') },
          ]}
        />
        <SelectField
          idPrefix="uf"
          name="activated"
          label={t('users.activated')}
          value={draft.activated}
          onChange={(v) => setDraft({ ...draft, activated: v })}
          options={[{ value: '', label: t('all') }, ...yesNo.map((o) => ({ ...o, label: o.value === 'true' ? t('users.activatedYes') : t('users.activatedNo') }))]}
        />
      </FilterForm>
      <AdminResults
        data={data}
        error={error}
        actionError={csvDownload.errorText || bulkChange.errorText}
        status={status}
        before={
          <fieldset className="admin-bulk">
            <legend>{t('users.bulk')}</legend>
            <span aria-live="polite">{t('users.selected', { count: selected.size })}</span>
            <button type="button" className="btn btn-secondary admin-danger" aria-disabled={selected.size === 0 || bulkChange.pending || undefined} onClick={() => selected.size && setConfirming(true)}>
              {t('users.deactivate')}
            </button>
            <button type="button" className="btn btn-secondary" aria-disabled={selected.size === 0 || bulkChange.pending || undefined} onClick={() => selected.size && bulk(true)}>
              {t('users.reactivate')}
            </button>
            <button type="button" className="btn btn-secondary" aria-disabled={selected.size === 0 || undefined} onClick={() => selected.size && exportCsv([...selected])}>
              {t('users.exportSelected')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => exportCsv()}>
              {t('users.exportAll')}
            </button>
          </fieldset>
        }
        caption={sortedText}
        captionId="users-caption"
        focusKey={key}
        testId="users-table"
        columns={[
          <th key="all" scope="col">
            <input type="checkbox" aria-label={t('users.selectAll')} checked={allOn} onChange={() => setSelected(toggleAll(selected, pageIds))} />
          </th>,
          <SortHeader key="name" label={t('users.name')} column="name" sort={sort} onSort={onSort} />,
          <SortHeader key="email" label={t('users.email')} column="email" sort={sort} onSort={onSort} />,
          <SortHeader key="type" label={t('users.type')} column="type" sort={sort} onSort={onSort} />,
          t('users.state'),
          <SortHeader key="created_at" label={t('users.joined')} column="created_at" sort={sort} onSort={onSort} />,
        ]}
      >
        {(u) => (
          <tr key={u.id}>
            <td>
              <input type="checkbox" aria-label={t('users.select', { name: u.name })} checked={selected.has(u.id)} onChange={() => setSelected(toggleId(selected, u.id))} />
            </td>
            <th scope="row">
              <Link to={`/admin/users/${u.id}`}>
                <bdi>{u.name}</bdi>
              </Link>
            </th>
            <td dir="ltr">{u.email}</td>
            <td>{t(`types.${u.type}`)}</td>
            <td>
              {u.active ? t('users.activeYes') : t('users.activeNo')}, {u.activated ? t('users.activatedYes') : t('users.activatedNo')}
            </td>
            <td>
              <time dateTime={u.created_at}>{formatDateTime(u.created_at, i18n.language)}</time>
            </td>
          </tr>
        )}
      </AdminResults>
      <ConfirmDialog
        open={confirming}
        title={t('users.confirmBulkDeactivate', { count: selected.size })}
        confirmLabel={t('users.deactivate')}
        cancelLabel={t('cancel')}
        busy={bulkChange.pending}
        onConfirm={() => bulk(false)}
        onClose={() => setConfirming(false)}
      >
        <p>{t('users.confirmBulkBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
