/** The engine's reference table of a code (`GET /api/braille/table?lang=`), loaded once per code. */
import { apiFetch } from '@/lib/api-client';
import { queryClient, useAppQuery } from '@/lib/query';
import type { BrailleTable, Code } from './cells';

// The tables change only with a new engine: kept for the life of the tab once loaded. A failed
// load is tried again next time (failures are not cached).
const tableQuery = (code: Code) => ({
  queryKey: ['braille-table', code] as const,
  queryFn: () => apiFetch<BrailleTable>(`braille/table?lang=${code}`),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function loadBrailleTable(code: Code): Promise<BrailleTable> {
  return queryClient.fetchQuery(tableQuery(code));
}

/** Only for tests: forget loaded tables. */
export function __clearTableCache(): void {
  queryClient.removeQueries({ queryKey: ['braille-table'] });
}

export interface TableState {
  table: BrailleTable | null;
  error: boolean;
}

/** The table of `code` (null until loaded; `error` when it could not be loaded). */
export function useBrailleTable(code: Code): TableState {
  const { data, isError } = useAppQuery(tableQuery(code));
  return { table: data ?? null, error: isError };
}
