import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { sessionAtom } from '@/lib/state';
import { loadErrorText } from '@/lib/query';
import { type CourseSummary } from '../api/courses';
import { useCatalogue, useCourse, useEnrol } from '../api/queries';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CourseFacts, CourseImage, CourseOutline } from '../components/CourseParts';
import { gradeLabel, optionLabel, useCoursesT, type CoursesT } from '../i18n';
import '../courses.css';
import { ScriptNote } from '@/components/ScriptNote';

export type CatalogueArea = 'public' | 'student';

const base = (area: CatalogueArea) => (area === 'public' ? '/courses' : '/student/discover-courses');

const FILTERS = ['category', 'level', 'language'] as const;

function FilterSelect({ name, label, value, onChange, options, any }: { name: string; label: string; value: string; onChange: (v: string) => void; options: Record<string, string>; any: string }) {
  return (
    <div className="field">
      <label htmlFor={`cat-${name}`}>{label}</label>
      <select id={`cat-${name}`} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

function CourseCard({ c, area, txt }: { c: CourseSummary; area: CatalogueArea; txt: CoursesT }) {
  return (
    <li className="card crs-course-card">
      <h3>
        <Link to={`${base(area)}/${c.id}`} dir="auto">
          {c.title}
        </Link>
      </h3>
      <p className="muted">{txt('catalogue.by', { name: c.instructor.name })}</p>
      <p className="crs-clamp" dir="auto">
        {c.description}
      </p>
      <p className="crs-tags">
        <span>{optionLabel(txt, 'category', c.category)}</span>
        <span>{optionLabel(txt, 'level', c.level)}</span>
        <span>{optionLabel(txt, 'language', c.language)}</span>
        <span>{gradeLabel(txt, c.braille_grade)}</span>
        <span>{txt('common.lessons', { count: c.lessons_count })}</span>
        <span>{txt('common.days', { count: c.duration_days })}</span>
      </p>
    </li>
  );
}

/** /courses and /student/discover-courses: active courses, searchable and filtered (kept in the URL). */
export function CataloguePage({ area }: { area: CatalogueArea }) {
  const { t: txt } = useCoursesT();
  const [params, setParams] = useSearchParams();
  const applied = { q: params.get('q') ?? '', category: params.get('category') ?? '', level: params.get('level') ?? '', language: params.get('language') ?? '' };
  const [draft, setDraft] = useState(applied);
  const key = params.toString();
  const filtered = Object.values(applied).some(Boolean);
  const query = useCatalogue(applied);
  const courses = query.data;
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  // A search submitted again unchanged reads nothing new: its count is not said again.
  const [quiet, setQuiet] = useState<string | null>(null);
  // The count of a filtered search, once its own answer is on screen (not the previous one's).
  const found =
    key && quiet !== key && courses && !query.isPlaceholderData && !query.error
      ? courses.length
        ? txt('catalogue.found', { count: courses.length })
        : txt('catalogue.foundNone')
      : '';

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(draft)) if (v.trim()) next.set(k, v.trim());
    setQuiet(next.toString() === key ? key : null);
    setParams(next);
  }

  function clear() {
    setDraft({ q: '', category: '', level: '', language: '' });
    setQuiet(null);
    setParams(new URLSearchParams());
    document.getElementById('cat-q')?.focus();
  }

  return (
    <Page title={txt('catalogue.title')} intro={<p>{txt('catalogue.intro')}</p>}>
      <search className="card crs-search">
        <form onSubmit={onSubmit} aria-label={txt('catalogue.search')} className="crs-search-form">
          <ScriptNote />
          <div className="field crs-search-q">
            <label htmlFor="cat-q">{txt('catalogue.q')}</label>
            <input id="cat-q" name="q" type="search" value={draft.q} onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))} />
          </div>
          {FILTERS.map((f) => (
            <FilterSelect key={f} name={f} label={txt(`facts.${f}`)} value={draft[f]} onChange={(v) => setDraft((d) => ({ ...d, [f]: v }))} options={txt(`options.${f}`, { returnObjects: true })} any={txt('catalogue.any')} />
          ))}
          <div className="actions">
            <button type="submit" className="btn btn-primary">
              {txt('catalogue.submit')}
            </button>
            {filtered ? (
              <button type="button" className="btn btn-secondary" onClick={clear}>
                {txt('catalogue.clear')}
              </button>
            ) : null}
          </div>
        </form>
      </search>
      <ErrorAlert>{loadError}</ErrorAlert>
      <StatusMessage>{found}</StatusMessage>
      <section aria-labelledby="results-heading">
        <h2 id="results-heading">{txt('catalogue.results')}</h2>
        {!courses && !loadError ? <p>{txt('common.loading')}</p> : null}
        {courses && courses.length === 0 ? (
          <EmptyState>
            <p>{filtered ? txt('catalogue.foundNone') : txt('catalogue.noneYet')}</p>
          </EmptyState>
        ) : null}
        {courses && courses.length > 0 ? (
          <ul className="crs-course-list crs-grid">
            {courses.map((course) => (
              <CourseCard key={course.id} c={course} area={area} txt={txt} />
            ))}
          </ul>
        ) : null}
      </section>
    </Page>
  );
}

