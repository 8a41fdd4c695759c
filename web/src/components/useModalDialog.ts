import { useId, useLayoutEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';

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

interface ModalDialogOptions {
  open: boolean;
  /** While true, Escape and the cancel button do nothing (a request is under way). */
  busy?: boolean;
  onClose: () => void;
  /** Runs each time the dialog opens: puts focus where the dialog wants it, resets its state. */
  onOpen?: () => void;
  /** Where focus goes on close when the opener is gone (e.g. replaced after the action). */
  fallbackFocusId?: string;
}

/**
 * What every modal dialog of the app does (WAI-ARIA dialog pattern): it opens as a native modal
 * `<dialog>`, so the rest of the page is inert; Tab and Shift+Tab wrap inside it; Escape (and the
 * browser's own cancel) closes it unless busy; on close focus returns to the element that opened
 * it, or to `fallbackFocusId` when that element is gone. Spread `dialogProps` on the `<dialog>`,
 * give the title `titleId` and the description `bodyId`.
 */
export function useModalDialog({ open, busy, onClose, onOpen, fallbackFocusId }: ModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const latest = useRef({ onOpen, onClose, busy });
  useLayoutEffect(() => {
    latest.current = { onOpen, onClose, busy };
  });

  // A layout effect, so closing and returning focus happen in the same commit that removes the
  // dialog's content: no moment where focus sits on <body> for a screen reader (or a test) to see.
  // Needed with React too: a dialog closed by a cache change or a live event (not a key press)
  // would run a passive effect only after the browser has painted.
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open) {
      opener.current = document.activeElement as HTMLElement | null;
      if (!d.open) {
        if (typeof d.showModal === 'function') d.showModal();
        else d.setAttribute('open', '');
      }
      latest.current.onOpen?.();
    } else if (d.open || d.hasAttribute('open')) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      const back = opener.current;
      opener.current = null;
      if (back && back.isConnected) back.focus();
      else if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
    }
  }, [open, fallbackFocusId]);

  /** Closes unless busy. */
  const close = () => {
    if (!latest.current.busy) latest.current.onClose();
  };

  const dialogProps = {
    ref,
    'aria-labelledby': titleId,
    onKeyDown: (e: KeyboardEvent<HTMLDialogElement>) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        close();
        return;
      }
      if (ref.current) keepTabInside(e, ref.current);
    },
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      close();
    },
  };

  return { dialogProps, titleId, bodyId, close };
}
