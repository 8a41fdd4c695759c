import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from '@/lib/query';

/** How long data the server put into the page counts as fresh: the page does not ask again at once. */
const SEEDED_FRESH_MS = 60_000;

/**
 * Data the server put into a prerendered page at request time (`<script id="lamsa-data">`, see
 * src/web_app.rs: a news item today), put into the query cache before hydration so the first
 * render is the page the HTML shows, without a second request.
 */
export function seedQueries(): void {
  const text = document.getElementById('lamsa-data')?.textContent;
  if (!text) return;
  const { queries } = JSON.parse(text) as { queries: Array<{ key: QueryKey; data: unknown }> };
  for (const { key, data } of queries) {
    queryClient.setQueryDefaults(key, { staleTime: SEEDED_FRESH_MS });
    queryClient.setQueryData(key, data);
  }
}
