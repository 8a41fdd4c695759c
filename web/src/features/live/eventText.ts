/**
 * What each live event says, in Arabic and English, and which page it leads to. Used by the
 * toasts, the polite announcement and the notification centre's list.
 */
import type { LiveEvent } from '@/lib/realtime';

export type Lang = 'ar' | 'en';
export type Role = 'student' | 'instructor' | 'supervisor';

export function roleOf(stored: string | null | undefined): Role {
  return stored === 'instructor' || stored === 'supervisor' ? stored : 'student';
}

/** Kinds that only keep a number in sync (the menu badge): listed, but not toasted or announced. */
export const QUIET_KINDS = new Set(['badge.questions']);

const en = {
  questionAsked: (who: string, course: string, lesson: string) =>
    `New question from ${who} about “${course}”${lesson ? `, lesson “${lesson}”` : ''}`,
  questionAskedText: (text: string) => `: ${text}`,
  questionAnswered: (course: string) => `Your question about “${course}” was answered`,
  badge: (n: number) => (n > 0 ? `Unanswered questions: ${n}` : 'All questions are answered'),
  noteReceived: (who: string) => `New note from ${who}`,
  noteReplied: (who: string) => `${who} replied to a note`,
  requestCreated: (kind: string, course: string, who: string) =>
    `${kind === 'stop' ? 'New stop-course request' : 'New accreditation request'} for “${course}” from ${who}`,
  decided: (kind: string, approved: boolean, course: string) => {
    if (kind === 'stop') return approved ? `Stop request approved: “${course}” was stopped and archived` : `Stop request for “${course}” was rejected`;
    return approved ? `Accreditation approved: “${course}” is now active` : `Accreditation request for “${course}” was rejected`;
  },
  reason: (r: string) => `. Reason: ${r}`,
  certRequested: (who: string, course: string) => `New certificate request from ${who} for “${course}”`,
  certIssued: (course: string) => `Your certificate for “${course}” has been issued`,
  certRejected: (course: string) => `Your certificate request for “${course}” was rejected`,
  certDecided: (approved: boolean, who: string, course: string) =>
    approved ? `Certificate issued to ${who} for “${course}”` : `Certificate request of ${who} for “${course}” was rejected`,
  certRevoked: (course: string) => `Your certificate for “${course}” was revoked`,
  submitted: (who: string, title: string, percent: string, passed: boolean) =>
    `${who} submitted “${title}”${percent ? `: ${percent}%` : ''}, ${passed ? 'passed' : 'not passed'}`,
  someone: 'someone',
  aCourse: 'a course',
  generic: 'New notification',
  summary: (n: number) => `${n} new notifications`,
};

type Texts = typeof en;

const ar: Texts = {
  questionAsked: (who, course, lesson) => `سؤال جديد من ${who} عن «${course}»${lesson ? `، درس «${lesson}»` : ''}`,
  questionAskedText: (text) => `: ${text}`,
  questionAnswered: (course) => `تمت الإجابة عن سؤالك عن «${course}»`,
  badge: (n) => (n > 0 ? `عدد الأسئلة التي تنتظر الإجابة: ${n}` : 'تمت الإجابة عن جميع الأسئلة'),
  noteReceived: (who) => `ملاحظة جديدة من ${who}`,
  noteReplied: (who) => `ردّ ${who} على ملاحظة`,
  requestCreated: (kind, course, who) => `${kind === 'stop' ? 'طلب إيقاف دورة جديد' : 'طلب اعتماد جديد'} لدورة «${course}» من ${who}`,
  decided: (kind, approved, course) => {
    if (kind === 'stop') return approved ? `تمت الموافقة على طلب الإيقاف: أُوقفت دورة «${course}» ونُقلت إلى الأرشيف` : `رُفض طلب إيقاف دورة «${course}»`;
    return approved ? `تم اعتماد دورة «${course}» وأصبحت مفعّلة` : `رُفض طلب اعتماد دورة «${course}»`;
  },
  reason: (r) => `. السبب: ${r}`,
  certRequested: (who, course) => `طلب شهادة جديد من ${who} لدورة «${course}»`,
  certIssued: (course) => `صدرت شهادتك لدورة «${course}»`,
  certRejected: (course) => `رُفض طلب شهادتك لدورة «${course}»`,
  certDecided: (approved, who, course) => (approved ? `صدرت شهادة ${who} لدورة «${course}»` : `رُفض طلب شهادة ${who} لدورة «${course}»`),
  certRevoked: (course) => `أُبطلت شهادتك لدورة «${course}»`,
  submitted: (who, title, percent, passed) => `سلّم ${who} «${title}»${percent ? `: ${percent}%` : ''}، ${passed ? 'ناجح' : 'غير ناجح'}`,
  someone: 'مستخدم',
  aCourse: 'دورة',
  generic: 'إشعار جديد',
  summary: (n) => `إشعارات جديدة: ${n}`,
};

export function liveTexts(lang: Lang): Texts {
  return lang === 'en' ? en : ar;
}

/**
 * Wraps text written by users (names, titles, excerpts) in Unicode isolates (FSI … PDI), so an
 * English title inside an Arabic sentence (or the reverse) keeps its own direction and does not
 * scramble the punctuation around it. Screen readers ignore the marks.
 */
