import { formatScore } from '@/lib/format';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { loadErrorText } from '@/lib/query';
import { type AssessmentSummary } from '../api/assessments';
import { useDeleteAssessment, useMyAssessments } from '../api/queries';
import { useAssessmentsT, type AssessmentsT } from '../i18n';
import '../assessments.css';

/** The instructor's assessments grouped by course, in the API's (the courses') order. */
type Group = { courseId: number; courseTitle: string; revision?: boolean; items: AssessmentSummary[] };

export function groupByCourse(list: AssessmentSummary[]): Group[] {
  const groups: Group[] = [];
  for (const a of list) {
    let g = groups.find((x) => x.courseId === a.course_id);
    if (!g) {
      g = { courseId: a.course_id, courseTitle: a.course_title, revision: Boolean(a.course_revision_of), items: [] };
      groups.push(g);
    }
    g.items.push(a);
  }
  return groups;
}

/** What an assessment is tied to: its lesson (and chapter), its chapter, or the whole course. */
export function TiedTo({ a, txt }: { a: AssessmentSummary; txt: AssessmentsT }) {
  if (a.type === 'final_assessment') return <>{txt('list.wholeCourse')}</>;
  return (
    <>
      {a.type === 'lesson_exercise' ? (
        <span className="as-tied">
          {txt('list.lessonIs')}: <bdi>{a.lesson_title ?? ''}</bdi>
        </span>
      ) : null}
      <span className="as-tied">
        {txt('list.chapterIs')}: <bdi>{a.chapter_title ?? ''}</bdi>
      </span>
    </>
  );
}

/** /instructor/assessments: every assessment, course by course, with edit and delete. */
export function AssessmentsPage() {
  const { t: txt } = useAssessmentsT();
  const location = useLocation();
  // Attempt counts follow the students' submissions live (`api/queries.ts`).
  const query = useMyAssessments();
  const list = query.data;
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState<AssessmentSummary | null>(null);
  const removal = useDeleteAssessment(txt('common.sendError'));
  const busy = removal.pending;
  const saved = (location.state as { saved?: string } | null)?.saved;

  // "Assessment created": shown once the status region is on the page, so it is announced.
  useEffect(() => {
    if (!saved) return;
    const id = window.setTimeout(() => setStatus(saved), 150);
    return () => window.clearTimeout(id);
  }, [saved]);

  function confirmDelete() {
    if (!pending || busy) return;
    setStatus('');
    // The dialog closes when the row leaves the cached list (below), not before.
    removal.mutate(pending.id, { onSuccess: (res) => setStatus(res.message), onError: () => setPending(null) });
  }

  // A deleted assessment's dialog closes in the render that removes its row, so the dialog finds
  // its opener gone and focuses the page title (never the removed button, then <body>).
  const deleting = pending && list?.some((a) => a.id === pending.id) ? pending : null;
  if (pending && !deleting) setPending(null);

  const groups = list ? groupByCourse(list) : [];

  return (
    <Page title={txt('list.title')} intro={<p>{txt('list.intro')}</p>}>
      <p>
        <Link className="btn btn-primary" to="/instructor/assessments/create">
          {txt('list.create')}
        </Link>
      </p>
      <LoadState loading={!list} loadError={loadError} actionError={removal.errorText} status={status} loadingText={txt('common.loading')} />
      {list && list.length === 0 ? (
        <EmptyState>
          <p>{txt('list.none')}</p>
        </EmptyState>
      ) : null}
      {groups.map((g) => (
        <section key={g.courseId} className="card as-course" aria-labelledby={`as-course-${g.courseId}`}>
          <h2 id={`as-course-${g.courseId}`}>
            {g.revision ? txt('list.revisionOf', { course: g.courseTitle }) : <bdi>{g.courseTitle}</bdi>}
          </h2>
          {/* A wide table scrolls on narrow screens: the region takes focus so it scrolls by keyboard. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="as-table-wrap" role="region" aria-labelledby={`as-cap-${g.courseId}`} tabIndex={0}>
            <table className="as-table">
              <caption id={`as-cap-${g.courseId}`}>{txt('list.caption', { course: g.courseTitle })}</caption>
              <thead>
                <tr>
                  <th scope="col">{txt('list.colTitle')}</th>
                  <th scope="col">{txt('list.colType')}</th>
                  <th scope="col">{txt('list.colTied')}</th>
                  <th scope="col">{txt('list.colPassMark')}</th>
                  <th scope="col">{txt('list.colQuestions')}</th>
                  <th scope="col">{txt('list.colAttempts')}</th>
                  <th scope="col">{txt('list.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {g.items.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">
                      <bdi>{a.title}</bdi>
                    </th>
                    <td>{txt(`kind.${a.type}`)}</td>
                    <td>
                      <TiedTo a={a} txt={txt} />
                    </td>
                    <td>{txt('common.percent', { value: formatScore(a.pass_mark) })}</td>
                    <td>
                      {txt('common.questions', { count: a.questions_count })}
                      {txt('common.comma')}
                      {txt('common.points', { count: a.total_points })}
                    </td>
                    <td>
                      {a.max_attempts === 0 ? txt('list.attemptsUnlimited') : txt('list.attemptsAllowed', { count: a.max_attempts })};{' '}
                      {a.attempts_count ? txt('list.attemptsMade', { count: a.attempts_count }) : txt('list.attemptsNone')}
                    </td>
                    <td>
                      <div className="as-row-actions">
                        <Link className="btn btn-secondary" to={`/instructor/assessments/${a.id}/edit`} aria-label={txt('list.editLabel', { t: a.title })}>
                          {txt('list.edit')}
                        </Link>
                        <button
                          type="button"
                          className="btn btn-secondary as-remove"
                          aria-label={txt('list.delLabel', { t: a.title })}
                          aria-describedby={(a.attempts_count ?? 0) > 0 ? `as-has-${a.id}` : undefined}
                          onClick={() => setPending(a)}
                        >
                          {txt('list.del')}
                        </button>
                      </div>
                      {(a.attempts_count ?? 0) > 0 ? (
                        <p className="field-hint" id={`as-has-${a.id}`}>
                          {txt('list.hasAttempts')}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? txt('list.delTitle', { t: deleting.title }) : ''}
        confirmLabel={txt('list.delConfirm')}
        cancelLabel={txt('common.cancel')}
        busy={busy}
        onConfirm={confirmDelete}
        onClose={() => setPending(null)}
        fallbackFocusId="page-title"
      >
        <p>{txt('list.delBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
