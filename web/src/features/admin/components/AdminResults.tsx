import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/components/LoadState';
import { type Paged } from '../api/admin';
import { ADMIN_NS } from '../i18n';
import { AdminTable } from './AdminTable';
import { ListPager } from './ListPager';
import { useFocusOnChange } from './useFocusOnChange';

interface AdminResultsProps<T> {
  /** The page of results; undefined until the first answer. */
  data: Paged<T> | undefined;
  /** The list's load error: while there is neither it nor data, "Loading…" shows. */
  error: string;
  /** An action's error, shown in the same alert when the list itself loaded. */
  actionError?: string;
  /** An action's outcome. Left out, the page has no status region at all (not an empty one). */
  status?: string;
  /** Above the count once data is there (the users' bulk actions). */
  before?: ReactNode;
  /** The results line; by default "Results: N", null for none. */
  summary?: ReactNode;
  caption: ReactNode;
  captionId?: string;
  /** Given (with captionId), focus moves to the caption when it changes: a new page, new filters. */
  focusKey?: string;
  columns: ReactNode[];
  testId?: string;
  /** One row (`<tr key=…>`) per item. */
  children: (item: T) => ReactNode;
}

/**
 * An admin list below its filters: the alerts, "Loading…", the count, "nothing matches" or the
 * table, and the pager. Every list page renders this same shape, so screen-reader users meet
 * the same landmarks and announcements everywhere.
 */
export function AdminResults<T>({ data, error, actionError, status, before, summary, caption, captionId, focusKey, columns, testId, children }: AdminResultsProps<T>) {
  const { t } = useTranslation(ADMIN_NS);
  useFocusOnChange(focusKey, captionId ?? '', !!data && focusKey !== undefined && !!captionId);
  return (
    <>
      <LoadState loading={!data} loadError={error} actionError={actionError} status={status} loadingText={t('loading')} />
      {data ? (
        <>
          {before}
          {summary === null ? null : <p>{summary ?? t('results', { count: data.total })}</p>}
          {data.items.length === 0 ? (
            <p>{t('noResults')}</p>
          ) : (
            <AdminTable caption={caption} captionId={captionId} columns={columns} testId={testId}>
              {data.items.map((item) => children(item))}
            </AdminTable>
          )}
          <ListPager data={data} />
        </>
      ) : null}
    </>
  );
}
