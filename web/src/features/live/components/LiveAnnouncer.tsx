import i18n, { langOf } from '@/lib/i18n';
import { describeEvent, roleOf } from '../eventText';
import { NS, useLiveT } from '../i18n';
import { useNotices, type Notice } from '../notices';

export function noticeText(n: Notice, lang: 'ar' | 'en', storedType: string): string {
  if (n.summary) return i18n.getFixedT(lang, NS)('event.summary', { count: n.events.length });
  return describeEvent(n.events[0], lang, roleOf(storedType)).text;
}

/**
 * The polite live region for pushed events. Each notice is added once as its own paragraph
 * (aria-relevant="additions", not atomic, so earlier ones are not read again) and removed a
 * little later without being announced. Always mounted, so screen readers track it.
 */
export function LiveAnnouncer({ storedType }: { storedType: string }) {
  const { announcements } = useNotices();
  const lang = langOf(useLiveT().i18n.language);
  return (
    <div className="visually-hidden" aria-live="polite" aria-relevant="additions" aria-atomic="false" data-testid="live-announcer">
      {announcements.map((n) => (
        <p key={n.key}>{noticeText(n, lang, storedType)}</p>
      ))}
    </div>
  );
}
