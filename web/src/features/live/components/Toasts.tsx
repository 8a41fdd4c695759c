import '../live.css';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { describeEvent, roleOf } from '../eventText';
import { notices, useNotices, type Notice } from '../notices';
import { langOf } from '@/lib/i18n';
import { useLiveT } from '../i18n';
import { noticeText } from './LiveAnnouncer';
import { NOTIF_BUTTON_ID } from './NotificationCentre';

/** How long a toast stays while the page is visible and the toast is neither hovered nor focused. */
export const TOAST_MS = 10_000;

/**
 * Toasts for pushed events. They never take focus (the live region speaks for them); they are
 * ordinary content in a labelled landmark after the main content, so a keyboard user can reach
 * them, open their page or dismiss them (button or Escape). A toast waits while hovered, while
 * focus is inside it and while the tab is hidden, then leaves by itself.
 */
export function Toasts({ storedType }: { storedType: string }) {
  const { toasts } = useNotices();
  const { t } = useLiveT();
  const list = useRef<HTMLUListElement>(null);
  const shown = toasts.length > 0;

  // WCAG 2.4.11: the fixed toasts must not hide the focused element. While they are shown, the
  // page keeps their height free at the bottom when it scrolls something into view.
  useEffect(() => {
    const el = list.current;
    if (!shown || !el) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.scrollPaddingBlockEnd = `${el.getBoundingClientRect().height + 24}px`;
    };
    apply();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(apply) : null;
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.style.scrollPaddingBlockEnd = '';
    };
  }, [shown]);

  if (!shown) return null;

  function dismiss(key: string) {
    const el = list.current;
    const hadFocus = !!el && el.contains(document.activeElement);
    if (hadFocus && el) {
      // Keep focus in a sensible place: the next toast, else the previous, else the notification centre.
      const buttons = [...el.querySelectorAll<HTMLButtonElement>('button.toast-dismiss')];
      const i = buttons.findIndex((b) => b.dataset.key === key);
      const next = buttons[i + 1] ?? buttons[i - 1] ?? document.getElementById(NOTIF_BUTTON_ID);
      next?.focus();
    }
    notices.dismiss(key);
  }

  return (
    <aside className="toasts" aria-label={t('toasts')}>
      <ul ref={list}>
        {toasts.map((n) => (
          <Toast key={n.key} notice={n} storedType={storedType} onDismiss={() => dismiss(n.key)} />
        ))}
      </ul>
    </aside>
  );
}

function Toast({ notice, storedType, onDismiss }: { notice: Notice; storedType: string; onDismiss: () => void }) {
  const { t, i18n } = useLiveT();
  const lang = langOf(i18n.language);
  const [hover, setHover] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const left = useRef(TOAST_MS);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  const paused = hover || focusIn;

  useEffect(() => {
    if (paused) return;
    const step = 250;
    const id = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      left.current -= step;
      if (left.current <= 0) {
        clearInterval(id);
        dismissRef.current();
      }
    }, step);
    return () => clearInterval(id);
  }, [paused]);

  const text = noticeText(notice, lang, storedType);
  const href = notice.summary ? undefined : describeEvent(notice.events[0], lang, roleOf(storedType)).href;
  const textId = `toast-${notice.key}`;

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onDismiss();
    }
  }

  return (
    <li
      className="toast"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setFocusIn(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusIn(false);
      }}
    >
      <p id={textId} className="toast-text">
        {text}
      </p>
      <div className="toast-actions">
        {href ? (
          <Link to={href} className="toast-open" aria-describedby={textId} onClick={onDismiss} onKeyDown={onKeyDown}>
            {t('open')}
          </Link>
        ) : null}
        <button type="button" className="toast-dismiss" data-key={notice.key} aria-describedby={textId} onClick={onDismiss} onKeyDown={onKeyDown}>
          <span aria-hidden="true">✕ </span>
          {t('dismiss')}
        </button>
      </div>
    </li>
  );
}
