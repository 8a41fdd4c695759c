import { useRef, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

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

/**
 * A modal confirmation (WAI-ARIA dialog pattern). It opens as a native modal `<dialog>`, so the
 * rest of the page is inert; Tab and Shift+Tab also wrap inside it, Escape closes it, and
 * focus returns to the element that opened it. Focus starts on the cancel button.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, busy, onConfirm, onClose, fallbackFocusId }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const { dialogProps, titleId, bodyId, close } = useModalDialog({ open, busy, onClose, fallbackFocusId, onOpen: () => cancel.current?.focus() });

  return (
    <dialog {...dialogProps} className="dialog" aria-describedby={children ? bodyId : undefined}>
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
            <button ref={cancel} type="button" className="btn btn-secondary" onClick={close}>
              {cancelLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
