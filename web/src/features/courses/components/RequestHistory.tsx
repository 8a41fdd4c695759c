import { useTranslation } from 'react-i18next';
import type { RequestDto } from '../api/courses';
import { formatDateTime } from '@/lib/format';
import type { CoursesT } from '../i18n';

/** A course's accreditation and stop requests, oldest first, with who decided, when and why. */
export function RequestHistory({ requests, txt }: { requests: RequestDto[]; txt: CoursesT }) {
  const { i18n } = useTranslation();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '');
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{txt('instructor.history')}</h2>
      {requests.length === 0 ? (
        <p>{txt('instructor.historyNone')}</p>
      ) : (
        <ol className="crs-history">
          {requests.map((r) => (
            <li key={r.id}>
              {txt(r.status === 'pending' ? 'instructor.historyPending' : r.status === 'approved' ? 'instructor.historyApproved' : 'instructor.historyRejected', {
                kind: txt(r.revision_id ? 'instructor.historyRevision' : r.kind === 'accreditation' ? 'instructor.historyAccreditation' : 'instructor.historyStop'),
                sent: date(r.requested_at),
                by: r.decided_by_name || txt('instructor.aSupervisor'),
                on: date(r.decided_at),
              })}
              {r.reason ? (
                <>
                  {' '}
                  <bdi>{txt('instructor.historyReason', { r: r.reason })}</bdi>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
