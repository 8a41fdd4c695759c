import '../live.css';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { useDismiss } from '@/components/Disclosure';
import { formatDateTime } from '@/lib/format';
import { langOf } from '@/lib/i18n';
import { notificationsRead, refreshNotifications, useMarkRead, useNotifications } from '../api/queries';
import { describeEvent, roleOf } from '../eventText';
import { useLiveT } from '../i18n';
import { liveStatusAtom } from '../useLiveSocket';
import { LiveAnnouncer } from './LiveAnnouncer';

export const NOTIF_BUTTON_ID = 'notif-button';

type TabMessage = { type: 'read'; upTo: number };

/**
 * The top bar's notification centre: a disclosure button with the unread count, and a panel with
 * the latest events (localised), each linking to its page, and "mark all as read". Live events
 * join the list as they arrive (`api/queries.ts`); other tabs of the same user hear about "mark
 * all as read" through a BroadcastChannel. The polite live region that announces each event
 * lives here too, inside the banner landmark.
 */
export function NotificationCentre({ storedType, userId }: { storedType: string; userId: string }) {
  const { t, i18n } = useLiveT();
  const { t: tc } = useTranslation();
  const lang = langOf(i18n.language);
  const role = roleOf(storedType);
  const status = useAtomValue(liveStatusAtom);
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const items = query.data?.items ?? [];
  const unread = query.data?.unread ?? 0;
  const mark = useMarkRead(tc('errors.problemSending'));
  const busy = mark.pending;
  // A refusal says only that sending failed (not the server's words), as it always has here.
  const error = mark.isError ? tc('errors.problemSending') : query.isError ? tc('errors.unableToAccess') : '';
  const [done, setDone] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const channel = useRef<BroadcastChannel | null>(null);

  // Another tab of this user marked everything read.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(`lamsa-notifications:${userId}`);
    channel.current = ch;
    ch.onmessage = (m: MessageEvent<TabMessage>) => {
      if (m.data?.type === 'read') notificationsRead(m.data.upTo);
    };
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [userId]);

  useDismiss(open, setOpen, root, button, pathname);

  function toggle() {
    const next = !open;
    setOpen(next);
    setDone('');
    mark.reset();
    if (next) void refreshNotifications();
  }

  function markAll() {
    const upTo = items.reduce((m, n) => Math.max(m, n.id), 0);
    if (!upTo || busy || unread === 0) return;
    mark.mutate(upTo, {
      onSuccess: () => {
        setDone(t('markedRead'));
        channel.current?.postMessage({ type: 'read', upTo } satisfies TabMessage);
      },
    });
  }

  return (
    <div ref={root} className="notif-centre">
      <button
        ref={button}
        id={NOTIF_BUTTON_ID}
        type="button"
        className="notif-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {t('notifications')}{' '}
        {unread > 0 ? (
          <span className="badge">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">({t('unreadCount', { count: unread })})</span>
          </span>
        ) : null}
      </button>
      <div id={panelId} className="notif-panel" hidden={!open}>
        <h2 className="notif-heading">{t('notifications')}</h2>
        <p className="notif-status">{t(`status.${status}`)}</p>
        <ErrorAlert>{error}</ErrorAlert>
        {items.length ? (
          <ul className="notif-list">
            {items.map((n) => {
              const d = describeEvent(n, lang, role);
              return (
                <li key={n.id} className={n.read ? 'notif-item' : 'notif-item notif-item-unread'}>
                  {d.href ? (
                    <Link to={d.href} onClick={() => setOpen(false)}>
                      {d.text}
                    </Link>
                  ) : (
                    <span>{d.text}</span>
                  )}
                  <span className="notif-meta">
                    <time dateTime={n.created_at}>{formatDateTime(n.created_at, lang)}</time>
                    {n.read ? null : <span className="notif-unread">{t('unread')}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>{t('empty')}</p>
        )}
        {/* Stays in place once everything is read, so focus is not lost from under the user. */}
        {items.length ? (
          <button type="button" className="btn btn-secondary" aria-disabled={busy || unread === 0 || undefined} onClick={markAll}>
            {t('markAllRead')}
          </button>
        ) : null}
        <StatusMessage>{done}</StatusMessage>
      </div>
      <LiveAnnouncer storedType={storedType} />
    </div>
  );
}
