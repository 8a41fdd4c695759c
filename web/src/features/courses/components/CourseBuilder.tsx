import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/Alert';
import { SelectField, TextArea, TextField } from '@/components/Field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/mutation';
import { type BrailleCode, type BrailleGrade, type CourseDetail } from '../api/courses';
import { useSaveCourse } from '../api/queries';
import {
  emptyChapter,
  emptyLesson,
  moveChapter,
  moveLesson,
  taughtBefore,
  toCourseInput,
  validateCourse,
  type ChapterState,
  type CourseForm,
  type LessonState,
  type ProblemCode,
} from '../lib/builder';
import type { CoursesT } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { LessonEditor } from './LessonEditor';
import { UploadField } from './UploadField';

const PRE = 'cb';

interface CourseBuilderProps {
  initial: CourseForm;
  /** The stored course being edited; none when creating. */
  courseId?: number;
  txt: CoursesT;
  onSaved: (course: CourseDetail, message: string) => void;
}

type Pending = { kind: 'chapter'; ci: number } | { kind: 'lesson'; ci: number; li: number } | null;

function optionsOf(map: Record<string, string>, current: string) {
  const opts = Object.entries(map).map(([value, label]) => ({ value, label }));
  if (current && !map[current]) opts.push({ value: current, label: current });
  return opts;
}

/** Focuses the element (by id) that comes first in the document among `ids`. */
function focusFirst(ids: string[]) {
  window.setTimeout(() => {
    const els = ids.map((id) => document.getElementById(`${PRE}-${id}`)).filter((e): e is HTMLElement => !!e);
    els.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    els[0]?.focus();
  }, 0);
}

/**
 * The course builder: details, image, and chapters of lessons that can be added, removed and
 * moved with buttons (each move announced, focus kept on the moved item's button). The spec §5
 * rule is checked here with its exact message before sending, and again by the server, whose
 * field errors are tied to the matching inputs.
 */
