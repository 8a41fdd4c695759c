import type en from '../locales/en';
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import type { MenuType } from '../menus';

/** One figure on a dashboard: what it counts and where to act on it. */
export interface Count {
  /** Key into the dashboard texts (`counts.labels`). */
  key: keyof (typeof en)['counts']['labels'];
  value: number;
  to: string;
}

/** The figures each role's dashboard shows, from the same endpoints its pages use. */
export async function fetchCounts(type: MenuType): Promise<Count[]> {
  if (type === 'supervisor') {
    const q = await apiFetch<Schema<'QueueCounts'>>('supervisor/queue-counts');
    const counts: Count[] = [
      { key: 'pendingAccreditation', value: q.accreditation, to: '/supervisor/accreditation' },
      { key: 'pendingStop', value: q.stop, to: '/supervisor/stop' },
    ];
    if (typeof q.certificates === 'number') counts.push({ key: 'pendingCertificates', value: q.certificates, to: '/supervisor/certificate' });
    return counts;
  }
  if (type === 'instructor') {
    const [{ courses }, questions] = await Promise.all([
      apiFetch<Schema<'CourseList'>>('instructor/courses'),
      apiFetch<Schema<'BadgeCount'>>('question/instructor/count'),
    ]);
    const by = (...s: string[]) => courses.filter((c) => s.includes(c.status)).length;
    return [
      { key: 'activeCourses', value: by('active', 'stop_pending'), to: '/instructor/courses' },
      { key: 'waitingCourses', value: by('pending'), to: '/instructor/courses' },
      { key: 'draftCourses', value: by('draft', 'rejected'), to: '/instructor/courses' },
      { key: 'enrolledStudents', value: courses.reduce((n, c) => n + c.enrolled_count, 0), to: '/instructor/track-students' },
      { key: 'unansweredQuestions', value: questions.count, to: '/instructor/students-questions' },
    ];
  }
  const { courses } = await apiFetch<Schema<'EnrolledList'>>('student/courses');
  const by = (s: string) => courses.filter((c) => c.progress.state === s).length;
  return [
    { key: 'enrolledCourses', value: courses.length, to: '/student/courses' },
    { key: 'inProgressCourses', value: by('in_progress') + by('not_started'), to: '/student/courses' },
    { key: 'completedCourses', value: by('completed'), to: '/student/certificates' },
  ];
}

/** Live events after which a role's figures may have changed. */
export const countEvents: Record<MenuType, string[]> = {
  supervisor: ['request.created', 'request.decided', 'certificate_request.created', 'certificate_request.decided'],
  instructor: ['request.decided', 'badge.questions', 'question.asked', 'assessment.submitted'],
  student: ['certificate_request.decided'],
};
