interface RowActionProps {
  label: string;
  /** The row's record, read after the label ("Delete ⁨title⁩"): every row's button gets its own name. */
  record: string;
  /** Wrap the record in first-strong isolates, so a name in the other script keeps its order. */
  isolate?: boolean;
  danger?: boolean;
  busy?: boolean;
  onClick: () => void;
}

/** A button in a table row. Sighted users see the record in the row's header; screen readers hear it in the name. */
export function RowAction({ label, record, isolate = true, danger, busy, onClick }: RowActionProps) {
  return (
    <button type="button" className={danger ? 'btn btn-secondary admin-danger' : 'btn btn-secondary'} aria-disabled={busy || undefined} onClick={onClick}>
      {label}
      <span className="visually-hidden"> {isolate ? `\u2068${record}\u2069` : record}</span>
    </button>
  );
}
