import { TextArea, TextField } from '@/components/Field';
import type { BrailleCode, BrailleGrade, LessonMediaKind } from '../api/courses';
import { emptyLink, emptyMedia, uploadKindFor, type LessonState, type LinkState, type MediaState } from '../lib/builder';
import type { CoursesT } from '../i18n';
import { ContractionPicker } from './ContractionPicker';
import { LetterPicker } from './LetterPicker';
import { UploadField } from './UploadField';

export interface LessonEditorProps {
  lesson: LessonState;
  /** Field path of the lesson, e.g. `chapters[0].lessons[1]`. */
  path: string;
  chapterNo: number;
  lessonNo: number;
  lessonCount: number;
  code: BrailleCode;
  grade: BrailleGrade;
  /** Contraction ids the lessons before this one introduce. */
  taughtBefore: ReadonlySet<string>;
  errors: Record<string, string>;
  txt: CoursesT;
  onChange: (patch: Partial<LessonState>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  announce: (msg: string) => void;
  onBusy: (busy: boolean) => void;
  focusLater: (id: string) => void;
}

const KINDS: LessonMediaKind[] = ['file', 'audio', 'video'];

export function LessonEditor(p: LessonEditorProps) {
  const { lesson, path, txt, errors } = p;
  const pre = 'cb';
  const err = (f: string) => errors[`${path}.${f}`];
  const headingId = `h-${lesson.key}`;

  function setLink(i: number, patch: Partial<LinkState>) {
    p.onChange({ links: lesson.links.map((k, j) => (j === i ? { ...k, ...patch } : k)) });
  }
  function setMedia(i: number, patch: Partial<MediaState>) {
    p.onChange({ media: lesson.media.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  }

  return (
    <section className="crs-block crs-lesson" aria-labelledby={headingId}>
      <div className="crs-block-head">
        <h4 id={headingId}>
          {txt('common.lessonN', { n: p.lessonNo })}
          {lesson.title.trim() ? `: ${lesson.title.trim()}` : ''}
        </h4>
        <div className="crs-move">
          <button type="button" id={`mv-${lesson.key}-up`} className="btn btn-secondary" disabled={p.lessonNo === 1} onClick={() => p.onMove(-1)}>
            <span aria-hidden="true">↑ </span>
            {txt('builder.lessonUp', { c: p.chapterNo, n: p.lessonNo })}
          </button>
          <button type="button" id={`mv-${lesson.key}-down`} className="btn btn-secondary" disabled={p.lessonNo === p.lessonCount} onClick={() => p.onMove(1)}>
            <span aria-hidden="true">↓ </span>
            {txt('builder.lessonDown', { c: p.chapterNo, n: p.lessonNo })}
          </button>
          <button type="button" className="btn btn-secondary crs-remove" onClick={p.onRemove}>
            {txt('builder.removeLesson', { c: p.chapterNo, n: p.lessonNo })}
          </button>
        </div>
      </div>
      <TextField idPrefix={pre} name={`${path}.title`} label={txt('builder.lessonTitle')} value={lesson.title} onChange={(v) => p.onChange({ title: v })} error={err('title')} required />
      <TextArea idPrefix={pre} name={`${path}.description`} label={txt('builder.lessonDescription')} value={lesson.description} onChange={(v) => p.onChange({ description: v })} error={err('description')} required />
      <TextArea idPrefix={pre} name={`${path}.rule`} label={txt('builder.ruleField')} hint={txt('builder.ruleHint')} value={lesson.rule} onChange={(v) => p.onChange({ rule: v })} error={err('rule')} />

      <fieldset className="fieldset">
        <legend>{txt('builder.letters')}</legend>
        <LetterPicker id={`${pre}-${path}.letters`} code={p.code} selected={lesson.letters} onChange={(letters) => p.onChange({ letters })} txt={txt} error={err('letters')} />
      </fieldset>

      {p.grade === 2 ? (
        <fieldset className="fieldset">
          <legend>{txt('builder.contractions')}</legend>
          <ContractionPicker
            id={`${pre}-${path}.contractions`}
            code={p.code}
            selected={lesson.contractions}
            taughtBefore={p.taughtBefore}
            onChange={(contractions) => p.onChange({ contractions })}
            txt={txt}
            error={err('contractions')}
          />
        </fieldset>
      ) : null}

      <TextArea idPrefix={pre} name={`${path}.words`} label={txt('builder.words')} hint={txt('builder.wordsHint')} value={lesson.words} onChange={(v) => p.onChange({ words: v })} error={err('words')} />

      <fieldset className="fieldset">
        <legend>{txt('builder.media')}</legend>
        {lesson.media.map((m, i) => {
          const mp = `${path}.media[${i}]`;
          const kindName = txt(`builder.mediaKind.${m.kind}`);
          const sameKind = lesson.media.filter((x) => x.kind === m.kind);
          const n = sameKind.indexOf(m) + 1;
          return (
            <fieldset key={m.key} className="fieldset crs-media-item">
              <legend>{txt('builder.mediaN', { kind: kindName, n })}</legend>
              <TextField idPrefix={pre} name={`${mp}.title`} label={txt('builder.mediaTitle')} value={m.title} onChange={(v) => setMedia(i, { title: v })} error={errors[`${mp}.title`]} required />
              {m.kind === 'video' ? (
                <fieldset className="crs-radios">
                  <legend>{txt('builder.source')}</legend>
                  {(['upload', 'url'] as const).map((s) => (
                    <div key={s} className="crs-radio">
                      <input
                        type="radio"
                        id={`${pre}-${mp}.source-${s}`}
                        name={`${lesson.key}-${m.key}-source`}
                        checked={m.source === s}
                        onChange={() => setMedia(i, { source: s })}
                      />
                      <label htmlFor={`${pre}-${mp}.source-${s}`}>{s === 'upload' ? txt('builder.sourceUpload') : txt('builder.sourceUrl')}</label>
                    </div>
                  ))}
                </fieldset>
              ) : null}
              {m.kind === 'video' && m.source === 'url' ? (
                <TextField idPrefix={pre} name={`${mp}.url`} label={txt('builder.videoUrl')} value={m.url} onChange={(v) => setMedia(i, { url: v })} error={errors[`${mp}.url`]} required dir="ltr" />
              ) : (
                <>
                  {m.mediaId !== null ? (
                    <p className="crs-current-file">
                      {txt('builder.currentFile', { name: m.fileName || m.title })}
                      {m.fileUrl ? (
                        <>
                          {' — '}
                          <a href={m.fileUrl} target="_blank" rel="noopener noreferrer">
                            {txt('builder.checkFile')}
                            <span className="visually-hidden"> {txt('common.newTab')}</span>
                          </a>
                        </>
                      ) : null}
                    </p>
                  ) : null}
                  <UploadField
                    id={`${pre}-${mp}.file`}
                    label={txt('builder.mediaFile')}
                    hint={txt(`builder.mediaHint.${m.kind}`)}
                    kind={uploadKindFor(m.kind)}
                    txt={txt}
                    required={m.mediaId === null}
                    error={errors[`${mp}.file`] ?? errors[`${mp}.media_id`]}
                    onBusy={p.onBusy}
                    onUploaded={(u) =>
                      setMedia(i, {
                        mediaId: u.id,
                        fileName: u.name,
                        fileUrl: u.url,
                        title: m.title.trim() ? m.title : u.name.replace(/\.[^.]+$/, ''),
                      })
                    }
                  />
                </>
              )}
              <button
                type="button"
                className="btn btn-secondary crs-remove"
                onClick={() => {
                  p.onChange({ media: lesson.media.filter((x) => x.key !== m.key) });
                  p.announce(txt('builder.mediaRemoved', { kind: kindName }));
                  p.focusLater(`${pre}-${path}.media`);
                }}
              >
                {txt('builder.removeMedia', { kind: kindName.toLowerCase(), n })}
              </button>
            </fieldset>
          );
        })}
        <div className="actions">
          {KINDS.map((k, i) => (
            <button
              key={k}
              type="button"
              id={i === 0 ? `${pre}-${path}.media` : undefined}
              className="btn btn-secondary"
              onClick={() => {
                const item = emptyMedia(k);
                p.onChange({ media: [...lesson.media, item] });
                p.announce(txt('builder.mediaAdded', { kind: txt(`builder.mediaKind.${k}`) }));
                p.focusLater(`${pre}-${path}.media[${lesson.media.length}].title`);
              }}
            >
              {txt(`builder.add.${k}`)}
            </button>
          ))}
        </div>
        {errors[`${path}.media`] ? <p className="field-error">{errors[`${path}.media`]}</p> : null}
      </fieldset>

      <fieldset className="fieldset">
        <legend>{txt('builder.links')}</legend>
        {lesson.links.map((k, i) => (
          <fieldset key={k.key} className="fieldset crs-link-item">
            <legend>{txt('builder.linkN', { n: i + 1 })}</legend>
            <TextField idPrefix={pre} name={`${path}.links[${i}].title`} label={txt('builder.linkTitle')} value={k.title} onChange={(v) => setLink(i, { title: v })} error={errors[`${path}.links[${i}].title`]} required />
            <TextField idPrefix={pre} name={`${path}.links[${i}].url`} label={txt('builder.linkUrl')} value={k.url} onChange={(v) => setLink(i, { url: v })} error={errors[`${path}.links[${i}].url`]} required dir="ltr" />
            <button
              type="button"
              className="btn btn-secondary crs-remove"
              onClick={() => {
                p.onChange({ links: lesson.links.filter((x) => x.key !== k.key) });
                p.announce(txt('builder.linkRemoved'));
                p.focusLater(`${pre}-${path}.links`);
              }}
            >
              {txt('builder.removeLink', { n: i + 1 })}
            </button>
          </fieldset>
        ))}
        <div className="actions">
          <button
            type="button"
            id={`${pre}-${path}.links`}
            className="btn btn-secondary"
            aria-describedby={errors[`${path}.links`] ? `${pre}-${path}.links-error` : undefined}
            onClick={() => {
              p.onChange({ links: [...lesson.links, emptyLink()] });
              p.announce(txt('builder.linkAdded'));
              p.focusLater(`${pre}-${path}.links[${lesson.links.length}].title`);
            }}
          >
            {txt('builder.addLink')}
          </button>
        </div>
        {errors[`${path}.links`] ? (
          <p id={`${pre}-${path}.links-error`} className="field-error">
            {errors[`${path}.links`]}
          </p>
        ) : null}
      </fieldset>
    </section>
  );
}
