/**
 * The contractions of a code's grade 2 (`GET /api/braille/contractions?lang=`), straight from
 * the engine, in its teaching order; loaded once per code. Shared by the course builder's
 * contraction picker and the instructions page on contractions.
 */
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { queryClient, useAppQuery } from '@/lib/query';
import type { Code } from './cells';
import type en from './locales/en';

/** A contraction's class (UEB rulebook §10, or the Arabic code's rule). */
export type ContractionKind = keyof (typeof en)['contractionKind'];

/** A contraction as `GET /api/braille/contractions` sends it; its kind is one this client names. */
export type Contraction = Omit<Schema<'ContractionRow'>, 'kind'> & { kind: ContractionKind };

export type ContractionList = Omit<Schema<'ContractionsResponse'>, 'contractions'> & { contractions: Contraction[] };

const contractionsQuery = (code: Code) => ({
  queryKey: ['braille-contractions', code] as const,
  queryFn: () => apiFetch<ContractionList>(`braille/contractions?lang=${code}`),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function loadContractions(code: Code): Promise<ContractionList> {
  return queryClient.fetchQuery(contractionsQuery(code));
}

/** Only for tests: forget loaded lists. */
export function __clearContractionsCache(): void {
  queryClient.removeQueries({ queryKey: ['braille-contractions'] });
}

/** The contractions of `code` (null until loaded; `error` when they could not be loaded). */
export function useContractions(code: Code): { list: Contraction[] | null; error: boolean } {
  const { data, isError } = useAppQuery(contractionsQuery(code));
  return { list: data?.contractions ?? null, error: isError };
}

export interface KindGroup {
  kind: ContractionKind;
  items: Contraction[];
}

/** The list grouped by kind, the groups in the order their first contraction comes. */
export function groupByKind(list: readonly Contraction[]): KindGroup[] {
  const groups = new Map<ContractionKind, Contraction[]>();
  for (const c of list) {
    const g = groups.get(c.kind);
    if (g) g.push(c);
    else groups.set(c.kind, [c]);
  }
  return [...groups].map(([kind, items]) => ({ kind, items }));
}

/** Contractions whose print or dots contain `query` (dots typed as digits: "2346"). */
export function filterContractions(list: readonly Contraction[], query: string): Contraction[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  const digits = /^[1-6][1-6\s-]*$/.test(q) ? q.replace(/[\s-]/g, '') : null;
  return list.filter((c) => c.print.toLowerCase().includes(q) || (digits !== null && c.cells.some((x) => x.dots.join('') === digits)));
}
