import { useEffect, useRef } from 'react';

/**
 * Moves focus to the element with `id` when `key` changes after the first render (a new page of
 * results, new filters), so keyboard and screen-reader users land on the new content.
 */
export function useFocusOnChange(key: unknown, id: string, ready: boolean): void {
  const seen = useRef<unknown>(undefined);
  const first = useRef(true);
  useEffect(() => {
    if (!ready) return;
    if (first.current) {
      first.current = false;
      seen.current = key;
      return;
    }
    if (seen.current !== key) {
      seen.current = key;
      document.getElementById(id)?.focus();
    }
  }, [key, id, ready]);
}
