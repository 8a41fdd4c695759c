/**
 * The course builder's pure logic: its form state, reordering, the page-side validation (the
 * spec §5 structure rule and the server's field limits) and the CourseInput sent to the API.
 */
import type { BrailleCode, BrailleGrade, CourseDetail, CourseInput, LessonMediaKind, UploadKind } from '../api/courses';

/** Spec §5 / §9: 50 MB. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** True when a chosen file must be refused before uploading (spec §5). */
export function isTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > MAX_UPLOAD_BYTES;
}

/** `accept` attribute per upload kind: the types the server recognises. */
export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp',
  audio: 'audio/mpeg,audio/mp4,audio/ogg,audio/wav,audio/x-wav,audio/flac,audio/webm,.mp3,.m4a,.ogg,.oga,.wav,.flac,.weba,.webm',
  video: 'video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.m4v,.webm,.ogv,.mov',
  document:
    '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.odt,.odp,.ods,.rtf,.txt,.brf,application/pdf,application/msword,application/rtf,text/plain',
};

export const uploadKindFor = (kind: LessonMediaKind): UploadKind => (kind === 'file' ? 'document' : kind);

let seq = 0;
/** A key for React lists that survives reordering. */
export const newKey = (prefix: string): string => `${prefix}${++seq}`;

export interface MediaState {
  key: string;
  kind: LessonMediaKind;
  title: string;
  /** Videos can be uploaded or given by URL; files and audio are uploaded. */
  source: 'upload' | 'url';
  mediaId: number | null;
  url: string;
  fileName: string;
  /** The uploaded file's URL, to check it (signed for the viewer). */
  fileUrl: string | null;
}

export interface LinkState {
  key: string;
  title: string;
  url: string;
}

export interface LessonState {
  key: string;
  /** The stored lesson's id: sent back on edit so students' progress is kept. */
  id?: number;
  title: string;
  description: string;
  rule: string;
  /** Print forms of the chosen letters, in table order. */
  letters: string[];
  /** One word or phrase per line. */
  words: string;
  /** Ids of the contractions the lesson introduces (kept when the course turns uncontracted, sent only for grade 2). */
  contractions: string[];
  links: LinkState[];
  media: MediaState[];
}

export interface ChapterState {
  key: string;
  /** The stored chapter's id, sent back on edit. */
  id?: number;
  title: string;
  description: string;
  lessons: LessonState[];
}

export interface CourseForm {
  title: string;
  type: string;
  duration_days: string;
  description: string;
  category: string;
  level: string;
  language: BrailleCode;
  braille_grade: BrailleGrade;
  imageMediaId: number | null;
  imageUrl: string | null;
  chapters: ChapterState[];
}

export function emptyLesson(): LessonState {
  return { key: newKey('l'), title: '', description: '', rule: '', letters: [], words: '', contractions: [], links: [], media: [] };
}

export function emptyChapter(): ChapterState {
  return { key: newKey('c'), title: '', description: '', lessons: [emptyLesson()] };
}

export function emptyLink(): LinkState {
  return { key: newKey('k'), title: '', url: '' };
}

export function emptyMedia(kind: LessonMediaKind): MediaState {
  return { key: newKey('m'), kind, title: '', source: 'upload', mediaId: null, url: '', fileName: '', fileUrl: null };
}

/** A new course starts with one chapter holding one lesson. */
export function emptyCourse(language: BrailleCode = 'ar'): CourseForm {
  return {
    title: '',
    type: '',
    duration_days: '',
    description: '',
    category: '',
    level: '',
    language,
    braille_grade: 1,
    imageMediaId: null,
    imageUrl: null,
    chapters: [emptyChapter()],
  };
}

/** The list with the item at `index` moved by `delta` places; the same list when it cannot move. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length || delta === 0) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item);
  return out;
}

export function moveChapter(form: CourseForm, ci: number, delta: number): CourseForm {
  return { ...form, chapters: move(form.chapters, ci, delta) };
}

export function moveLesson(form: CourseForm, ci: number, li: number, delta: number): CourseForm {
  return {
    ...form,
    chapters: form.chapters.map((c, i) => (i === ci ? { ...c, lessons: move(c.lessons, li, delta) } : c)),
  };
}

/** The signed media URL `/api/media/{id}?…` names its id. */
export function mediaIdFromUrl(url: string | null | undefined): number | null {
  const m = url ? /\/api\/media\/(\d+)(?:[?#/]|$)/.exec(url) : null;
  return m ? Number(m[1]) : null;
}

export function wordsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);
}