export function CourseBuilder({ initial, courseId, txt, onSaved }: CourseBuilderProps) {
  const [form, setForm] = useState<CourseForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const save = useSaveCourse(txt('common.sendError'));
  const busy = save.pending;
  const [uploads, setUploads] = useState(0);
  const [pending, setPending] = useState<Pending>(null);
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

  const focusLater = useCallback((id: string) => {
    focusTarget.current = id;
  }, []);

  const announce = useCallback((msg: string) => {
    // The same words twice in a row are still announced: the region's text changes.
    setAnnouncement((prev) => (prev === msg ? `${msg}\u00a0` : msg));
  }, []);

  const onBusy = useCallback((on: boolean) => setUploads((n) => Math.max(0, n + (on ? 1 : -1))), []);

  const set = <K extends keyof CourseForm>(k: K) => (value: CourseForm[K]) => setForm((f) => ({ ...f, [k]: value }));

  function setChapter(ci: number, patch: Partial<ChapterState>) {
    setForm((f) => ({ ...f, chapters: f.chapters.map((c, i) => (i === ci ? { ...c, ...patch } : c)) }));
  }

  function setLesson(ci: number, li: number, patch: Partial<LessonState>) {
    setForm((f) => ({
      ...f,
      chapters: f.chapters.map((c, i) => (i === ci ? { ...c, lessons: c.lessons.map((l, j) => (j === li ? { ...l, ...patch } : l)) } : c)),
    }));
  }

  function changeLanguage(value: string) {
    const code: BrailleCode = value === 'en' ? 'en' : 'ar';
    if (code === form.language) return;
    const hadLetters = form.chapters.some((c) => c.lessons.some((l) => l.letters.length));
    // Contraction ids belong to one code (`en:the`): they go with the letters.
    const hadContractions = form.chapters.some((c) => c.lessons.some((l) => l.contractions.length));
    setForm((f) => ({
      ...f,
      language: code,
      chapters: f.chapters.map((c) => ({ ...c, lessons: c.lessons.map((l) => ({ ...l, letters: [], contractions: [] })) })),
    }));
    if (hadContractions && form.braille_grade === 2) announce(txt('builder.contractionsCleared'));
    else if (hadLetters) announce(txt('builder.lettersCleared'));
  }

  function onMoveChapter(ci: number, delta: -1 | 1) {
    const c = form.chapters[ci];
    setForm((f) => moveChapter(f, ci, delta));
    setErrors({});
    announce(txt('builder.chapterMoved', { pos: ci + delta + 1, total: form.chapters.length }));
    focusLater(`mv-${c.key}-${delta < 0 ? 'up' : 'down'}`);
  }

  function onMoveLesson(ci: number, li: number, delta: -1 | 1) {
    const l = form.chapters[ci].lessons[li];
    setForm((f) => moveLesson(f, ci, li, delta));
    setErrors({});
    announce(txt('builder.lessonMoved', { pos: li + delta + 1, total: form.chapters[ci].lessons.length, c: ci + 1 }));
    focusLater(`mv-${l.key}-${delta < 0 ? 'up' : 'down'}`);
  }

  function addChapter() {
    const n = form.chapters.length;
    setForm((f) => ({ ...f, chapters: [...f.chapters, emptyChapter()] }));
    announce(txt('builder.chapterAdded', { n: n + 1 }));
    focusLater(`${PRE}-chapters[${n}].title`);
  }

  function addLesson(ci: number) {
    const n = form.chapters[ci].lessons.length;
    setForm((f) => ({ ...f, chapters: f.chapters.map((c, i) => (i === ci ? { ...c, lessons: [...c.lessons, emptyLesson()] } : c)) }));
    announce(txt('builder.lessonAdded', { n: n + 1, c: ci + 1 }));
    focusLater(`${PRE}-chapters[${ci}].lessons[${n}].title`);
  }

  function confirmRemove() {
    if (!pending) return;
    if (pending.kind === 'chapter') {
      setForm((f) => ({ ...f, chapters: f.chapters.filter((_, i) => i !== pending.ci) }));
      announce(txt('builder.chapterRemoved', { n: pending.ci + 1 }));
    } else {
      setForm((f) => ({
        ...f,
        chapters: f.chapters.map((c, i) => (i === pending.ci ? { ...c, lessons: c.lessons.filter((_, j) => j !== pending.li) } : c)),
      }));
      announce(txt('builder.lessonRemoved', { n: pending.li + 1, c: pending.ci + 1 }));
    }
    setErrors({});
    setPending(null);
  }

  const problemText = (code: ProblemCode): string =>
    ({
      required: txt('common.required'),
      structure: txt('common.structure'),
      duration: txt('common.durationInvalid'),
      url: txt('common.urlInvalid'),
      tooLong: txt('common.tooLong'),
      noFile: txt('common.noFile'),
    })[code];

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (uploads > 0) {
      setFormError(txt('builder.waitUpload'));
      return;
    }
    const { problems, structure } = validateCourse(form);
    const paths = Object.keys(problems);
    if (paths.length) {
      setErrors(Object.fromEntries(paths.map((p) => [p, problemText(problems[p])])));
      setFormError(structure ? txt('common.structure') : txt('builder.fixFields'));
      focusFirst(paths);
      return;
    }
    setErrors({});
    setFormError('');
    save.mutate({ id: courseId, input: toCourseInput(form) }, { onSuccess: (res) => onSaved(res.course, res.message), onError: refused });
  }

  function refused(err: Error) {
    // The server names a whole item (`…media[1]`) or one of its inputs (`…media[1].url`).
    const field =
      err instanceof ApiError && err.field
        ? [err.field, `${err.field}.file`, `${err.field}.url`, `${err.field}.title`, err.field.replace(/\[\d+\]$/, '')].find((f) => document.getElementById(`${PRE}-${f}`))
        : undefined;
    if (err instanceof ApiError && field) {
      setErrors({ [field]: err.message });
      setFormError(err.code === 'course_structure' ? err.message : txt('builder.fixFields'));
      focusFirst([field]);
    } else {
      setFormError(errorText(err, txt('common.sendError')));
    }
  }

  const common = { idPrefix: PRE };
  const before = taughtBefore(form);
  const pendingTitle =
    pending?.kind === 'chapter' ? txt('builder.removeChapterTitle', { n: pending.ci + 1 }) : pending ? txt('builder.removeLessonTitle', { n: pending.li + 1, c: pending.ci + 1 }) : '';
  const pendingFallback = pending?.kind === 'chapter' ? `${PRE}-chapters` : pending ? `${PRE}-chapters[${pending.ci}].lessons` : undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="form crs-builder" aria-labelledby="page-title">
      <ErrorAlert id="cb-form-error">{formError}</ErrorAlert>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>

      <section aria-labelledby="cb-details" className="card crs-section">
        <h2 id="cb-details">{txt('builder.details')}</h2>
        <TextField {...common} name="title" label={txt('builder.title')} value={form.title} onChange={set('title')} error={errors.title} required />
        <SelectField {...common} name="type" label={txt('builder.type')} value={form.type} onChange={set('type')} error={errors.type} required allowEmpty options={optionsOf(txt('options.type', { returnObjects: true }), form.type)} />
        <TextField {...common} name="duration_days" label={txt('builder.duration')} hint={txt('builder.durationHint')} value={form.duration_days} onChange={set('duration_days')} error={errors.duration_days} required dir="ltr" />
        <TextArea {...common} name="description" label={txt('builder.description')} value={form.description} onChange={set('description')} error={errors.description} required />
        <SelectField {...common} name="category" label={txt('builder.category')} value={form.category} onChange={set('category')} error={errors.category} required allowEmpty options={optionsOf(txt('options.category', { returnObjects: true }), form.category)} />
        <SelectField {...common} name="level" label={txt('builder.level')} value={form.level} onChange={set('level')} error={errors.level} required allowEmpty options={optionsOf(txt('options.level', { returnObjects: true }), form.level)} />
        <SelectField
          {...common}
          name="language"
          label={txt('builder.language')}
          hint={txt('builder.languageHint')}
          value={form.language}
          onChange={changeLanguage}
          error={errors.language}
          required
          options={[
            { value: 'ar', label: txt('options.language.ar') },
            { value: 'en', label: txt('options.language.en') },
          ]}
        />
        <SelectField
          {...common}
          name="braille_grade"
          label={txt('builder.grade')}
          hint={txt('builder.gradeHint')}
          value={String(form.braille_grade)}
          onChange={(v) => set('braille_grade')((v === '2' ? 2 : 1) as BrailleGrade)}
          error={errors.braille_grade}
          required
          options={[
            { value: '1', label: txt('gradeName.g1') },
            { value: '2', label: txt('gradeName.g2') },
          ]}
        />
        <div className="crs-image-field">
          {form.imageUrl ? (
            <div className="crs-image-current">
              <img className="crs-image crs-image-small" src={form.imageUrl} alt={txt('builder.imageAlt')} />
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setForm((f) => ({ ...f, imageMediaId: null, imageUrl: null }));
                  announce(txt('builder.imageRemoved'));
                  focusLater(`${PRE}-image_media_id`);
                }}
              >
                {txt('builder.removeImage')}
              </button>
            </div>
          ) : null}
          <UploadField
            id={`${PRE}-image_media_id`}
            label={txt('builder.image')}
            hint={txt('builder.imageHint')}
            kind="image"
            txt={txt}
            error={errors.image_media_id}
            onBusy={onBusy}
            onUploaded={(m) => setForm((f) => ({ ...f, imageMediaId: m.id, imageUrl: m.url }))}
          />
        </div>
      </section>

      <section aria-labelledby="cb-chapters-h" className="crs-section">
        <h2 id="cb-chapters-h">{txt('builder.chapters')}</h2>
        <p className="field-hint">{txt('builder.rule')}</p>
        {form.chapters.map((c, ci) => {
          const cp = `chapters[${ci}]`;
          const headingId = `h-${c.key}`;
          return (
            <section key={c.key} className="crs-block crs-chapter" aria-labelledby={headingId}>
              <div className="crs-block-head">
                <h3 id={headingId}>
                  {txt('common.chapterN', { n: ci + 1 })}
                  {c.title.trim() ? `: ${c.title.trim()}` : ''}
                </h3>
                <div className="crs-move">
                  <button type="button" id={`mv-${c.key}-up`} className="btn btn-secondary" disabled={ci === 0} onClick={() => onMoveChapter(ci, -1)}>
                    <span aria-hidden="true">↑ </span>
                    {txt('builder.chapterUp', { n: ci + 1 })}
                  </button>
                  <button
                    type="button"
                    id={`mv-${c.key}-down`}
                    className="btn btn-secondary"
                    disabled={ci === form.chapters.length - 1}
                    onClick={() => onMoveChapter(ci, 1)}
                  >
                    <span aria-hidden="true">↓ </span>
                    {txt('builder.chapterDown', { n: ci + 1 })}
                  </button>
                  <button type="button" className="btn btn-secondary crs-remove" onClick={() => setPending({ kind: 'chapter', ci })}>
                    {txt('builder.removeChapter', { n: ci + 1 })}
                  </button>
                </div>
              </div>
              <TextField {...common} name={`${cp}.title`} label={txt('builder.chapterTitle')} value={c.title} onChange={(v) => setChapter(ci, { title: v })} error={errors[`${cp}.title`]} required />
              <TextArea
                {...common}
                name={`${cp}.description`}
                label={txt('builder.chapterDescription')}
                value={c.description}
                onChange={(v) => setChapter(ci, { description: v })}
                error={errors[`${cp}.description`]}
                required
              />
              {c.lessons.map((l, li) => (
                <LessonEditor
                  key={l.key}
                  lesson={l}
                  path={`${cp}.lessons[${li}]`}
                  chapterNo={ci + 1}
                  lessonNo={li + 1}
                  lessonCount={c.lessons.length}
                  code={form.language}
                  grade={form.braille_grade}
                  taughtBefore={before.get(l.key) ?? new Set()}
                  errors={errors}
                  txt={txt}
                  onChange={(patch) => setLesson(ci, li, patch)}
                  onMove={(d) => onMoveLesson(ci, li, d)}
                  onRemove={() => setPending({ kind: 'lesson', ci, li })}
                  announce={announce}
                  onBusy={onBusy}
                  focusLater={focusLater}
                />
              ))}
              <div className="actions">
                <button
                  type="button"
                  id={`${PRE}-${cp}.lessons`}
                  className="btn btn-secondary"
                  aria-describedby={errors[`${cp}.lessons`] ? `${PRE}-${cp}.lessons-error` : undefined}
                  onClick={() => addLesson(ci)}
                >
                  <span aria-hidden="true">+ </span>
                  {txt('builder.addLesson', { n: ci + 1 })}
                </button>
              </div>
              {errors[`${cp}.lessons`] ? (
                <p id={`${PRE}-${cp}.lessons-error`} className="field-error">
                  {errors[`${cp}.lessons`]}
                </p>
              ) : null}
            </section>
          );
        })}
        <div className="actions">
          <button
            type="button"
            id={`${PRE}-chapters`}
            className="btn btn-secondary"
            aria-describedby={errors.chapters ? `${PRE}-chapters-error` : undefined}
            onClick={addChapter}
          >
            <span aria-hidden="true">+ </span>
            {txt('builder.addChapter')}
          </button>
        </div>
        {errors.chapters ? (
          <p id={`${PRE}-chapters-error`} className="field-error">
            {errors.chapters}
          </p>
        ) : null}
      </section>

      <div className="actions crs-save">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? txt('builder.saving') : courseId === undefined ? txt('builder.save') : txt('builder.saveChanges')}
        </button>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pendingTitle}
        confirmLabel={txt('builder.removeConfirm')}
        cancelLabel={txt('common.cancel')}
        onConfirm={confirmRemove}
        onClose={() => setPending(null)}
        fallbackFocusId={pendingFallback}
      >
        <p>{txt('builder.removeBody')}</p>
      </ConfirmDialog>
    </form>
  );
}
