import { describe, expect, it } from 'vitest';
import type { CourseDetail, LessonDto } from '../api/courses';
import { coursesT } from '../i18n';
import {
  ACCEPT,
  dotsOfUnicode,
  emptyChapter,
  emptyCourse,
  emptyLesson,
  emptyLink,
  emptyMedia,
  fromCourseDetail,
  isTooLarge,
  MAX_UPLOAD_BYTES,
  mediaIdFromUrl,
  move,
  moveChapter,
  moveLesson,
  sortLetters,
  taughtBefore,
  toCourseInput,
  uploadKindFor,
  validateCourse,
  wordsOf,
  type CourseForm,
} from './builder';

const SPEC_EN = 'Please ensure the course has at least one chapter and one lesson and that each chapter and lesson has a title and description.';
const SPEC_AR = 'يرجى التأكد من أن الدورة تحتوي على فصل واحد ودرس واحد على الأقل، وأن لكل فصل ودرس عنوانًا ووصفًا.';
const SIZE_EN = 'The file size exceeds the 50MB limit. Please select a smaller file.';
const SIZE_AR = 'حجم الملف يتجاوز الحد الأقصى البالغ 50 ميغابايت. يرجى اختيار ملف أصغر.';

/** A complete, valid course form. */
function validForm(): CourseForm {
  const f = emptyCourse('ar');
  f.title = ' حروف برايل ';
  f.type = 'reading';
  f.duration_days = '14';
  f.description = 'أول الحروف';
  f.category = 'letters';
  f.level = 'beginner';
  const c = f.chapters[0];
  c.title = 'الحروف الأولى';
  c.description = 'أ ب ت';
  const l = c.lessons[0];
  l.title = 'حرف الألف';
  l.description = 'نقطة واحدة';
  l.rule = 'الألف هي النقطة 1';
  l.letters = ['ا', 'ب'];
  l.words = 'باب\n\n  بابا  \n';
  return f;
}

describe('move / reorder', () => {
  it('moves an item up and down and leaves the list alone at the edges', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(move(['a'], 0, 1)).toEqual(['a']);
    const original = ['a', 'b'];
    move(original, 0, 1);
    expect(original).toEqual(['a', 'b']);
  });

  it('reorders chapters and the lessons of one chapter, keeping their keys', () => {
    const f = validForm();
    const second = emptyChapter();
    second.title = 'second';
    f.chapters.push(second);
    const moved = moveChapter(f, 1, -1);
    expect(moved.chapters.map((c) => c.title)).toEqual(['second', 'الحروف الأولى']);
    expect(moved.chapters[0].key).toBe(second.key);
    const l2 = emptyLesson();
    l2.title = 'two';
    f.chapters[0].lessons.push(l2);
    const ml = moveLesson(f, 0, 1, -1);
    expect(ml.chapters[0].lessons.map((l) => l.title)).toEqual(['two', 'حرف الألف']);
    expect(ml.chapters[1]).toBe(f.chapters[1]);
    expect(f.chapters[0].lessons[0].title).toBe('حرف الألف');
  });
});

