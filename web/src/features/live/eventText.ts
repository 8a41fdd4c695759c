/**
 * What each live event says (texts in `locales/`, namespace `live`), and which page it leads to. Used by the
 * toasts, the polite announcement and the notification centre's list.
 */
import i18n from '@/lib/i18n';
import type { LiveEvent } from '@/lib/realtime';
import { NS } from './i18n';

export type Lang = 'ar' | 'en';
export type Role = 'student' | 'instructor' | 'supervisor';

export function roleOf(stored: string | null | undefined): Role {
  return stored === 'instructor' || stored === 'supervisor' ? stored : 'student';
}

/** Kinds that only keep a number in sync (the menu badge): listed, but not toasted or announced. */
export const QUIET_KINDS = new Set(['badge.questions', 'badge.contact', 'account.deactivated']);

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
  const t = i18n.getFixedT(lang, NS, 'event');
  const p = obj(event.payload);
  switch (event.kind) {
    case 'question.asked': {
      const q = obj(p.question);
      const body = text(q.text);
      const lesson = str(q.lesson_title);
      return {
        text:
          t(lesson ? 'questionAskedLesson' : 'questionAsked', { who: str(q.student_name) || t('someone'), course: str(q.course_title) || t('aCourse'), lesson }) +
          (body ? t('questionAskedText', { text: body }) : ''),
        href: '/instructor/students-questions',
      };
    }
    case 'question.answered': {
      const q = obj(p.question);
      return { text: t('questionAnswered', { course: str(q.course_title) || t('aCourse') }), href: '/student/questions' };
    }
    case 'badge.questions': {
      const n = typeof p.count === 'number' ? p.count : 0;
      return { text: n > 0 ? t('badge', { count: n }) : t('badgeNone'), href: '/instructor/students-questions' };
    }
    case 'note.received': {
      const n = obj(p.note);
      const body = text(n.text);
      return {
        text: t('noteReceived', { who: str(n.sender_name) || t('someone') }) + (body ? t('excerpt', { text: body }) : ''),
        href: role === 'supervisor' ? undefined : `/${role}/notes`,
      };
    }
    case 'note.replied': {
      const r = obj(p.reply);
      const body = text(r.text);
      return {
        text: t('noteReplied', { who: str(r.author_name) || t('someone') }) + (body ? t('excerpt', { text: body }) : ''),
        // The supervisor's contact page for whoever replied (an instructor or a student).
        href: role === 'supervisor' ? `/supervisor/contact/${raw(r.author_type) === 'instructor' ? 'instructor' : 'student'}` : `/${role}/notes`,
      };
    }
    case 'request.created': {
      const r = obj(p.request);
      const kind = raw(r.kind);
      return {
        text: t(kind === 'stop' ? 'stopRequested' : r.revision_id ? 'revisionRequested' : 'accreditationRequested', { course: str(r.course_title) || t('aCourse'), who: str(r.instructor_name) || t('someone') }),
        href: kind === 'stop' ? '/supervisor/stop' : '/supervisor/accreditation',
      };
    }
    case 'request.decided': {
      const r = obj(p.request);
      const kind = raw(r.kind);
      const approved = raw(r.status) === 'approved';
      const reason = text(r.reason);
      return {
        text: t(
          kind === 'stop'
            ? approved
              ? 'stopApproved'
              : 'stopRejected'
            : r.revision_id
              ? approved
                ? 'revisionApproved'
                : 'revisionRejected'
              : approved
                ? 'accreditationApproved'
                : 'accreditationRejected',
          {
            course: str(r.course_title) || t('aCourse'),
          }) + (!approved && reason ? t('reason', { reason }) : ''),
        href: role === 'supervisor' ? (kind === 'stop' ? '/supervisor/stop' : '/supervisor/accreditation') : role === 'instructor' ? '/instructor/courses' : undefined,
      };
    }
    case 'certificate_request.created': {
      const r = obj(p.request);
      return { text: t('certRequested', { who: str(r.student_name) || t('someone'), course: str(r.course_title) || t('aCourse') }), href: '/supervisor/certificate' };
    }
    case 'certificate_request.decided': {
      const r = obj(p.request);
      const c = obj(p.certificate);
      const approved = raw(r.status) === 'approved';
      const course = str(r.course_title) || str(c.course_title) || t('aCourse');
      const reason = text(r.reason);
      if (role === 'supervisor') {
        return { text: t(approved ? 'certIssuedTo' : 'certRejectedOf', { who: str(r.student_name) || t('someone'), course }), href: '/supervisor/certificate' };
      }
      const code = raw(c.code) || raw(r.certificate_code);
      return approved
        ? { text: t('certIssued', { course }), href: code ? `/student/certificates/${encodeURIComponent(code)}` : '/student/certificates' }
        : { text: t('certRejected', { course }) + (reason ? t('reason', { reason }) : ''), href: '/student/certificates' };
    }
    case 'certificate.revoked': {
      const c = obj(p.certificate);
      const reason = text(c.revoke_reason);
      return { text: t('certRevoked', { course: str(c.course_title) || t('aCourse') }) + (reason ? t('reason', { reason }) : ''), href: '/student/certificates' };
    }
    case 'assessment.submitted': {
      const a = obj(p.attempt);
      const title = str(obj(p.assessment).title) || t('aCourse');
      const percent = typeof a.percent === 'number' ? String(a.percent) : '';
      const id = typeof a.id === 'number' ? a.id : null;
      return {
        text: t(a.passed === true ? (percent ? 'submittedPassedScore' : 'submittedPassed') : percent ? 'submittedFailedScore' : 'submittedFailed', {
          who: str(obj(p.student).name) || t('someone'),
          title,
          percent,
        }),
        href: id !== null ? `/instructor/assessments/results/${id}` : '/instructor/track-students',
      };
    }
    case 'contact.received': {
      const m = obj(p.contact_message);
      const id = typeof m.id === 'number' ? m.id : null;
      return { text: t('contactReceived', { who: str(m.name) || t('someone'), subject: text(m.subject) }), href: id !== null ? `/admin/messages/${id}` : '/admin/messages' };
    }
    case 'badge.contact': {
      const n = typeof p.count === 'number' ? p.count : 0;
      return { text: n > 0 ? t('contactBadge', { count: n }) : t('contactBadgeNone'), href: '/admin/messages' };
    }
    case 'account.deactivated':
      // The socket closes right after it (4403) and the tab signs out.
      return { text: t('accountDeactivated') };
    default:
      return { text: t('generic') };
  }
}
