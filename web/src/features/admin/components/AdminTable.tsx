import { Fragment, type ReactNode } from 'react';

interface AdminTableProps {
  caption: ReactNode;
  /** Given, the caption can take focus (a new page of results, a dialog closing with its opener gone). */
  captionId?: string;
  captionClassName?: string;
  /** Column headers: a string becomes `<th scope="col">`; anything else (a sort button's `th`) is used as it is. */
  columns: ReactNode[];
  testId?: string;
  /** The body's rows. */
  children: ReactNode;
}

/** The admin site's table frame: a scrolling wrapper, the caption, one header row, the body. */
export function AdminTable({ caption, captionId, captionClassName, columns, testId, children }: AdminTableProps) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" data-testid={testId}>
        <caption id={captionId} className={captionClassName} tabIndex={captionId ? -1 : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            {/* Fixed columns in a fixed order, so the index is a stable key. */}
            {columns.map((c, i) => (typeof c === 'string' ? <th key={i} scope="col">{c}</th> : <Fragment key={i}>{c}</Fragment>))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
