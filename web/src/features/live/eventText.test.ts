import { describe, expect, it } from 'vitest';
import { describeEvent as describeRaw, excerpt, isolate, plain, roleOf } from './eventText';

/** The sentences without their bidi isolates, to compare with plain strings. */
const describeEvent = (...args: Parameters<typeof describeRaw>) => {
  const r = describeRaw(...args);
  return { ...r, text: plain(r.text) };
};

const question = {
  id: 3,
  course_id: 1,
  course_title: 'Braille letters',
  lesson_id: 9,
  lesson_title: 'Alif',
  student_id: 5,
  student_name: 'Sara',
  text: 'How do I write the letter ba?',
  answered: false,
  answer: null,
};

const request = (kind: string, status: string, reason: string | null = null) => ({
  request: { id: 1, course_id: 1, course_title: 'Braille letters', instructor_name: 'Ahmad', kind, status, reason },
});

describe('describeEvent', () => {
  it('question asked: who, which course and lesson, and the question, for the instructor', () => {
    expect(describeEvent({ kind: 'question.asked', payload: { question } }, 'en', 'instructor')).toEqual({
      text: 'New question from Sara about “Braille letters”, lesson “Alif”: How do I write the letter ba?',
      href: '/instructor/students-questions',
    });
    expect(describeEvent({ kind: 'question.asked', payload: { question: { ...question, lesson_title: null } } }, 'ar', 'instructor').text).toBe(
      'سؤال جديد من Sara عن «Braille letters»: How do I write the letter ba?',
    );
  });

  it('question answered, for the student', () => {
    const e = { kind: 'question.answered', payload: { question: { ...question, answered: true, answer: 'Dots 1 and 2' } } };
    expect(describeEvent(e, 'en', 'student')).toEqual({ text: 'Your question about “Braille letters” was answered', href: '/student/questions' });
    expect(describeEvent(e, 'ar', 'student').text).toBe('تمت الإجابة عن سؤالك عن «Braille letters»');
  });

  it('badge change', () => {
    expect(describeEvent({ kind: 'badge.questions', payload: { count: 2 } }, 'en', 'instructor').text).toBe('Unanswered questions: 2');
    expect(describeEvent({ kind: 'badge.questions', payload: { count: 0 } }, 'en', 'instructor').text).toBe('All questions are answered');
    expect(describeEvent({ kind: 'badge.questions', payload: { count: 2 } }, 'ar', 'instructor').text).toBe('عدد الأسئلة التي تنتظر الإجابة: 2');
  });

  it('note received and note answered lead to the reader’s notes page', () => {
    const note = { note: { id: 1, sender_name: 'Mona', text: 'Well done in lesson one' } };
    expect(describeEvent({ kind: 'note.received', payload: note }, 'en', 'student')).toEqual({ text: 'New note from Mona: Well done in lesson one', href: '/student/notes' });
    expect(describeEvent({ kind: 'note.received', payload: note }, 'ar', 'instructor')).toEqual({ text: 'ملاحظة جديدة من Mona: Well done in lesson one', href: '/instructor/notes' });
    const reply = { note_id: 1, reply: { id: 2, note_id: 1, author_name: 'Sara', text: 'Thank you!' } };
    expect(describeEvent({ kind: 'note.replied', payload: reply }, 'en', 'supervisor')).toEqual({ text: 'Sara replied to a note: Thank you!', href: '/supervisor/contact/student' });
    expect(describeEvent({ kind: 'note.replied', payload: reply }, 'ar', 'student').text).toBe('ردّ Sara على ملاحظة: Thank you!');
  });

  it('request created and decided, with the reason of a rejection', () => {
    expect(describeEvent({ kind: 'request.created', payload: request('accreditation', 'pending') }, 'en', 'supervisor')).toEqual({
      text: 'New accreditation request for “Braille letters” from Ahmad',
      href: '/supervisor/accreditation',
    });
    expect(describeEvent({ kind: 'request.created', payload: request('stop', 'pending') }, 'ar', 'supervisor')).toEqual({
      text: 'طلب إيقاف دورة جديد لدورة «Braille letters» من Ahmad',
      href: '/supervisor/stop',
    });
    expect(describeEvent({ kind: 'request.decided', payload: request('accreditation', 'approved') }, 'en', 'instructor')).toEqual({
      text: 'Accreditation approved: “Braille letters” is now active',
      href: '/instructor/courses',
    });
    expect(describeEvent({ kind: 'request.decided', payload: request('accreditation', 'rejected', 'Add a clearer description') }, 'en', 'instructor').text).toBe(
      'Accreditation request for “Braille letters” was rejected. Reason: Add a clearer description',
    );
    expect(describeEvent({ kind: 'request.decided', payload: request('stop', 'approved') }, 'ar', 'instructor').text).toBe(
      'تمت الموافقة على طلب الإيقاف: أُوقفت دورة «Braille letters» ونُقلت إلى الأرشيف',
    );
    expect(describeEvent({ kind: 'request.decided', payload: request('stop', 'rejected', 'لا') }, 'ar', 'supervisor')).toEqual({
      text: 'رُفض طلب إيقاف دورة «Braille letters». السبب: لا',
      href: '/supervisor/stop',
    });
  });

  it('certificate requests, decisions and revocations, for the student and the supervisors', () => {
    const req = (status: string, reason: string | null = null) => ({
      id: 4,
      course_id: 1,
      course_title: 'Braille letters',
      student_id: 5,
      student_name: 'Sara',
      status,
      reason,
      certificate_code: status === 'approved' ? 'LM-7Q2' : null,
    });
    const cert = { code: 'LM-7Q2', course_id: 1, course_title: 'Braille letters', student_name: 'Sara', status: 'revoked', revoke_reason: 'Issued in error' };
    expect(describeEvent({ kind: 'certificate_request.created', payload: { request: req('pending') } }, 'en', 'supervisor')).toEqual({
      text: 'New certificate request from Sara for “Braille letters”',
      href: '/supervisor/certificate',
    });
    expect(describeEvent({ kind: 'certificate_request.created', payload: { request: req('pending') } }, 'ar', 'supervisor').text).toBe(
      'طلب شهادة جديد من Sara لدورة «Braille letters»',
    );
    const approved = { kind: 'certificate_request.decided', payload: { request: req('approved'), certificate: { ...cert, status: 'valid' } } };
    expect(describeEvent(approved, 'en', 'student')).toEqual({ text: 'Your certificate for “Braille letters” has been issued', href: '/student/certificates/LM-7Q2' });
    expect(describeEvent(approved, 'ar', 'student').text).toBe('صدرت شهادتك لدورة «Braille letters»');
    expect(describeEvent(approved, 'en', 'supervisor')).toEqual({ text: 'Certificate issued to Sara for “Braille letters”', href: '/supervisor/certificate' });
    const rejected = { kind: 'certificate_request.decided', payload: { request: req('rejected', 'Retake the final'), certificate: null } };
    expect(describeEvent(rejected, 'en', 'student')).toEqual({
      text: 'Your certificate request for “Braille letters” was rejected. Reason: Retake the final',
      href: '/student/certificates',
    });
    expect(describeEvent(rejected, 'ar', 'supervisor').text).toBe('رُفض طلب شهادة Sara لدورة «Braille letters»');
    expect(describeEvent({ kind: 'certificate.revoked', payload: { certificate: cert } }, 'en', 'student')).toEqual({
      text: 'Your certificate for “Braille letters” was revoked. Reason: Issued in error',
      href: '/student/certificates',
    });
    expect(describeEvent({ kind: 'certificate.revoked', payload: { certificate: cert } }, 'ar', 'student').text).toBe(
      'أُبطلت شهادتك لدورة «Braille letters». السبب: Issued in error',
    );
  });

  it('contact messages, for the supervisors', () => {
    const m = { contact_message: { id: 7, name: 'Huda', subject: 'Display question', message: 'x' } };
    expect(describeEvent({ kind: 'contact.received', payload: m }, 'en', 'supervisor')).toEqual({ text: 'New contact message from Huda: Display question', href: '/admin/messages/7' });
    expect(describeEvent({ kind: 'contact.received', payload: m }, 'ar', 'supervisor').text).toBe('رسالة تواصل جديدة من Huda: Display question');
    expect(describeEvent({ kind: 'badge.contact', payload: { count: 3 } }, 'en', 'supervisor').text).toBe('Unread contact messages: 3');
  });

  it('an unknown kind or a broken payload still gives a sentence, never a crash', () => {
    expect(describeEvent({ kind: 'certificate.issued', payload: {} }, 'en', 'student')).toEqual({ text: 'New notification' });
    expect(describeEvent({ kind: 'certificate.issued', payload: {} }, 'ar', 'student')).toEqual({ text: 'إشعار جديد' });
    expect(describeEvent({ kind: 'question.asked', payload: { question: 'x' } }, 'en', 'instructor').text).toBe('New question from someone about “a course”');
    expect(describeEvent({ kind: 'note.received', payload: {} }, 'ar', 'student').text).toBe('ملاحظة جديدة من مستخدم');
  });
});

