import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Code } from '@/components/braille/cells';
import { ErrorAlert } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SelectField, TextField } from '@/components/Field';
import { ApiError } from '@/lib/api-client';
import {
  ASSESSMENT_KINDS,
  writingOf,
  type AssessmentDto,
  type AssessmentKind,
  type CourseRef,
} from '../api/assessments';
import { useCourseOutline, useSaveAssessment } from '../api/queries';
import { errorText } from '@/lib/mutation';
import { loadErrorText } from '@/lib/query';
import { emptyQuestion, errorTarget, move, toInput, validate, type AssessmentForm, type Problem, type QuestionState } from '../lib/builder';
import type en from '../locales/en';
import { useAssessmentsT, type AssessmentsT } from '../i18n';
import { QuestionEditor } from './QuestionEditor';

export const PRE = 'ab';

/** The server's field name of each form value, to clear its error when it changes. */
const FORM_FIELDS: Record<keyof AssessmentForm, string> = {
  courseId: 'course_id',
  type: 'type',
  lessonId: 'lesson_id',
  chapterId: 'chapter_id',
  title: 'title',
  passMark: 'pass_mark',
  maxAttempts: 'max_attempts',
  questions: 'questions',
};
const QUESTION_FIELDS: Record<string, string> = { size: 'distractors' };

interface Props {
  initial: AssessmentForm;
  /** The stored assessment being edited; none when creating. */
  assessmentId?: number;
  courses: CourseRef[];
  onSaved: (assessment: AssessmentDto, message: string) => void;
}

/** Focuses, after the next render, whichever of the fields (by path) comes first in the page. */
function focusFirst(paths: string[]) {
  window.setTimeout(() => {
    const els = paths.map((p) => document.getElementById(`${PRE}-${p}`)).filter((e): e is HTMLElement => !!e);
    els.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    els[0]?.focus();
  }, 0);
}

export function problemText(p: Problem, txt: AssessmentsT): string {
  switch (p.code) {
    case 'required':
      return txt('common.required');
    case 'number':
      return txt('builder.invalidNumber', { min: p.min ?? 0, max: p.max ?? 0 });
    case 'tooLong':
      return txt('common.tooLong');
    case 'chooseOne':
      return txt('builder.chooseOne');
    case 'tooMany':
      return txt('builder.tooManyGroups');
  }
}

/**
 * The words for a field error from the server: its generic "required / invalid / too long"
 * messages name the field by its path, so the known ones are said in the page's own words.
 */
export function serverFieldMessage(e: ApiError, txt: AssessmentsT): string {
  const field = e.field ?? '';
  if (e.code === 'field_required') return txt('common.required');
  if (e.code === 'field_too_long') return txt('common.tooLong');
  if (e.code !== 'field_invalid') return e.message;
  if (/(^|\.)points$/.test(field)) return txt('builder.invalidNumber', { min: 1, max: 100 });
  if (field === 'pass_mark') return txt('builder.invalidNumber', { min: 1, max: 100 });
  if (field === 'max_attempts') return txt('builder.invalidNumber', { min: 0, max: 50 });
  if (/\.distractors(\[\d+\])?$/.test(field)) return txt('builder.invalid.distractors');
  const last = field.replace(/^.*\./, '');
  return txt(`builder.invalid.${last as keyof (typeof en)['builder']['invalid']}`, { defaultValue: e.message });
}

/**
 * The assessment builder: the course and what the assessment is tied to (pickers from the
 * instructor's courses), its title, pass mark and attempts, and questions that can be added,
 * removed and moved by keyboard (each change announced, focus kept on the moved question's
 * button). Checked in the page, then by the server, whose field errors (`questions[2].points`)
 * are put on the matching fields, with "Something went wrong" above the form.
 */
