import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { getAssessment, myCourses, type AssessmentDto, type CourseRef } from '../api/assessments';
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
  const [courses, setCourses] = useState<CourseRef[] | null>(null);
  const [stored, setStored] = useState<AssessmentDto | null>(null);
  const [form, setForm] = useState<AssessmentForm | null>(null);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    let live = true;
    (async () => {
      // The courses first: an authenticated call refreshes an expired token for the next ones.
      const list = await myCourses();
      if (!live) return;
      setCourses(list);
      if (editing) {
        const a = await getAssessment(id);
        if (!live) return;
        setStored(a);
        setForm(fromDto(a));
      } else {
        const wanted = params.get('course') ?? '';
        const usable = list.filter((c) => c.status !== 'inactive');
        const pre = usable.find((c) => String(c.id) === wanted) ?? (usable.length === 1 ? usable[0] : undefined);
        setForm(emptyForm(pre ? String(pre.id) : ''));
      }
    })().catch((e: unknown) => live && setLoadError(e instanceof ApiError ? e.message : txt('common.loadError')));
    return () => {
      live = false;
    };
    // The search parameter only matters on the first load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, id, txt]);

  const title = editing ? (stored ? `${txt('builder.editTitle')}: ${stored.title}` : txt('builder.editTitle')) : txt('builder.createTitle');
  const noCourses = !editing && courses !== null && courses.filter((c) => c.status !== 'inactive').length === 0;

  return (
    <Page title={title} intro={<p>{txt('builder.intro')}</p>}>
      <ErrorAlert>{loadError}</ErrorAlert>
      {!form && !loadError && !noCourses ? <p>{txt('common.loading')}</p> : null}
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