/** /courses/:id and /student/discover-courses/:id: the course, its outline and enrolment. */
export function CoursePage({ area }: { area: CatalogueArea }) {
  const { t: txt } = useCoursesT();
  const { id } = useParams();
  const session = useAtomValue(sessionAtom);
  const query = useCourse(id ?? '');
  const course = query.data;
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  const [asking, setAsking] = useState(false);
  const enrolment = useEnrol(txt('common.sendError'));
  const [status, setStatus] = useState('');

  function confirmEnrol() {
    if (!course || enrolment.pending) return;
    enrolment.mutate({ id: course.id, key: id ?? '' }, { onSuccess: (res) => setStatus(res.message) });
  }

  const isStudent = session?.type === 'student';
  // The dialog closes in the same render that swaps "Enrol" for "Go to the course" (the cached
  // course turns enrolled): the dialog then finds its opener gone and focuses `go-course`.
  const dialogOpen = asking && !course?.enrolled;
  return (
    <Page title={course?.title ?? txt('catalogue.title')}>
      <LoadState loading={!course} loadError={loadError} status={status} loadingText={txt('common.loading')} />
      {course ? (
        <>
          <CourseImage course={course} txt={txt} />
          <p className="crs-prewrap lead" dir="auto">
            {course.description}
          </p>
          <CourseFacts course={course} txt={txt} />
          <div className="card crs-enrol">
            {course.enrolled ? (
              <>
                <p>{txt('course.enrolled')}</p>
                <Link id="go-course" className="btn btn-primary" to={`/student/courses/${course.id}`}>
                  {txt('course.open')}
                </Link>
              </>
            ) : isStudent ? (
              course.status === 'active' ? (
                <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
                  {txt('course.enrol')}
                </button>
              ) : null
            ) : session ? (
              <p>{txt('course.studentsOnly')}</p>
            ) : (
              <p>
                {txt('course.signIn')} <Link to="/login">{txt('course.signInLink')}</Link> — <Link to="/register">{txt('course.register')}</Link>
              </p>
            )}
          </div>
          <CourseOutline chapters={course.chapters} txt={txt} />
          <ConfirmDialog
            open={dialogOpen}
            title={txt('course.dialogTitle', { t: course.title })}
            confirmLabel={txt('course.confirm')}
            cancelLabel={txt('common.cancel')}
            busy={enrolment.pending}
            onConfirm={confirmEnrol}
            onClose={() => {
              setAsking(false);
              enrolment.reset();
            }}
            fallbackFocusId="go-course"
          >
            <p>{txt('course.dialogBody')}</p>
            <ErrorAlert>{enrolment.errorText}</ErrorAlert>
          </ConfirmDialog>
        </>
      ) : null}
      <p>
        <Link to={base(area)}>{txt('course.back')}</Link>
      </p>
    </Page>
  );
}
