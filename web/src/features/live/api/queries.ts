/**
 * The notification centre as server state: the latest events and the unread count, one query.
 * Every live event joins the list here (the one place events change it), and the unread count is
 * read again shortly after; "mark all as read", here or in another tab of the user, marks the
 * cached events read.
 */
import { useApiMutation } from '@/lib/mutation';
import { applyLive, onLive, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import { fetchNotifications, fetchUnreadCount, markRead, type NotificationItem, type NotificationList } from './notifications';

export const LIST_SIZE = 20;
const notificationsKey = ['live', 'notifications'] as const;

/** Newest first, one entry per id; an entry already read stays read. */
export function mergeNotifications(incoming: NotificationItem[], current: NotificationItem[]): NotificationItem[] {
  const byId = new Map<number, NotificationItem>();
  for (const n of [...current, ...incoming]) {
    const old = byId.get(n.id);
    byId.set(n.id, old ? { ...n, read: old.read || n.read } : n);
  }
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, LIST_SIZE);
}

async function loadNotifications(): Promise<NotificationList> {
  try {
    const res = await fetchNotifications(LIST_SIZE);
    // Events that arrived live while this read was under way stay in the list.
    const cur = queryClient.getQueryData<NotificationList>(notificationsKey);
    return { items: mergeNotifications(res.items, cur?.items ?? []), unread: res.unread };
  } catch (e) {
    console.warn('notifications failed', e);
    throw e;
  }
}

/** The latest events of the signed-in user with the unread count. */
export const useNotifications = () => useAppQuery({ queryKey: notificationsKey, queryFn: loadNotifications });

/** Reads the list again (the panel was opened). */
export const refreshNotifications = () => refetchFresh(notificationsKey);

let countTimer: ReturnType<typeof setTimeout> | undefined;

/** Reads the unread count again, once a burst of events is over. */
function refreshUnread(): void {
  clearTimeout(countTimer);
  countTimer = setTimeout(() => {
    fetchUnreadCount().then(
      (unread) => queryClient.setQueryData<NotificationList>(notificationsKey, (cur) => (cur ? { ...cur, unread } : cur)),
      (e) => console.warn('unread count failed', e),
    );
  }, 250);
}

/**
 * Events up to `upTo` were marked read: by this tab (`unread`, the server's count left) or by
 * another tab of the user (the count is read again).
 */
export function notificationsRead(upTo: number, unread?: number): void {
  queryClient.setQueryData<NotificationList>(notificationsKey, (cur) =>
    cur ? { items: cur.items.map((n) => (n.id <= upTo ? { ...n, read: true } : n)), unread: unread ?? cur.unread } : cur,
  );
  if (unread === undefined) refreshUnread();
}

/** "Mark all as read" up to an event id: the cached events read, and the unread count the server answers. */
export const useMarkRead = (fallback: string) =>
  useApiMutation({
    mutationFn: (upTo: number) => markRead(upTo),
    onSuccess: (unread, upTo) => notificationsRead(upTo, unread),
    onError: (e) => console.warn('mark read failed', e),
    fallback,
  });

// Every event joins the list as it arrives; the unread count follows (when the list is read at all).
onLive(null, (e) => {
  if (!queryClient.getQueryState(notificationsKey)) return;
  void applyLive<NotificationList>(notificationsKey, (cur) => ({ ...cur, items: mergeNotifications([{ ...e, read: false }], cur.items) }));
  refreshUnread();
});