describe('validateCourse (spec §5 structure rule and field limits)', () => {
  it('accepts a complete course', () => {
    expect(validateCourse(validForm())).toEqual({ problems: {}, structure: false });
  });

  it('needs at least one chapter', () => {
    const f = validForm();
    f.chapters = [];
    const v = validateCourse(f);
    expect(v.structure).toBe(true);
    expect(v.problems).toEqual({ chapters: 'structure' });
  });

  it('needs at least one lesson in the course (reported at the first chapter like the server)', () => {
    const f = validForm();
    f.chapters[0].lessons = [];
    const v = validateCourse(f);
    expect(v.structure).toBe(true);
    expect(v.problems).toEqual({ 'chapters[0].lessons': 'structure' });
    // A lesson-less chapter is fine when another chapter has a lesson.
    const g = validForm();
    const empty = emptyChapter();
    empty.title = 'Intro';
    empty.description = 'd';
    empty.lessons = [];
    g.chapters.unshift(empty);
    expect(validateCourse(g).structure).toBe(false);
  });

  it('needs a title and a description (not just spaces) on every chapter and lesson', () => {
    const f = validForm();
    f.chapters[0].description = '   ';
    f.chapters[0].lessons.push({ ...emptyLesson(), title: 'x' });
    const v = validateCourse(f);
    expect(v.structure).toBe(true);
    expect(v.problems).toEqual({ 'chapters[0].description': 'required', 'chapters[0].lessons[1].description': 'required' });
  });

  it('checks the course fields, duration, links and media without calling it a structure problem', () => {
    const f = validForm();
    f.title = '';
    f.duration_days = '0';
    const link = emptyLink();
    link.title = 'Braille';
    link.url = 'ftp://example.org';
    f.chapters[0].lessons[0].links = [link, emptyLink()];
    const video = emptyMedia('video');
    video.title = 'Intro';
    video.source = 'url';
    video.url = 'not a url';
    const audio = emptyMedia('audio');
    f.chapters[0].lessons[0].media = [video, audio];
    const v = validateCourse(f);
    expect(v.structure).toBe(false);
    expect(v.problems).toEqual({
      title: 'required',
      duration_days: 'duration',
      'chapters[0].lessons[0].links[0].url': 'url',
      'chapters[0].lessons[0].links[1].title': 'required',
      'chapters[0].lessons[0].links[1].url': 'required',
      'chapters[0].lessons[0].media[0].url': 'url',
      'chapters[0].lessons[0].media[1].title': 'required',
      'chapters[0].lessons[0].media[1].file': 'noFile',
    });
    for (const d of ['1.5', 'abc', '3651', '-2']) {
      f.duration_days = d;
      expect(validateCourse(f).problems.duration_days).toBe('duration');
    }
    f.duration_days = '3650';
    expect(validateCourse(f).problems.duration_days).toBeUndefined();
  });

  it('has the exact spec message in both languages', () => {
    expect(coursesT('en')('common.structure')).toBe(SPEC_EN);
    expect(coursesT('ar')('common.structure')).toBe(SPEC_AR);
  });
});

