import { Link } from 'react-router';

interface PaginationProps {
  page: number;
  pages: number;
  /** The link to another page (keeps the rest of the query). */
  hrefFor: (page: number) => string;
  labels: { nav: string; previous: string; next: string; pageOf: string };
}

/**
 * Previous / next links with "page x of y" between them. Links, not buttons: the page number
 * lives in the URL, so Back and a reload keep it. A link that would go nowhere is not rendered.
 */
export function Pagination({ page, pages, hrefFor, labels }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="pagination">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          {labels.previous}
        </Link>
      ) : null}
      <span className="pagination-where">{labels.pageOf}</span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}

/** The `page` query parameter as a whole number ≥ 1 (anything else is page 1). */
export function pageParam(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** The current query with `page` (and any other changes) applied; empty values are dropped. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
    else next.set(k, String(v));
  }
  const s = next.toString();
  return s ? `?${s}` : '?';
}
