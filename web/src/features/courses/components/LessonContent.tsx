import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonDto, MediaDto } from '../api/courses';
import { dotsOfUnicode, formatSize } from '../lib/builder';
import type { CoursesT } from '../i18n';
import { LetterCells } from './Cells';

type Level = 2 | 3 | 4;

function H({ level, id, children }: { level: Level; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as 'h2' | 'h3' | 'h4';
  return <Tag id={id}>{children}</Tag>;
}

/** "2346 0 16-1345"-like dot numbers of Unicode Braille, a cell at a time ("0" for a blank). */
const dotsCol = (braille: string) =>
  Array.from(braille)
    .map((ch) => (ch === ' ' ? '0' : dotsOfUnicode(ch).join('') || '0'))
    .join(' ');

const isVideoFile = (url: string) => /\.(mp4|m4v|webm|ogv|ogg|mov)(?:[?#]|$)/i.test(url);

function typeName(contentType: string | null): string {
  if (!contentType) return '';
  const map: Record<string, string> = {
    'application/pdf': 'PDF',
    'text/plain': 'TXT',
    'application/rtf': 'RTF',
    'application/msword': 'Word',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'application/vnd.ms-powerpoint': 'PowerPoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
    'application/vnd.ms-excel': 'Excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  };
  return map[contentType] ?? contentType.split('/')[1]?.toUpperCase() ?? '';
}

function FileInfo({ m, lang }: { m: MediaDto; lang: string }) {
  const bits = [typeName(m.content_type), formatSize(m.size, lang)].filter(Boolean);
  return bits.length ? <span className="muted"> ({bits.join(lang === 'ar' ? '، ' : ', ')})</span> : null;
}

/**
 * A lesson's full content: description, rule, letters table as large named cells, words in
 * print and Braille, files, audio and video players, and links. `level` is the heading level
 * of its sections.
 */
export function LessonContent({ lesson, txt, level, idPrefix }: { lesson: LessonDto; txt: CoursesT; level: Level; idPrefix: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const media = lesson.media ?? [];
  const files = media.filter((m) => m.kind === 'file');
  const audio = media.filter((m) => m.kind === 'audio');
  const videos = media.filter((m) => m.kind === 'video');
  const id = (s: string) => `${idPrefix}-${s}`;

  return (
    <div className="crs-lesson-content">
      {lesson.description ? (
        <p className="crs-prewrap" dir="auto">
          {lesson.description}
        </p>
      ) : null}
      {lesson.rule ? (
        <section aria-labelledby={id('rule')}>
          <H level={level} id={id('rule')}>
            {txt('content.rule')}
          </H>
          <p className="crs-rule crs-prewrap" dir="auto">
            {lesson.rule}
          </p>
        </section>
      ) : null}
      {lesson.letters.length ? (
        <section aria-labelledby={id('letters')}>
          <H level={level} id={id('letters')}>
            {txt('content.letters')}
          </H>
          <LetterCells letters={lesson.letters} txt={txt} />
        </section>
      ) : null}
      {lesson.contractions?.length ? (
        <section aria-labelledby={id('contractions')}>
          <H level={level} id={id('contractions')}>
            {txt('content.contractions')}
          </H>
          <table className="crs-table crs-words crs-contractions">
            <caption className="visually-hidden">{txt('content.contractionsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{txt('content.print')}</th>
                <th scope="col">{txt('content.braille')}</th>
                <th scope="col">{txt('content.dotsCol')}</th>
              </tr>
            </thead>
            <tbody>
              {lesson.contractions.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="crs-word-print" dir="auto">
                    {c.print}
                  </th>
                  <td className="crs-word-braille" dir="ltr">
                    {c.braille}
                  </td>
                  <td dir="ltr" className="crs-word-dots">
                    {dotsCol(c.braille)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {lesson.words.length ? (
        <section aria-labelledby={id('words')}>
          <H level={level} id={id('words')}>
            {txt('content.words')}
          </H>
          <table className="crs-table crs-words">
            <caption className="visually-hidden">{txt('content.wordsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{txt('content.print')}</th>
                <th scope="col">{txt('content.braille')}</th>
                <th scope="col">{txt('content.dotsCol')}</th>
              </tr>
            </thead>
            <tbody>
              {lesson.words.map((w, i) => (
                <tr key={i}>
                  <th scope="row" className="crs-word-print" dir="auto">
                    {w.print}
                  </th>
                  <td className="crs-word-braille" dir="ltr">
                    {w.braille}
                  </td>
                  <td dir="ltr" className="crs-word-dots">
                    {dotsCol(w.braille)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {files.length ? (
        <section aria-labelledby={id('files')}>
          <H level={level} id={id('files')}>
            {txt('content.files')}
          </H>
          <ul className="crs-media-list">
            {files.map((m, i) => (
              <li key={i}>
                <a href={m.url} target="_blank" rel="noopener noreferrer">
                  <bdi>{m.title}</bdi>
                  <span className="visually-hidden"> {txt('common.newTab')}</span>
                </a>
                <FileInfo m={m} lang={lang} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {audio.length ? (
        <section aria-labelledby={id('audio')}>
          <H level={level} id={id('audio')}>
            {txt('content.audio')}
          </H>
          <ul className="crs-media-list">
            {audio.map((m, i) => (
              <li key={i}>
                <figure className="crs-player">
                  <figcaption id={id(`audio-${i}`)} dir="auto">
                    {m.title}
                  </figcaption>
                  {/* eslint-disable-next-line jsx-a11y/media-has-caption -- uploads have no caption track yet (not in the media contract); the title names each one */}
                  <audio controls preload="metadata" src={m.url} aria-labelledby={id(`audio-${i}`)}>
                    <a href={m.url}>{txt('content.download', { title: m.title })}</a>
                  </audio>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {videos.length ? (
        <section aria-labelledby={id('videos')}>
          <H level={level} id={id('videos')}>
            {txt('content.videos')}
          </H>
          <ul className="crs-media-list">
            {videos.map((m, i) =>
              m.media_id !== null || isVideoFile(m.url) ? (
                <li key={i}>
                  <figure className="crs-player">
                    <figcaption id={id(`video-${i}`)} dir="auto">
                      {m.title}
                    </figcaption>
                    {/* eslint-disable-next-line jsx-a11y/media-has-caption -- uploads have no caption track yet (not in the media contract); the title names each one */}
                    <video controls preload="metadata" src={m.url} aria-labelledby={id(`video-${i}`)}>
                      <a href={m.url}>{txt('content.download', { title: m.title })}</a>
                    </video>
                  </figure>
                </li>
              ) : (
                <li key={i}>
                  <a href={m.url} target="_blank" rel="noopener noreferrer">
                    {txt('content.watch', { title: m.title })}
                    <span className="visually-hidden"> {txt('common.newTab')}</span>
                  </a>
                </li>
              ),
            )}
          </ul>
        </section>
      ) : null}
      {lesson.links.length ? (
        <section aria-labelledby={id('links')}>
          <H level={level} id={id('links')}>
            {txt('content.links')}
          </H>
          <ul className="crs-media-list">
            {lesson.links.map((k, i) => (
              <li key={i}>
                <a href={k.url} target="_blank" rel="noopener noreferrer">
                  <bdi>{k.title}</bdi>
                  <span className="visually-hidden"> {txt('common.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