describe('helpers', () => {
  it('isolates what users wrote, so mixed Arabic and English keep their order', () => {
    expect(describeRaw({ kind: 'question.answered', payload: { question: { course_title: 'Braille' } } }, 'ar', 'student').text).toBe(
      `تمت الإجابة عن سؤالك عن «${isolate('Braille')}»`,
    );
    expect(isolate('x')).toBe('\u2068x\u2069');
    expect(isolate('')).toBe('');
  });

  it('excerpt keeps one line and cuts long texts with an ellipsis', () => {
    expect(excerpt('a\n\n b')).toBe('a b');
    const long = 'x'.repeat(100);
    expect(excerpt(long)).toHaveLength(80);
    expect(excerpt(long).endsWith('…')).toBe(true);
  });

  it('an unknown stored type reads as a student', () => {
    expect(roleOf('supervisor')).toBe('supervisor');
    expect(roleOf('instructor')).toBe('instructor');
    expect(roleOf('admin')).toBe('student');
    expect(roleOf(null)).toBe('student');
  });

  it('a submitted assessment, for the instructor', () => {
    const e = { kind: 'assessment.submitted', payload: { attempt: { id: 9, percent: 87.5, passed: true }, assessment: { title: 'Final' }, student: { name: 'Sara' } } };
    expect(describeEvent(e, 'en', 'instructor')).toEqual({ text: 'Sara submitted “Final”: 87.5%, passed', href: '/instructor/assessments/results/9' });
    expect(describeEvent(e, 'ar', 'instructor').text).toBe('سلّم Sara «Final»: 87.5%، ناجح');
  });

  it("a reply leads the supervisor to the replier's contact page", () => {
    const reply = (author_type: string) => ({ kind: 'note.replied', payload: { note_id: 1, reply: { author_name: 'Omar', author_type, text: 'ok' } } });
    expect(describeEvent(reply('instructor'), 'en', 'supervisor').href).toBe('/supervisor/contact/instructor');
    expect(describeEvent(reply('student'), 'en', 'supervisor').href).toBe('/supervisor/contact/student');
    expect(describeEvent(reply('supervisor'), 'en', 'student').href).toBe('/student/notes');
  });
});
