/** The engine's reference table of a code (`GET /api/braille/table?lang=`), loaded once per code. */
import { useEffect, useState } from 'react';
import { apiFetch } from '@/lib/api-client';
import type { BrailleTable, Code } from './cells';

const cache = new Map<Code, Promise<BrailleTable>>();

export function loadBrailleTable(code: Code): Promise<BrailleTable> {
  let p = cache.get(code);
  if (!p) {
    p = apiFetch<BrailleTable>(`braille/table?lang=${code}`);
    cache.set(code, p);
    // A failed load is tried again next time.
    p.catch(() => cache.delete(code));
  }
  return p;
}

/** Only for tests: forget loaded tables. */
export function __clearTableCache(): void {
  cache.clear();
}

export interface TableState {
  table: BrailleTable | null;
  error: boolean;
}

/** The table of `code` (null until loaded; `error` when it could not be loaded). */
export function useBrailleTable(code: Code): TableState {
  const [state, setState] = useState<TableState & { code: Code | null }>({ code: null, table: null, error: false });
  useEffect(() => {
    let live = true;
    loadBrailleTable(code).then(
      (table) => live && setState({ code, table, error: false }),
      (e: unknown) => {
        console.error('braille table', e);
        if (live) setState({ code, table: null, error: true });
      },
    );
    return () => {
      live = false;
    };
  }, [code]);
  return state.code === code ? { table: state.table, error: state.error } : { table: null, error: false };
}
