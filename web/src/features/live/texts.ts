/** Interface texts of the notification centre and toasts. */
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '@/lib/realtime';

const en = {
  notifications: 'Notifications',
  unreadCount: (n: number) => (n === 1 ? '1 unread' : `${n} unread`),
  markAllRead: 'Mark all as read',
  markedRead: 'All notifications are marked as read',
  empty: 'No notifications yet.',
  unread: 'Unread',
  open: 'Open',
  toasts: 'New notifications',
  dismiss: 'Dismiss',
  status: {
    connecting: 'Connecting to live updates…',
    live: 'Live updates are on.',
    reconnecting: 'Live updates were interrupted. Reconnecting…',
    offline: 'Live updates are off.',
  } as Record<LiveStatus, string>,
};

type Texts = typeof en;

const ar: Texts = {
  notifications: 'الإشعارات',
  unreadCount: (n) => `غير المقروءة: ${n}`,
  markAllRead: 'تعليم الكل كمقروء',
  markedRead: 'تم تعليم جميع الإشعارات كمقروءة',
  empty: 'لا توجد إشعارات بعد.',
  unread: 'غير مقروء',
  open: 'فتح',
  toasts: 'إشعارات جديدة',
  dismiss: 'إغلاق',
  status: {
    connecting: 'جارٍ الاتصال بالتحديثات الحية…',
    live: 'التحديثات الحية تعمل.',
    reconnecting: 'انقطعت التحديثات الحية. جارٍ إعادة الاتصال…',
    offline: 'التحديثات الحية متوقفة.',
  },
};

export function useLiveTexts(): Texts & { lang: 'ar' | 'en' } {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  return { ...(lang === 'en' ? en : ar), lang };
}