export function isolate(s: string): string {
  return s ? `\u2068${s}\u2069` : s;
}

/** The text without isolates (for comparisons). */
export function plain(s: string): string {
  return s.replace(/[\u2068\u2069]/g, '');
}

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A user's string from a payload, isolated; '' when missing. */
function str(v: unknown): string {
  return typeof v === 'string' ? isolate(v.trim()) : '';
}

/** A user's longer text from a payload, shortened and isolated. */
function text(v: unknown): string {
  return typeof v === 'string' && v.trim() ? isolate(excerpt(v)) : '';
}

/** A plain value (kind, status) from a payload. */
function raw(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** A short excerpt of a user's text for a one-line message. */
export function excerpt(text: string, max = 80): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1).trimEnd()}…` : one;
}

export interface EventDescription {
  text: string;
  /** The page where the user can act on it. */
  href?: string;
}

/** The localised sentence for an event and the page it belongs to (by the reader's role). */
export function describeEvent(event: Pick<LiveEvent, 'kind' | 'payload'>, lang: Lang, role: Role): EventDescription {
  const t = liveTexts(lang);
  const p = obj(event.payload);
  switch (event.kind) {
    case 'question.asked': {
      const q = obj(p.question);
      const body = text(q.text);
      return {
        text: t.questionAsked(str(q.student_name) || t.someone, str(q.course_title) || t.aCourse, str(q.lesson_title)) + (body ? t.questionAskedText(body) : ''),
        href: '/instructor/students-questions',
      };
    }
    case 'question.answered': {
      const q = obj(p.question);
      return { text: t.questionAnswered(str(q.course_title) || t.aCourse), href: '/student/questions' };
    }
    case 'badge.questions': {
      const n = typeof p.count === 'number' ? p.count : 0;
      return { text: t.badge(n), href: '/instructor/students-questions' };
    }
    case 'note.received': {
      const n = obj(p.note);
      const body = text(n.text);
      return {
        text: t.noteReceived(str(n.sender_name) || t.someone) + (body ? `: ${body}` : ''),
        href: role === 'supervisor' ? undefined : `/${role}/notes`,
      };
    }
    case 'note.replied': {
      const r = obj(p.reply);
      const body = text(r.text);
      return {
        text: t.noteReplied(str(r.author_name) || t.someone) + (body ? `: ${body}` : ''),
        // The supervisor's contact page for whoever replied (an instructor or a student).
        href: role === 'supervisor' ? `/supervisor/contact/${raw(r.author_type) === 'instructor' ? 'instructor' : 'student'}` : `/${role}/notes`,
      };
    }
    case 'request.created': {
      const r = obj(p.request);
      const kind = raw(r.kind);
      return {
        text: t.requestCreated(kind, str(r.course_title) || t.aCourse, str(r.instructor_name) || t.someone),
        href: kind === 'stop' ? '/supervisor/stop' : '/supervisor/accreditation',
      };
    }
    case 'request.decided': {
      const r = obj(p.request);
      const kind = raw(r.kind);
      const approved = raw(r.status) === 'approved';
      const reason = text(r.reason);
      return {
        text: t.decided(kind, approved, str(r.course_title) || t.aCourse) + (!approved && reason ? t.reason(reason) : ''),
        href: role === 'supervisor' ? (kind === 'stop' ? '/supervisor/stop' : '/supervisor/accreditation') : role === 'instructor' ? '/instructor/courses' : undefined,
      };
    }
    case 'certificate_request.created': {
      const r = obj(p.request);
      return { text: t.certRequested(str(r.student_name) || t.someone, str(r.course_title) || t.aCourse), href: '/supervisor/certificate' };
    }
    case 'certificate_request.decided': {
      const r = obj(p.request);
      const c = obj(p.certificate);
      const approved = raw(r.status) === 'approved';
      const course = str(r.course_title) || str(c.course_title) || t.aCourse;
      const reason = text(r.reason);
      if (role === 'supervisor') {
        return { text: t.certDecided(approved, str(r.student_name) || t.someone, course), href: '/supervisor/certificate' };
      }
      const code = raw(c.code) || raw(r.certificate_code);
      return approved
        ? { text: t.certIssued(course), href: code ? `/student/certificates/${encodeURIComponent(code)}` : '/student/certificates' }
        : { text: t.certRejected(course) + (reason ? t.reason(reason) : ''), href: '/student/certificates' };
    }
    case 'certificate.revoked': {
      const c = obj(p.certificate);
      const reason = text(c.revoke_reason);
      return { text: t.certRevoked(str(c.course_title) || t.aCourse) + (reason ? t.reason(reason) : ''), href: '/student/certificates' };
    }
    case 'assessment.submitted': {
      const a = obj(p.attempt);
      const title = str(obj(p.assessment).title) || t.aCourse;
      const percent = typeof a.percent === 'number' ? String(a.percent) : '';
      const id = typeof a.id === 'number' ? a.id : null;
      return {
        text: t.submitted(str(obj(p.student).name) || t.someone, title, percent, a.passed === true),
        href: id !== null ? `/instructor/assessments/results/${id}` : '/instructor/track-students',
      };
    }
    default:
      return { text: t.generic };
  }
}
