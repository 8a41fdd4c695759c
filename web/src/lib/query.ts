/**
 * Server state: one TanStack Query client for the app. Pages read through each feature's query
 * hooks (`features/<area>/api`); live events change the cache in one place per event kind (the
 * feature's `api/live.ts`). A newer fetch cancels an older one, so a slow old answer can never
 * replace a newer one on screen.
 */
import { QueryClient, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { subscribeLive, subscribeResync, type LiveEvent } from './realtime';
import { appStore, sessionAtom } from './state';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failed load says so at once (the page shows the server's message); the user retries.
      retry: false,
      // Live events keep the data current; focus changes must not re-read pages under a screen reader.
      refetchOnWindowFocus: false,
      staleTime: 0,
    },
  },
});

// Cached data belongs to the signed-in user: a sign-out, or another user signing in in this tab,
// empties the cache, so nobody ever sees the previous user's notes or questions.
let cacheOwner = appStore.get(sessionAtom)?.userId ?? null;
appStore.sub(sessionAtom, () => {
  const owner = appStore.get(sessionAtom)?.userId ?? null;
  if (owner !== cacheOwner) {
    cacheOwner = owner;
    queryClient.clear();
  }
});

/**
 * Reads the data again, whatever is under way: a fetch in flight may have started before the
 * change, so it is cancelled rather than joined (TanStack joins a first load by default).
 */
export async function refetchFresh(queryKey?: QueryKey): Promise<void> {
  await queryClient.cancelQueries(queryKey ? { queryKey } : {});
  await queryClient.invalidateQueries(queryKey ? { queryKey } : {});
}

// After the socket's first resume, every page on screen loads again (see lib/realtime.ts).
subscribeResync(() => void refetchFresh());

/**
 * `useQuery` on the app's client. The client is passed explicitly rather than through a
 * provider, so a feature's page works wherever it is rendered (tests render pages on their own).
 */
export function useAppQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  return useQuery(options, queryClient);
}

/** What a page says about a failed load: the server's localised message, or `fallback`; '' when none failed. */
export function loadErrorText(error: Error | null, fallback: string): string {
  if (!error) return '';
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Applies a live change to cached data. A fetch already under way may have started before the
 * event, so it is cancelled, the change applied, and the data fetched again: the list shows the
 * event at once and the server's newer answer after.
 */
export async function applyLive<T>(key: QueryKey, update: (current: T) => T): Promise<void> {
  const fetching = queryClient.isFetching({ queryKey: key }) > 0;
  if (fetching) await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<T>(key, (cur) => (cur === undefined ? cur : update(cur)));
  if (fetching) void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Marks a query that shows the learner's own progress (the enrolled courses, a course's
 * assessments, the certificates list). Features do not import each other's keys, so a lesson
 * completed or an assessment submitted re-reads every query so marked, whichever feature owns it.
 */
export const PROGRESS = { progress: true } as const;

/** The learner's progress changed: every `PROGRESS` query is read again now, shown or not. */
export function progressChanged(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => q.meta?.progress === true, refetchType: 'all' });
}

/** Subscribes a handler to some event kinds (null: every kind) for the life of the app (module top level). */
export function onLive(kinds: string[] | null, handler: (event: LiveEvent) => void): void {
  const wanted = kinds ? new Set(kinds) : null;
  subscribeLive((event) => {
    if (!wanted || wanted.has(event.kind)) handler(event);
  });
}
