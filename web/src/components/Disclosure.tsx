import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';

interface DisclosureProps {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  buttonClassName?: string;
}

/**
 * Closes a disclosure on route change, outside click, focus leaving it, and Escape (focus goes
 * back to its button when it was inside). Shared by every dropdown-like panel.
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
  pathname: string,
): void {
  useEffect(() => setOpen(false), [pathname, setOpen]);

  useEffect(() => {
    if (!open) return;
    const el = root.current;
    function onPointer(e: PointerEvent) {
      if (el && !el.contains(e.target as Node)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key !== 'Escape') return;
      const inside = !!el && el.contains(document.activeElement);
      setOpen(false);
      if (inside) {
        e.preventDefault();
        button.current?.focus();
      }
    }
    function onFocusOut(e: FocusEvent) {
      const next = e.relatedTarget as Node | null;
      if (next && el && !el.contains(next)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    el?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      el?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, setOpen, root, button]);
}

/**
 * A disclosure button that shows or hides a list of links (WAI-ARIA disclosure pattern, not
 * role=menu, so screen readers keep their normal browse keys). Closes on route change, on a
 * click or focus outside, and on Escape (focus returns to the button).
 */
export function Disclosure({ label, children, className, buttonClassName }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  useDismiss(open, setOpen, root, button, pathname);

  return (
    <div ref={root} className={`disclosure ${className ?? ''}`}>
      <button
        ref={button}
        type="button"
        className={`disclosure-button ${buttonClassName ?? ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <span className="chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className="disclosure-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
