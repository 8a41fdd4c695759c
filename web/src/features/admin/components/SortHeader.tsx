import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n';
import { ariaSort, type SortState } from '../lib/sort';

/**
 * A sortable column header (APG sortable table): a button inside the `th`, which carries
 * `aria-sort` only while it is the sorted column, so screen readers announce the order.
 */
export function SortHeader({ label, column, sort, onSort }: { label: string; column: string; sort: SortState; onSort: (column: string) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const state = ariaSort(sort, column);
  return (
    <th scope="col" aria-sort={state}>
      <button type="button" className="sort-button" onClick={() => onSort(column)} data-column={column}>
        {label}
        <span aria-hidden="true">{state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '◇'}</span>
        {!state ? <span className="visually-hidden">({t('sortBy', { column: label })})</span> : null}
      </button>
    </th>
  );
}
