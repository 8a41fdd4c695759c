/** Side menus by stored type (spec §2, §6) and the rule that hides the side menu. */

import type en from './locales/en';

export type MenuType = 'student' | 'instructor' | 'supervisor';

export interface MenuItem {
  /** Path, or an absolute URL path for the external admin panel. */
  to: string;
  /** Key into the dashboard texts (`labels`). */
  label: keyof (typeof en)['labels'];
  /** Shows the unanswered-questions badge. */
  badge?: boolean;
  /** Opens in a new tab. */
  external?: boolean;
  /** Marks the item current only on an exact path match (landing pages). */
  end?: boolean;
}

export const MENUS: Record<MenuType, MenuItem[]> = {
  student: [
    { to: '/student', label: 'dashboard', end: true },
    { to: '/student/profile', label: 'profile' },
    { to: '/student/discover-courses', label: 'discoverCourses' },
    { to: '/student/courses', label: 'myCourses' },
    { to: '/student/practice', label: 'practice' },
    { to: '/student/braille-translator', label: 'translator' },
    { to: '/student/certificates', label: 'certificates' },
    { to: '/student/notes', label: 'notes' },
    { to: '/student/questions', label: 'questions' },
    { to: '/student/settings', label: 'settings' },
    { to: '/student/help', label: 'help' },
  ],
  instructor: [
    { to: '/instructor', label: 'dashboard', end: true },
    { to: '/instructor/profile', label: 'profile' },
    { to: '/instructor/track-students', label: 'trackStudents' },
    { to: '/instructor/confusions', label: 'confusions' },
    { to: '/instructor/courses', label: 'instructorCourses', end: true },
    { to: '/instructor/assessments', label: 'assessments', end: true },
    { to: '/instructor/courses/create', label: 'createCourse' },
    { to: '/instructor/assessments/create', label: 'createAssessment' },
    { to: '/instructor/archive', label: 'archive' },
    { to: '/instructor/notes', label: 'notes' },
    { to: '/instructor/braille-translator', label: 'translator' },
    { to: '/instructor/students-questions', label: 'studentsQuestions', badge: true },
    { to: '/instructor/settings', label: 'settings' },
  ],
  supervisor: [
    { to: '/supervisor', label: 'dashboard', end: true },
    // Beyond the spec's list (issue 21): a supervisor's own profile and settings (password,
    // signed-in devices) were reachable only by typing the address.
    { to: '/supervisor/profile', label: 'profile' },
    { to: '/supervisor/accreditation', label: 'accreditation' },
    { to: '/supervisor/stop', label: 'stop' },
    { to: '/supervisor/certificate', label: 'certificateRequests' },
    { to: '/supervisor/issued-certificates', label: 'issuedCertificates' },
    { to: '/supervisor/contact/instructor', label: 'contactInstructor' },
    { to: '/supervisor/contact/student', label: 'contactStudent' },
    { to: '/supervisor/settings', label: 'settings' },
    { to: '/admin', label: 'adminPanel', external: true },
  ],
};

/** The menu type for a stored `type` value; anything unknown gets the student menu. */
export function menuType(stored: string | null | undefined): MenuType {
  return stored === 'instructor' || stored === 'supervisor' ? stored : 'student';
}

export function menuFor(stored: string | null | undefined): MenuItem[] {
  return MENUS[menuType(stored)];
}

/** Hidden on student course-detail and answer pages: /student/courses/<courseId>, /student/courses/answers. */
export function hidesSideMenu(pathname: string): boolean {
  return /\/student\/courses\/[^/]+/.test(pathname);
}
