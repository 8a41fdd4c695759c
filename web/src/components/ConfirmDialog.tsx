import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes on close when the opener is gone (e.g. replaced after the action). */
  fallbackFocusId?: string;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap around inside a modal dialog instead of leaving it. */
export function keepTabInside(e: KeyboardEvent<HTMLElement>, dialog: HTMLElement): void {
  if (e.key !== 'Tab') return;
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal confirmation (WAI-ARIA dialog pattern). It opens as a native modal `<dialog>`, so the
 * rest of the page is inert; Tab and Shift+Tab also wrap inside it, Escape closes it, and
 * focus returns to the element that opened it. Focus starts on the cancel button.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, busy, onConfirm, onClose, fallbackFocusId }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open) {
      opener.current = document.activeElement as HTMLElement | null;
      if (!d.open) {
        if (typeof d.showModal === 'function') d.showModal();
        else d.setAttribute('open', '');
      }
      cancel.current?.focus();
    } else if (d.open || d.hasAttribute('open')) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      const back = opener.current;
      opener.current = null;
      if (back && document.contains(back)) back.focus();
      else if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
    }
  }, [open, fallbackFocusId]);

  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (ref.current) keepTabInside(e, ref.current);
  }

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {children ? <div id={bodyId}>{children}</div> : null}
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={() => !busy && onConfirm()} aria-disabled={busy || undefined}>
              {confirmLabel}
            </button>
            <button ref={cancel} type="button" className="btn btn-secondary" onClick={() => !busy && onClose()}>
              {cancelLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
