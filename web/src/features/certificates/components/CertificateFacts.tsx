import { formatDay, formatPercent, gradeLabel, type CertTexts } from '../texts';

export interface Facts {
  student_name: string;
  course_title: string;
  issued_at: string;
  duration_days: number;
  grade: string | null;
  percent: number | null;
  code?: string;
}

/** What a certificate states (spec §3): name, course, date, duration in days, grade band, percentage (and its code). */
export function CertificateFacts({ facts, txt, lang }: { facts: Facts; txt: CertTexts; lang: string }) {
  const f = txt.fields;
  return (
    <dl className="details cert-facts">
      <dt>{f.student}</dt>
      <dd>
        <bdi>{facts.student_name}</bdi>
      </dd>
      <dt>{f.course}</dt>
      <dd>
        <bdi>{facts.course_title}</bdi>
      </dd>
      <dt>{f.issued}</dt>
      <dd>{formatDay(facts.issued_at, lang)}</dd>
      <dt>{f.duration}</dt>
      <dd>{txt.common.days(facts.duration_days)}</dd>
      <dt>{f.grade}</dt>
      <dd>{gradeLabel(txt, facts.grade) || f.notGraded}</dd>
      <dt>{f.percent}</dt>
      <dd>{formatPercent(facts.percent, lang) || f.notGraded}</dd>
      {facts.code ? (
        <>
          <dt>{f.code}</dt>
          <dd>
            <code dir="ltr" className="cert-code">
              {facts.code}
            </code>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** "Valid" / "Revoked" as a badge whose words, not colour, carry the meaning. */
export function StatusBadge({ status, txt }: { status: string; txt: CertTexts }) {
  return <span className={`cert-badge cert-badge-${status === 'revoked' ? 'revoked' : 'valid'}`}>{txt.certStatus[status] ?? status}</span>;
}
