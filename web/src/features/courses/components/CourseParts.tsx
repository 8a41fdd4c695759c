import { useTranslation } from 'react-i18next';
import type { ChapterDto, CourseDetail, CourseSummary, Progress } from '../api/courses';
import { formatDateTime } from '@/lib/format';
import { gradeLabel, optionLabel, type CoursesT } from '../i18n';
import { LessonContent } from './LessonContent';

/** The course's facts as a description list. */
export function CourseFacts({ course, txt, withStatus }: { course: CourseSummary; txt: CoursesT; withStatus?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <dl className="details crs-facts">
      {withStatus ? (
        <>
          <dt>{txt('facts.status')}</dt>
          <dd>{txt(`status.${course.status}`) ?? course.status}</dd>
        </>
      ) : null}
      <dt>{txt('facts.instructor')}</dt>
      <dd>{course.instructor.name}</dd>
      <dt>{txt('facts.type')}</dt>
      <dd>{optionLabel(txt, 'type', course.type)}</dd>
      <dt>{txt('facts.category')}</dt>
      <dd>{optionLabel(txt, 'category', course.category)}</dd>
      <dt>{txt('facts.level')}</dt>
      <dd>{optionLabel(txt, 'level', course.level)}</dd>
      <dt>{txt('facts.language')}</dt>
      <dd>{optionLabel(txt, 'language', course.language)}</dd>
      <dt>{txt('facts.grade')}</dt>
      <dd>{gradeLabel(txt, course.braille_grade)}</dd>
      <dt>{txt('facts.duration')}</dt>
      <dd>{txt('common.days', { count: course.duration_days })}</dd>
      <dt>{txt('facts.lessons')}</dt>
      <dd>{course.lessons_count}</dd>
      {withStatus ? (
        <>
          <dt>{txt('facts.enrolled')}</dt>
          <dd>{course.enrolled_count}</dd>
          <dt>{txt('facts.updated')}</dt>
          <dd>{formatDateTime(course.updated_at, i18n.language)}</dd>
        </>
      ) : null}
    </dl>
  );
}

export function CourseImage({ course, txt }: { course: CourseSummary; txt: CoursesT }) {
  return course.image ? <img className="crs-image" src={course.image} alt={txt('builder.imageAlt')} /> : null;
}

/** Chapters with their lessons' titles (the public outline). */
export function CourseOutline({ chapters, txt }: { chapters: ChapterDto[]; txt: CoursesT }) {
  return (
    <section aria-labelledby="outline-heading">
      <h2 id="outline-heading">{txt('content.contents')}</h2>
      <ol className="crs-outline">
        {chapters.map((c, ci) => (
          <li key={c.id}>
            <h3>
              {txt('common.chapterN', { n: ci + 1 })}: <bdi>{c.title}</bdi>
            </h3>
            {c.description ? (
              <p className="crs-prewrap" dir="auto">
                {c.description}
              </p>
            ) : null}
            {c.lessons.length ? (
              <ol>
                {c.lessons.map((l) => (
                  <li key={l.id}>
                    <bdi>{l.title}</bdi>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">{txt('content.noLessons')}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Everything in the course, for its owner's preview and the supervisor's review. */
export function FullCourse({ course, txt }: { course: CourseDetail; txt: CoursesT }) {
  return (
    <div className="crs-full">
      <section aria-labelledby="full-description">
        <h2 id="full-description">{txt('content.description')}</h2>
        <p className="crs-prewrap" dir="auto">
          {course.description}
        </p>
      </section>
      {course.chapters.map((c, ci) => (
        <section key={c.id} aria-labelledby={`full-ch-${c.id}`} className="crs-full-chapter">
          <h2 id={`full-ch-${c.id}`}>
            {txt('common.chapterN', { n: ci + 1 })}: <bdi>{c.title}</bdi>
          </h2>
          <p className="crs-prewrap" dir="auto">
            {c.description}
          </p>
          {c.lessons.length === 0 ? <p className="muted">{txt('content.noLessons')}</p> : null}
          {c.lessons.map((l, li) => (
            <article key={l.id} aria-labelledby={`full-l-${l.id}`} className="card crs-full-lesson">
              <h3 id={`full-l-${l.id}`}>
                {txt('common.lessonN', { n: li + 1 })}: <bdi>{l.title}</bdi>
              </h3>
              <LessonContent lesson={l} txt={txt} level={4} idPrefix={`full-l-${l.id}`} />
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}

/** The progress state and lessons done, with a native progress bar. */
export function ProgressView({ progress, txt, label }: { progress: Progress; txt: CoursesT; label: string }) {
  const total = Math.max(progress.lessons_total, 0);
  return (
    <div className="crs-progress">
      <p>
        <strong>{label}:</strong> <span className={`crs-state crs-state-${progress.state}`}>{txt(`progress.${progress.state}`) ?? progress.state}</span>
        {' — '}
        {txt('common.lessonsDone', { done: progress.lessons_done, total })}
      </p>
      <progress max={total || 1} value={Math.min(progress.lessons_done, total || 1)} aria-label={label} />
    </div>
  );
}
