import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { loadErrorText } from '@/lib/query';
import { useBuilderCourses, useEditedAssessment } from '../api/queries';
import { AssessmentBuilder } from '../components/AssessmentBuilder';
import { emptyForm, fromDto, type AssessmentForm } from '../lib/builder';
import { useAssessmentsT } from '../i18n';
import '../assessments.css';

/** /instructor/assessments/create (`?course=<id>` preselects a course) and /instructor/assessments/:id/edit. */
export function AssessmentEditorPage() {
  const { t: txt } = useAssessmentsT();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editing = id !== undefined;
  // The courses first: an authenticated call refreshes an expired token for the assessment.
  const coursesQuery = useBuilderCourses();
  const courses = coursesQuery.data ?? null;
  const storedQuery = useEditedAssessment(id, courses !== null);
  const stored = storedQuery.data ?? null;
  const loadError = loadErrorText(coursesQuery.error ?? storedQuery.error, txt('common.loadError'));
  // The form the builder starts from (the builder keeps its own copy): the search parameter only
  // matters for the first one.
  const [wanted] = useState(() => params.get('course') ?? '');
  const form = useMemo<AssessmentForm | null>(() => {
    if (editing) return stored ? fromDto(stored) : null;
    if (!courses) return null;
    const usable = courses.filter((c) => c.status !== 'inactive');
    const pre = usable.find((c) => String(c.id) === wanted) ?? (usable.length === 1 ? usable[0] : undefined);
    return emptyForm(pre ? String(pre.id) : '');
  }, [editing, stored, courses, wanted]);

  const title = editing ? (stored ? `${txt('builder.editTitle')}: ${stored.title}` : txt('builder.editTitle')) : txt('builder.createTitle');
  const noCourses = !editing && courses !== null && courses.filter((c) => c.status !== 'inactive').length === 0;

  return (
    <Page title={title} intro={<p>{txt('builder.intro')}</p>}>
      <LoadState loading={!form && !noCourses} loadError={loadError} loadingText={txt('common.loading')} />
      {noCourses ? (
        <EmptyState>
          <p>{txt('builder.noCourses')}</p>
          <p>
            <Link to="/instructor/courses/create">{txt('builder.createCourse')}</Link>
          </p>
        </EmptyState>
      ) : null}
      {form && courses && !noCourses ? (
        <AssessmentBuilder
          key={stored?.id ?? 'new'}
          initial={form}
          assessmentId={stored?.id}
          courses={courses}
          onSaved={(a) => navigate('/instructor/assessments', { state: { saved: editing ? txt('builder.saved') : txt('builder.created'), id: a.id } })}
        />
      ) : null}
      <p>
        <Link to="/instructor/assessments">{txt('builder.back')}</Link>
      </p>
    </Page>
  );
}