export function AssessmentBuilder({ initial, assessmentId, courses, onSaved }: Props) {
  const { t: txt } = useAssessmentsT();
  const editing = assessmentId !== undefined;
  const [form, setForm] = useState<AssessmentForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ReactNode>('');
  const [announcement, setAnnouncement] = useState('');
  const save = useSaveAssessment(txt('common.sendError'));
  const busy = save.pending;
  const [removing, setRemoving] = useState<number | null>(null);
  const focusTarget = useRef<string | null>(null);

  useEffect(() => {
    const id = focusTarget.current;
    if (!id) return;
    focusTarget.current = null;
    const el = document.getElementById(id) as HTMLButtonElement | null;
    if (el && !el.disabled) el.focus();
    else if (el && id.endsWith('-up')) document.getElementById(id.replace(/-up$/, '-down'))?.focus();
    else if (el && id.endsWith('-down')) document.getElementById(id.replace(/-down$/, '-up'))?.focus();
  });

  const announce = useCallback((msg: string) => {
    setAnnouncement((prev) => (prev === msg ? `${msg}\u00a0` : msg));
  }, []);

  // The chosen course's chapters and lessons, for the lesson and chapter pickers.
  const outlineQuery = useCourseOutline(form.courseId);
  const outlineError = loadErrorText(outlineQuery.error, txt('common.loadError'));

  const course = courses.find((c) => String(c.id) === form.courseId);
  const current = !form.courseId ? null : outlineQuery.data ? { data: outlineQuery.data, error: '' } : outlineError ? { data: null, error: outlineError } : null;
  const code: Code = current?.data?.language ?? course?.language ?? 'ar';
  const writing = useMemo(() => writingOf(current?.data), [current?.data]);

  // A field's error goes once its value changes (the alert above the form stays until the next try).
  function clearErrors(paths: string[]) {
    setErrors((e) => {
      const keep = Object.entries(e).filter(([k]) => !paths.some((p) => k === p || k.startsWith(`${p}[`)));
      return keep.length === Object.keys(e).length ? e : Object.fromEntries(keep);
    });
  }

  const set = <K extends keyof AssessmentForm>(k: K) => (value: AssessmentForm[K]) => {
    setForm((f) => ({ ...f, [k]: value }));
    clearErrors([FORM_FIELDS[k]]);
  };

  function setQuestion(i: number, patch: Partial<QuestionState>) {
    setForm((f) => ({ ...f, questions: f.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) }));
    clearErrors(Object.keys(patch).map((k) => `questions[${i}].${QUESTION_FIELDS[k] ?? k}`));
  }

  function onMove(i: number, delta: -1 | 1) {
    const q = form.questions[i];
    setForm((f) => ({ ...f, questions: move(f.questions, i, delta) }));
    setErrors({});
    announce(txt('builder.moved', { pos: i + delta + 1, total: form.questions.length }));
    focusTarget.current = `mv-${q.key}-${delta < 0 ? 'up' : 'down'}`;
  }

  function addQuestion() {
    const n = form.questions.length;
    setForm((f) => ({ ...f, questions: [...f.questions, emptyQuestion()] }));
    announce(txt('builder.added', { n: n + 1 }));
    focusTarget.current = `${PRE}-questions[${n}].type`;
  }

  function confirmRemove() {
    if (removing === null) return;
    const i = removing;
    setForm((f) => ({ ...f, questions: f.questions.filter((_, j) => j !== i) }));
    setErrors({});
    announce(txt('builder.removed', { n: i + 1 }));
    setRemoving(null);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problems = validate(form);
    const paths = Object.keys(problems);
    if (paths.length) {
      setErrors(Object.fromEntries(paths.map((p) => [p, problemText(problems[p], txt)])));
      setFormError(txt('builder.fixFields'));
      focusFirst(paths);
      return;
    }
    setErrors({});
    setFormError('');
    save.mutate({ id: assessmentId, input: toInput(form) }, { onSuccess: (res) => onSaved(res.assessment, res.message), onError: refused });
  }

  /** The server refused: spec §8's "Something went wrong", with its reason on the field it names or under the message. */
  function refused(err: Error) {
    const message = errorText(err, txt('common.sendError'));
    const target = err instanceof ApiError && err.field ? errorTarget(err.field, (p) => !!document.getElementById(`${PRE}-${p}`)) : null;
    if (target && err instanceof ApiError) {
      setErrors({ [target]: serverFieldMessage(err, txt) });
      setFormError(txt('common.somethingWrong'));
      focusFirst([target]);
    } else {
      setErrors({});
      setFormError(
        message === txt('common.somethingWrong') ? (
          message
        ) : (
          <>
            <p>{txt('common.somethingWrong')}</p>
            <p>{message}</p>
          </>
        ),
      );
      window.setTimeout(() => document.getElementById(`${PRE}-form-error`)?.focus(), 0);
    }
  }

  const chapters = current?.data?.chapters ?? [];
  const lessonOptions = chapters.flatMap((c, ci) =>
    c.lessons.map((l, li) => ({ value: String(l.id), label: txt('builder.lessonOption', { c: ci + 1, ct: c.title, l: li + 1, lt: l.title }) })),
  );
  const chapterOptions = chapters.map((c, ci) => ({ value: String(c.id), label: txt('builder.chapterOption', { c: ci + 1, ct: c.title }) }));
  const common = { idPrefix: PRE };
  const courseOptions = courses
    .filter((c) => c.status !== 'inactive' || String(c.id) === form.courseId)
    .map((c) => ({ value: String(c.id), label: c.revision_of ? txt('list.revisionOf', { course: c.title }) : c.title }));

  return (
    <form noValidate onSubmit={onSubmit} className="form as-builder" aria-labelledby="page-title">
      <div tabIndex={-1} id={`${PRE}-form-error`} className="as-form-error">
        <ErrorAlert>{formError}</ErrorAlert>
      </div>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>

      <section aria-labelledby={`${PRE}-details`} className="card as-section">
        <h2 id={`${PRE}-details`}>{txt('builder.details')}</h2>
        {editing ? (
          <div className="field">
            <p className="as-fixed" id={`${PRE}-course_id`} tabIndex={-1}>
              <strong>{txt('builder.course')}:</strong> <bdi>{course?.title ?? current?.data?.title ?? ''}</bdi>
            </p>
            <p className="field-hint">{txt('builder.courseFixed')}</p>
            {errors.course_id ? <p className="field-error">{errors.course_id}</p> : null}
          </div>
        ) : (
          <SelectField
            {...common}
            name="course_id"
            label={txt('builder.course')}
            value={form.courseId}
            onChange={(v) => {
              setForm((f) => ({ ...f, courseId: v, lessonId: '', chapterId: '' }));
              clearErrors(['course_id']);
            }}
            error={errors.course_id}
            required
            allowEmpty
            options={courseOptions}
          />
        )}
        {form.courseId ? <p className="muted">{txt('builder.codeNote', { code: txt(`code.${code}`) })}</p> : null}
        <SelectField
          {...common}
          name="type"
          label={txt('builder.type')}
          hint={txt('builder.typeHint')}
          value={form.type}
          onChange={(v) => set('type')(v as AssessmentKind | '')}
          error={errors.type}
          required
          allowEmpty
          options={ASSESSMENT_KINDS.map((k) => ({ value: k, label: txt(`kind.${k}`) }))}
        />
        {form.courseId && (form.type === 'lesson_exercise' || form.type === 'chapter_assessment') && !current ? <p>{txt('builder.loadingOutline')}</p> : null}
        {current?.error ? <p className="field-error">{current.error}</p> : null}
        {form.type === 'lesson_exercise' && current?.data ? (
          <SelectField {...common} name="lesson_id" label={txt('builder.lesson')} value={form.lessonId} onChange={set('lessonId')} error={errors.lesson_id} required allowEmpty options={lessonOptions} />
        ) : null}
        {form.type === 'chapter_assessment' && current?.data ? (
          <SelectField {...common} name="chapter_id" label={txt('builder.chapter')} value={form.chapterId} onChange={set('chapterId')} error={errors.chapter_id} required allowEmpty options={chapterOptions} />
        ) : null}
        <TextField {...common} name="title" label={txt('builder.title')} value={form.title} onChange={set('title')} error={errors.title} required dir="auto" />
        <TextField {...common} name="pass_mark" label={txt('builder.passMark')} hint={txt('builder.passMarkHint')} value={form.passMark} onChange={set('passMark')} error={errors.pass_mark} required dir="ltr" />
        <TextField {...common} name="max_attempts" label={txt('builder.maxAttempts')} hint={txt('builder.maxAttemptsHint')} value={form.maxAttempts} onChange={set('maxAttempts')} error={errors.max_attempts} dir="ltr" />
      </section>

      <section aria-labelledby={`${PRE}-questions-h`} className="as-section">
        <h2 id={`${PRE}-questions-h`}>{txt('builder.questions')}</h2>
        <p className="field-hint">{txt('builder.questionsHint')}</p>
        {form.questions.map((q, i) => (
          <QuestionEditor
            key={q.key}
            question={q}
            index={i}
            total={form.questions.length}
            code={code}
            writing={writing}
            prefix={PRE}
            errors={errors}
            onChange={(patch) => setQuestion(i, patch)}
            onMove={(d) => onMove(i, d)}
            onRemove={() => setRemoving(i)}
            announce={announce}
          />
        ))}
        <div className="actions">
          <button
            type="button"
            id={`${PRE}-questions`}
            className="btn btn-secondary"
            aria-describedby={errors.questions ? `${PRE}-questions-error` : undefined}
            onClick={addQuestion}
          >
            <span aria-hidden="true">+ </span>
            {txt('builder.addQuestion')}
          </button>
        </div>
        {errors.questions ? (
          <p id={`${PRE}-questions-error`} className="field-error">
            {errors.questions}
          </p>
        ) : null}
      </section>

      <div className="actions as-save">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? txt('builder.saving') : editing ? txt('builder.saveChanges') : txt('builder.save')}
        </button>
      </div>

      <ConfirmDialog
        open={removing !== null}
        title={removing !== null ? txt('builder.removeTitle', { n: removing + 1 }) : ''}
        confirmLabel={txt('builder.removeConfirm')}
        cancelLabel={txt('common.cancel')}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
        fallbackFocusId={`${PRE}-questions`}
      >
        <p>{txt('builder.removeBody')}</p>
      </ConfirmDialog>
    </form>
  );
}
