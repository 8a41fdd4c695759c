import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type NotificationItem = Schema<'NotificationItem'>;

export type NotificationList = Schema<'NotificationList'>;

/** The newest events first (after = 0). */
export const fetchNotifications = (limit = 20) => apiFetch<NotificationList>(`notifications?limit=${limit}`);

export async function fetchUnreadCount(): Promise<number> {
  const r = await apiFetch<{ count?: unknown }>('notifications/unread-count');
  return typeof r?.count === 'number' ? r.count : 0;
}

/** Marks every event up to and including `upTo` read; answers the unread count left. */
export async function markRead(upTo: number): Promise<number> {
  const r = await apiFetch<{ count?: unknown }>('notifications/read', { method: 'POST', body: { up_to: upTo } });
  return typeof r?.count === 'number' ? r.count : 0;
}

/** The id of the newest event the server has for this user (0 when none): a fresh tab's starting point. */
export async function latestEventId(): Promise<number> {
  const r = await fetchNotifications(1);
  return r.items[0]?.id ?? 0;
}
