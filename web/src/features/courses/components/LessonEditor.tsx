import { TextArea, TextField } from '@/components/Field';
import type { BrailleCode, LessonMediaKind } from '../api/courses';
import { emptyLink, emptyMedia, uploadKindFor, type LessonState, type LinkState, type MediaState } from '../lib/builder';
import type { CourseTexts } from '../texts';
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
  errors: Record<string, string>;
  txt: CourseTexts;
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
  const b = txt.builder;
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
          {txt.common.lessonN(p.lessonNo)}
          {lesson.title.trim() ? `: ${lesson.title.trim()}` : ''}
        </h4>
        <div className="crs-move">
          <button type="button" id={`mv-${lesson.key}-up`} className="btn btn-secondary" disabled={p.lessonNo === 1} onClick={() => p.onMove(-1)}>
            <span aria-hidden="true">↑ </span>
            {b.lessonUp(p.chapterNo, p.lessonNo)}
          </button>
          <button type="button" id={`mv-${lesson.key}-down`} className="btn btn-secondary" disabled={p.lessonNo === p.lessonCount} onClick={() => p.onMove(1)}>
            <span aria-hidden="true">↓ </span>
            {b.lessonDown(p.chapterNo, p.lessonNo)}
          </button>
          <button type="button" className="btn btn-secondary crs-remove" onClick={p.onRemove}>
            {b.removeLesson(p.chapterNo, p.lessonNo)}
          </button>
        </div>
      </div>
      <TextField idPrefix={pre} name={`${path}.title`} label={b.lessonTitle} value={lesson.title} onChange={(v) => p.onChange({ title: v })} error={err('title')} required />
      <TextArea idPrefix={pre} name={`${path}.description`} label={b.lessonDescription} value={lesson.description} onChange={(v) => p.onChange({ description: v })} error={err('description')} required />
      <TextArea idPrefix={pre} name={`${path}.rule`} label={b.ruleField} hint={b.ruleHint} value={lesson.rule} onChange={(v) => p.onChange({ rule: v })} error={err('rule')} />

      <fieldset className="fieldset">
        <legend>{b.letters}</legend>
        <LetterPicker id={`${pre}-${path}.letters`} code={p.code} selected={lesson.letters} onChange={(letters) => p.onChange({ letters })} txt={txt} error={err('letters')} />
      </fieldset>

      <TextArea idPrefix={pre} name={`${path}.words`} label={b.words} hint={b.wordsHint} value={lesson.words} onChange={(v) => p.onChange({ words: v })} error={err('words')} />

      <fieldset className="fieldset">
        <legend>{b.media}</legend>
        {lesson.media.map((m, i) => {
          const mp = `${path}.media[${i}]`;
          const kindName = b.mediaKind[m.kind];
          const sameKind = lesson.media.filter((x) => x.kind === m.kind);
          const n = sameKind.indexOf(m) + 1;
          return (
            <fieldset key={m.key} className="fieldset crs-media-item">
              <legend>{b.mediaN(kindName, n)}</legend>
              <TextField idPrefix={pre} name={`${mp}.title`} label={b.mediaTitle} value={m.title} onChange={(v) => setMedia(i, { title: v })} error={errors[`${mp}.title`]} required />
              {m.kind === 'video' ? (
                <fieldset className="crs-radios">
                  <legend>{b.source}</legend>
                  {(['upload', 'url'] as const).map((s) => (
                    <div key={s} className="crs-radio">
                      <input
                        type="radio"
                        id={`${pre}-${mp}.source-${s}`}
                        name={`${lesson.key}-${m.key}-source`}
                        checked={m.source === s}
                        onChange={() => setMedia(i, { source: s })}
                      />
                      <label htmlFor={`${pre}-${mp}.source-${s}`}>{s === 'upload' ? b.sourceUpload : b.sourceUrl}</label>
                    </div>
                  ))}
                </fieldset>
              ) : null}
              {m.kind === 'video' && m.source === 'url' ? (
                <TextField idPrefix={pre} name={`${mp}.url`} label={b.videoUrl} value={m.url} onChange={(v) => setMedia(i, { url: v })} error={errors[`${mp}.url`]} required dir="ltr" />
              ) : (
                <>
                  {m.mediaId !== null ? (
                    <p className="crs-current-file">
                      {b.currentFile(m.fileName || m.title)}
                      {m.fileUrl ? (
                        <>
                          {' — '}
                          <a href={m.fileUrl} target="_blank" rel="noopener noreferrer">
                            {b.checkFile}
                            <span className="visually-hidden"> {txt.common.newTab}</span>
                          </a>
                        </>
                      ) : null}
                    </p>
                  ) : null}
                  <UploadField
                    id={`${pre}-${mp}.file`}
                    label={b.mediaFile}
                    hint={b.mediaHint[m.kind]}
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
                  p.announce(b.mediaRemoved(kindName));
                  p.focusLater(`${pre}-${path}.media`);
                }}
              >
                {b.removeMedia(kindName, n)}
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
                p.announce(b.mediaAdded(b.mediaKind[k]));
                p.focusLater(`${pre}-${path}.media[${lesson.media.length}].title`);
              }}
            >
              {b.add[k]}
            </button>
          ))}
        </div>
        {errors[`${path}.media`] ? <p className="field-error">{errors[`${path}.media`]}</p> : null}
      </fieldset>

      <fieldset className="fieldset">
        <legend>{b.links}</legend>
        {lesson.links.map((k, i) => (
          <fieldset key={k.key} className="fieldset crs-link-item">
            <legend>{b.linkN(i + 1)}</legend>
            <TextField idPrefix={pre} name={`${path}.links[${i}].title`} label={b.linkTitle} value={k.title} onChange={(v) => setLink(i, { title: v })} error={errors[`${path}.links[${i}].title`]} required />
            <TextField idPrefix={pre} name={`${path}.links[${i}].url`} label={b.linkUrl} value={k.url} onChange={(v) => setLink(i, { url: v })} error={errors[`${path}.links[${i}].url`]} required dir="ltr" />
            <button
              type="button"
              className="btn btn-secondary crs-remove"
              onClick={() => {
                p.onChange({ links: lesson.links.filter((x) => x.key !== k.key) });
                p.announce(b.linkRemoved);
                p.focusLater(`${pre}-${path}.links`);
              }}
            >
              {b.removeLink(i + 1)}
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
              p.announce(b.linkAdded);
              p.focusLater(`${pre}-${path}.links[${lesson.links.length}].title`);
            }}
          >
            {b.addLink}
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
