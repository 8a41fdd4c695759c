/**
 * Prerendered pages (web/build/prerender.ts) are hydrated, so the first client render must
 * produce exactly the server's HTML. The server knows no visitor: anything read from this
 * browser's storage (the session, above all) is shown only after hydration.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False on the server and while hydrating; true in every render after that (and in an SPA render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Set by main.tsx when `#root` holds prerendered HTML. */
export const isPrerendered = (): boolean => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-prerendered');