describe('toCourseInput', () => {
  it('builds the API body: trimmed text, number of days, words by line, lesson ids and media', () => {
    const f = validForm();
    f.imageMediaId = 7;
    const l = f.chapters[0].lessons[0];
    l.id = 42;
    const link = emptyLink();
    link.title = ' Braille ';
    link.url = ' https://example.org/braille ';
    l.links = [link];
    const doc = emptyMedia('file');
    doc.title = 'Sheet';
    doc.mediaId = 3;
    const byUrl = emptyMedia('video');
    byUrl.title = 'Video';
    byUrl.source = 'url';
    byUrl.url = 'https://example.org/v.mp4';
    byUrl.mediaId = 9; // chosen earlier, then switched to a URL: only the URL is sent
    const uploaded = emptyMedia('video');
    uploaded.title = 'Clip';
    uploaded.mediaId = 11;
    uploaded.url = 'https://ignored.example';
    l.media = [doc, byUrl, uploaded];
    const newLesson = { ...emptyLesson(), title: 'ب', description: 'd' };
    f.chapters[0].lessons.push(newLesson);

    expect(toCourseInput(f)).toEqual({
      title: 'حروف برايل',
      type: 'reading',
      duration_days: 14,
      description: 'أول الحروف',
      category: 'letters',
      level: 'beginner',
      language: 'ar',
      braille_grade: 1,
      image_media_id: 7,
      chapters: [
        {
          title: 'الحروف الأولى',
          description: 'أ ب ت',
          lessons: [
            {
              id: 42,
              title: 'حرف الألف',
              description: 'نقطة واحدة',
              rule: 'الألف هي النقطة 1',
              letters: ['ا', 'ب'],
              words: ['باب', 'بابا'],
              contractions: [],
              links: [{ title: 'Braille', url: 'https://example.org/braille' }],
              media: [
                { kind: 'file', title: 'Sheet', media_id: 3 },
                { kind: 'video', title: 'Video', url: 'https://example.org/v.mp4' },
                { kind: 'video', title: 'Clip', media_id: 11 },
              ],
            },
            { title: 'ب', description: 'd', rule: '', letters: [], words: [], contractions: [], links: [], media: [] },
          ],
        },
      ],
    });
    expect('id' in toCourseInput(f).chapters![0].lessons![1]).toBe(false);
    expect('id' in toCourseInput(f).chapters![0]).toBe(false);
  });

  it('round-trips a stored course through the form', () => {
    const detail: CourseDetail = {
      id: 5,
      title: 'Letters',
      type: 'Braille reading',
      duration_days: 10,
      description: 'A to J',
      category: 'letters',
      level: 'beginner',
      language: 'en',
      braille_grade: 1,
      image: '/api/media/12?exp=1&sig=ab',
      image_media_id: null,
      status: 'draft',
      instructor: { id: 1, name: 'T' },
      lessons_count: 1,
      enrolled_count: 0,
      updated_at: '2026-01-01T00:00:00Z',
      access: 'full',
      enrolled: false,
      progress: null,
      requests: [],
      chapters: [
        {
          id: 1,
          title: 'C',
          description: 'D',
          lessons: [
            {
              id: 77,
              title: 'L',
              description: 'LD',
              rule: 'R',
              letters: [{ print: 'a', cells: [{ unicode: '⠁', dots: [1], meaning: 'a' }] }],
              words: [
                { print: 'bad', braille: '⠃⠁⠙' },
                { print: 'cab', braille: '⠉⠁⠃' },
              ],
              links: [{ title: 'UEB', url: 'https://example.org' }],
              media: [
                { kind: 'audio', title: 'Listen', url: '/api/media/3?exp=1&sig=x', media_id: 3, content_type: 'audio/mpeg', size: 1000, name: 'listen.mp3' },
                { kind: 'video', title: 'Watch', url: 'https://example.org/w', media_id: null, content_type: null, size: null, name: null },
              ],
              contractions: [],
              completed: null,
            },
          ],
        },
      ],
    };
    const form = fromCourseDetail(detail);
    expect(form.imageMediaId).toBe(12);
    expect(form.duration_days).toBe('10');
    expect(form.chapters[0].lessons[0].words).toBe('bad\ncab');
    const input = toCourseInput(form);
    expect(input.image_media_id).toBe(12);
    expect(input.language).toBe('en');
    expect(input.chapters![0].id).toBe(1);
    expect(input.chapters![0].lessons![0]).toEqual({
      id: 77,
      title: 'L',
      description: 'LD',
      rule: 'R',
      letters: ['a'],
      words: ['bad', 'cab'],
      contractions: [],
      links: [{ title: 'UEB', url: 'https://example.org' }],
      media: [
        { kind: 'audio', title: 'Listen', media_id: 3 },
        { kind: 'video', title: 'Watch', url: 'https://example.org/w' },
      ],
    });
    expect(fromCourseDetail({ ...detail, image: null, image_media_id: null }).imageMediaId).toBeNull();
    expect(fromCourseDetail({ ...detail, image_media_id: 99 }).imageMediaId).toBe(99);
  });
});

