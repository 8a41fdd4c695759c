import { formatDay, formatPercent } from '@/lib/format';
import { gradeLabel, type CertificatesT } from '../i18n';
import type en from '../locales/en';

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
export function CertificateFacts({ facts, txt, lang }: { facts: Facts; txt: CertificatesT; lang: string }) {
  return (
    <dl className="details cert-facts">
      <dt>{txt('fields.student')}</dt>
      <dd>
        <bdi>{facts.student_name}</bdi>
      </dd>
      <dt>{txt('fields.course')}</dt>
      <dd>
        <bdi>{facts.course_title}</bdi>
      </dd>
      <dt>{txt('fields.issued')}</dt>
      <dd>{formatDay(facts.issued_at, lang)}</dd>
      <dt>{txt('fields.duration')}</dt>
      <dd>{txt('common.days', { count: facts.duration_days })}</dd>
      <dt>{txt('fields.grade')}</dt>
      <dd>{gradeLabel(txt, facts.grade) || txt('fields.notGraded')}</dd>
      <dt>{txt('fields.percent')}</dt>
      <dd>{formatPercent(facts.percent, lang) || txt('fields.notGraded')}</dd>
      {facts.code ? (
        <>
          <dt>{txt('fields.code')}</dt>
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
export function StatusBadge({ status, txt }: { status: string; txt: CertificatesT }) {
  return <span className={`cert-badge cert-badge-${status === 'revoked' ? 'revoked' : 'valid'}`}>{txt(`certStatus.${status as keyof (typeof en)['certStatus']}`, { defaultValue: status })}</span>;
}