const isWebUrl = (s: string) => /^https?:\/\/\S+$/i.test(s.trim());
const blank = (s: string) => !s.trim();

export type ProblemCode = 'required' | 'structure' | 'duration' | 'url' | 'tooLong' | 'noFile';

export interface Validation {
  /** Field path (the server's `field` format, e.g. `chapters[0].lessons[1].title`) → problem. */
  problems: Record<string, ProblemCode>;
  /** The spec §5 structure rule failed: show its exact message. */
  structure: boolean;
}

const LIMITS: Record<string, number> = { title: 200, type: 100, description: 5000, category: 100, level: 100 };

/**
 * Checks the form as the server will: the spec §5 rule (at least one chapter and one lesson;
 * every chapter and lesson has a title and a description), the course fields and the
 * lessons' links, words and media.
 */
export function validateCourse(form: CourseForm): Validation {
  const problems: Record<string, ProblemCode> = {};
  let structure = false;
  const need = (path: string, value: string, max: number) => {
    if (blank(value)) problems[path] = 'required';
    else if (value.trim().length > max) problems[path] = 'tooLong';
  };
  need('title', form.title, LIMITS.title);
  need('type', form.type, LIMITS.type);
  const days = form.duration_days.trim();
  if (!days) problems.duration_days = 'required';
  else if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 3650) problems.duration_days = 'duration';
  need('description', form.description, LIMITS.description);
  need('category', form.category, LIMITS.category);
  need('level', form.level, LIMITS.level);

  if (form.chapters.length === 0) {
    structure = true;
    problems.chapters = 'structure';
  } else if (form.chapters.every((c) => c.lessons.length === 0)) {
    structure = true;
    problems['chapters[0].lessons'] = 'structure';
  }
  form.chapters.forEach((c, ci) => {
    const cp = `chapters[${ci}]`;
    for (const f of ['title', 'description'] as const) {
      if (blank(c[f])) {
        structure = true;
        problems[`${cp}.${f}`] = 'required';
      } else if (c[f].trim().length > (f === 'title' ? 200 : 5000)) problems[`${cp}.${f}`] = 'tooLong';
    }
    c.lessons.forEach((l, li) => {
      const lp = `${cp}.lessons[${li}]`;
      for (const f of ['title', 'description'] as const) {
        if (blank(l[f])) {
          structure = true;
          problems[`${lp}.${f}`] = 'required';
        } else if (l[f].trim().length > (f === 'title' ? 200 : 5000)) problems[`${lp}.${f}`] = 'tooLong';
      }
      if (l.rule.trim().length > 5000) problems[`${lp}.rule`] = 'tooLong';
      if (wordsOf(l.words).some((w) => w.length > 200)) problems[`${lp}.words`] = 'tooLong';
      l.links.forEach((k, ki) => {
        if (blank(k.title)) problems[`${lp}.links[${ki}].title`] = 'required';
        else if (k.title.trim().length > 200) problems[`${lp}.links[${ki}].title`] = 'tooLong';
        if (blank(k.url)) problems[`${lp}.links[${ki}].url`] = 'required';
        else if (!isWebUrl(k.url) || k.url.trim().length > 2000) problems[`${lp}.links[${ki}].url`] = 'url';
      });
      l.media.forEach((m, mi) => {
        const mp = `${lp}.media[${mi}]`;
        if (blank(m.title)) problems[`${mp}.title`] = 'required';
        else if (m.title.trim().length > 200) problems[`${mp}.title`] = 'tooLong';
        if (m.kind === 'video' && m.source === 'url') {
          if (blank(m.url)) problems[`${mp}.url`] = 'required';
          else if (!isWebUrl(m.url) || m.url.trim().length > 2000) problems[`${mp}.url`] = 'url';
        } else if (m.mediaId === null) problems[`${mp}.file`] = 'noFile';
      });
    });
  });
  return { problems, structure };
}