describe('contracted courses', () => {
  it('sends the grade and each lesson\'s contractions, and none for an uncontracted course', () => {
    const f = validForm();
    f.language = 'en';
    f.braille_grade = 2;
    const l1 = f.chapters[0].lessons[0];
    l1.letters = [];
    l1.contractions = ['en:the', 'en:and'];
    const l2 = { ...emptyLesson(), title: 'with', description: 'd', contractions: ['en:with'] };
    f.chapters[0].lessons.push(l2);
    const input = toCourseInput(f);
    expect(input.braille_grade).toBe(2);
    expect(input.chapters![0].lessons!.map((l) => l.contractions)).toEqual([['en:the', 'en:and'], ['en:with']]);
    // Turned uncontracted: the choices stay in the form (to come back) but are not sent.
    const one = toCourseInput({ ...f, braille_grade: 1 });
    expect(one.braille_grade).toBe(1);
    expect(one.chapters![0].lessons!.map((l) => l.contractions)).toEqual([[], []]);
    expect(f.chapters[0].lessons[0].contractions).toEqual(['en:the', 'en:and']);
  });

  it('reads a stored contracted course back into the form', () => {
    const lesson = { id: 9, title: 'the', description: 'd', rule: '', letters: [], words: [{ print: 'the', braille: '⠮' }], links: [], media: [], completed: null };
    const detail = {
      ...({} as CourseDetail),
      title: 'T',
      type: 'reading',
      duration_days: 3,
      description: 'D',
      category: 'letters',
      level: 'beginner',
      language: 'en' as const,
      braille_grade: 2 as const,
      image: null,
      chapters: [{ id: 1, title: 'C', description: 'D', lessons: [{ ...lesson, contractions: [{ id: 'en:the', print: 'the', braille: '⠮', kind: 'strong_contraction' }] }] }],
    };
    const form = fromCourseDetail(detail);
    expect(form.braille_grade).toBe(2);
    expect(form.chapters[0].lessons[0].contractions).toEqual(['en:the']);
    expect(toCourseInput(form).chapters![0].lessons![0].contractions).toEqual(['en:the']);
    // A server without contractions on lessons, or an uncontracted course.
    // An older server's lesson, without contractions.
    const plain = fromCourseDetail({ ...detail, braille_grade: 1, chapters: [{ id: 1, title: 'C', description: 'D', lessons: [lesson as Omit<LessonDto, 'contractions'> as LessonDto] }] });
    expect(plain.braille_grade).toBe(1);
    expect(plain.chapters[0].lessons[0].contractions).toEqual([]);
  });

  it('knows what the lessons before each lesson taught, across chapters', () => {
    const f = validForm();
    f.chapters[0].lessons[0].contractions = ['en:the'];
    const second = { ...emptyLesson(), contractions: ['en:and'] };
    f.chapters[0].lessons.push(second);
    const ch2 = emptyChapter();
    ch2.lessons[0].contractions = ['en:with'];
    f.chapters.push(ch2);
    const before = taughtBefore(f);
    expect([...before.get(f.chapters[0].lessons[0].key)!]).toEqual([]);
    expect([...before.get(second.key)!]).toEqual(['en:the']);
    expect([...before.get(ch2.lessons[0].key)!]).toEqual(['en:the', 'en:and']);
  });
});

describe('media checks', () => {
  it('refuses files over 50 MB before uploading, with the spec message in both languages', () => {
    expect(MAX_UPLOAD_BYTES).toBe(52_428_800);
    expect(isTooLarge({ size: MAX_UPLOAD_BYTES })).toBe(false);
    expect(isTooLarge({ size: MAX_UPLOAD_BYTES + 1 })).toBe(true);
    expect(isTooLarge({ size: 0 })).toBe(false);
    expect(coursesT('en')('common.fileTooLarge')).toBe(SIZE_EN);
    expect(coursesT('ar')('common.fileTooLarge')).toBe(SIZE_AR);
  });

  it('maps lesson media kinds to upload kinds and accepts the types the server recognises', () => {
    expect(uploadKindFor('file')).toBe('document');
    expect(uploadKindFor('audio')).toBe('audio');
    expect(uploadKindFor('video')).toBe('video');
    expect(ACCEPT.image).toContain('image/webp');
    expect(ACCEPT.image).not.toContain('svg');
    expect(ACCEPT.audio).toContain('.wav');
    expect(ACCEPT.video).toContain('.mov');
    expect(ACCEPT.document).toContain('.brf');
  });

  it('reads the media id out of a signed URL', () => {
    expect(mediaIdFromUrl('/api/media/12?exp=1&sig=ab')).toBe(12);
    expect(mediaIdFromUrl('https://host/api/media/3')).toBe(3);
    expect(mediaIdFromUrl('/media/avatars/x.png')).toBeNull();
    expect(mediaIdFromUrl(null)).toBeNull();
  });
});

describe('letters and words helpers', () => {
  it('keeps the chosen letters unique and in table order', () => {
    expect(sortLetters(['ت', 'ا', 'ب', 'ا'], ['ا', 'ب', 'ت'])).toEqual(['ا', 'ب', 'ت']);
    expect(sortLetters(['z', 'a'], ['a'])).toEqual(['a', 'z']);
  });

  it('splits words by line and reads dots from Unicode Braille', () => {
    expect(wordsOf(' a \r\n\nb c\n')).toEqual(['a', 'b c']);
    expect(dotsOfUnicode('⠓')).toEqual([1, 2, 5]);
    expect(dotsOfUnicode('⠀')).toEqual([]);
    expect(dotsOfUnicode('h')).toEqual([]);
  });
});
