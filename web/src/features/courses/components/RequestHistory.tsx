import { useTranslation } from 'react-i18next';
import type { RequestDto } from '../api/courses';
import { formatDate, type CourseTexts } from '../texts';

/** A course's accreditation and stop requests, oldest first, with who decided, when and why. */
export function RequestHistory({ requests, txt }: { requests: RequestDto[]; txt: CourseTexts }) {
  const { i18n } = useTranslation();
  const t = txt.instructor;
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '');
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{t.history}</h2>
      {requests.length === 0 ? (
        <p>{t.historyNone}</p>
      ) : (
        <ol className="crs-history">
          {requests.map((r) => (
            <li key={r.id}>
              {t.historyItem(r.kind, r.status, date(r.requested_at), r.decided_by_name ?? '', date(r.decided_at))}
              {r.reason ? (
                <>
                  {' '}
                  <bdi>{t.historyReason(r.reason)}</bdi>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
