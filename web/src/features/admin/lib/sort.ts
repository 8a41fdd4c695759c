/**
 * Sorting of the admin tables, kept in the URL as the server's `sort` value: a column key,
 * with a leading "-" for descending (`-created_at`).
 */
export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

export function parseSort(value: string | null, allowed: string[], fallback: SortState): SortState {
  if (!value) return fallback;
  const desc = value.startsWith('-');
  const key = desc ? value.slice(1) : value;
  return allowed.includes(key) ? { key, dir: desc ? 'desc' : 'asc' } : fallback;
}

export function sortValue(s: SortState): string {
  return s.dir === 'desc' ? `-${s.key}` : s.key;
}

/** Activating a column's header: the same column flips direction; another column starts ascending. */
export function nextSort(current: SortState, key: string): SortState {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'asc' };
}

/** The header's aria-sort: only the sorted column carries one. */
export function ariaSort(current: SortState, key: string): 'ascending' | 'descending' | undefined {
  if (current.key !== key) return undefined;
  return current.dir === 'asc' ? 'ascending' : 'descending';
}

/** Selection of rows on a page: toggling one id, or all of the page's ids at once. */
export function toggleId(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function toggleAll(selected: ReadonlySet<number>, pageIds: number[]): Set<number> {
  const allOn = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const next = new Set(selected);
  for (const id of pageIds) {
    if (allOn) next.delete(id);
    else next.add(id);
  }
  return next;
}