/** The API body for the form (trimmed; empty words dropped; chapter and lesson ids kept for edits). */
export function toCourseInput(form: CourseForm): CourseInput {
  return {
    title: form.title.trim(),
    type: form.type.trim(),
    duration_days: Number(form.duration_days.trim()),
    description: form.description.trim(),
    category: form.category.trim(),
    level: form.level.trim(),
    language: form.language,
    braille_grade: form.braille_grade,
    image_media_id: form.imageMediaId,
    chapters: form.chapters.map((c) => ({
      ...(c.id !== undefined ? { id: c.id } : {}),
      title: c.title.trim(),
      description: c.description.trim(),
      lessons: c.lessons.map((l) => ({
        ...(l.id !== undefined ? { id: l.id } : {}),
        title: l.title.trim(),
        description: l.description.trim(),
        rule: l.rule.trim(),
        letters: [...l.letters],
        words: wordsOf(l.words),
        contractions: form.braille_grade === 2 ? [...l.contractions] : [],
        links: l.links.map((k) => ({ title: k.title.trim(), url: k.url.trim() })),
        media: l.media.map((m) =>
          m.kind === 'video' && m.source === 'url'
            ? { kind: m.kind, title: m.title.trim(), url: m.url.trim() }
            : { kind: m.kind, title: m.title.trim(), media_id: m.mediaId ?? undefined },
        ),
      })),
    })),
  };
}

/** The form for editing a stored course (its owner's full view). */
export function fromCourseDetail(d: CourseDetail): CourseForm {
  return {
    title: d.title,
    type: d.type,
    duration_days: String(d.duration_days),
    description: d.description,
    category: d.category,
    level: d.level,
    language: d.language === 'en' ? 'en' : 'ar',
    braille_grade: d.braille_grade === 2 ? 2 : 1,
    imageMediaId: d.image_media_id ?? mediaIdFromUrl(d.image),
    imageUrl: d.image,
    chapters: d.chapters.map((c) => ({
      key: newKey('c'),
      id: c.id,
      title: c.title,
      description: c.description,
      lessons: c.lessons.map((l) => ({
        key: newKey('l'),
        id: l.id,
        title: l.title,
        description: l.description ?? '',
        rule: l.rule ?? '',
        letters: l.letters.map((x) => x.print),
        words: l.words.map((w) => w.print).join('\n'),
        contractions: (l.contractions ?? []).map((c) => c.id),
        links: l.links.map((k) => ({ key: newKey('k'), title: k.title, url: k.url })),
        media: (l.media ?? []).map((m) => ({
          key: newKey('m'),
          kind: m.kind,
          title: m.title,
          source: m.media_id === null ? 'url' : 'upload',
          mediaId: m.media_id,
          url: m.media_id === null ? m.url : '',
          fileName: m.media_id === null ? '' : m.title,
          fileUrl: m.media_id === null ? null : m.url,
        })),
      })),
    })),
  };
}

/** Puts the chosen letters in the order of the code's table. */
export function sortLetters(letters: string[], tableOrder: string[]): string[] {
  const pos = new Map(tableOrder.map((p, i) => [p, i]));
  return [...new Set(letters)].sort((a, b) => (pos.get(a) ?? 1e9) - (pos.get(b) ?? 1e9));
}

/** "dots 1 2 5" — the numbers of a cell's raised dots (from its Unicode Braille character too). */
export function dotsOfUnicode(ch: string): number[] {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x2800 || code > 0x28ff) return [];
  const bits = code - 0x2800;
  return [1, 2, 3, 4, 5, 6, 7, 8].filter((d) => bits & (1 << (d - 1)));
}

/** Human-readable file size (bytes → "1.5 MB"). */
export function formatSize(bytes: number | null | undefined, lang: string): string {
  if (bytes === null || bytes === undefined) return '';
  const units = lang === 'ar' ? ['بايت', 'ك.ب', 'م.ب', 'غ.ب'] : ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  const num = new Intl.NumberFormat(lang === 'ar' ? 'ar' : 'en', { maximumFractionDigits: u === 0 ? 0 : 1 }).format(n);
  return `${num} ${units[u]}`;
}

/** The contractions taught by the lessons before each lesson, in course order (chapter by chapter). */
export function taughtBefore(form: CourseForm): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const seen = new Set<string>();
  for (const c of form.chapters)
    for (const l of c.lessons) {
      out.set(l.key, new Set(seen));
      l.contractions.forEach((id) => seen.add(id));
    }
  return out;
}
