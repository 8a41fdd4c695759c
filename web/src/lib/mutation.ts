/**
 * Writes: every change a page makes goes through `useApiMutation`, a thin `useMutation` on the
 * app's one client, with the cache updates for the server's answer written beside the request
 * (`onSuccess`). A failure becomes the text the page shows: the server's localised message, or
 * the page's own fallback when the request never got an answer of ours (network, proxy).
 */
import { useMutation, type MutateOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { queryClient } from './query';

/** What a failed request says: the server's localised message, or `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export interface ApiMutationOptions<TData, TVars> {
  /** The request. */
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The cache updates the answer calls for (set the record, re-read the lists it touches). */
  onSuccess?: (data: TData, vars: TVars) => unknown;
  /** What a refusal means for the cache (e.g. a 409 because the record changed elsewhere: read it again). */
  onError?: (error: Error, vars: TVars) => unknown;
  /** What follows either way, even once the page that asked has gone (e.g. a count of uploads under way). */
  onSettled?: (data: TData | undefined, error: Error | null, vars: TVars) => unknown;
  /** The text of a failure without a server message (e.g. "There was a problem sending"). */
  fallback: string;
}

export type ApiCallbacks<TData, TVars> = MutateOptions<TData, Error, TVars>;

/**
 * `useMutation` on the app's client (passed explicitly, like `useAppQuery`, so pages render
 * without a provider in tests). `errorText` is '' until a request fails, and again once the
 * next one starts; `pending` is true while one is under way.
 */
export function useApiMutation<TData, TVars = void>({ fallback, ...options }: ApiMutationOptions<TData, TVars>) {
  const mutation = useMutation<TData, Error, TVars>(options, queryClient);
  return {
    ...mutation,
    pending: mutation.isPending,
    errorText: mutation.error ? errorText(mutation.error, fallback) : '',
  };
}
