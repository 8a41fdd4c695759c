import { describe, expect, it } from 'vitest';
import { hidesSideMenu, menuFor, menuType } from './menus';

const paths = (type: string | null) => menuFor(type).map((i) => i.to);

describe('menu by stored type', () => {
  it('gives students the student menu, exactly the spec paths in order (practice after my courses, issue 17)', () => {
    expect(paths('student')).toEqual([
      '/student',
      '/student/profile',
      '/student/discover-courses',
      '/student/courses',
      '/student/practice',
      '/student/braille-translator',
      '/student/certificates',
      '/student/notes',
      '/student/questions',
      '/student/settings',
      '/student/help',
    ]);
  });

  it('gives instructors the instructor menu with the badge on students-questions', () => {
    const menu = menuFor('instructor');
    expect(menu.map((i) => i.to)).toEqual([
      '/instructor',
      '/instructor/profile',
      '/instructor/track-students',
      '/instructor/confusions',
      '/instructor/courses',
      '/instructor/assessments',
      '/instructor/courses/create',
      '/instructor/assessments/create',
      '/instructor/archive',
      '/instructor/notes',
      '/instructor/braille-translator',
      '/instructor/students-questions',
      '/instructor/settings',
    ]);
    expect(menu.filter((i) => i.badge).map((i) => i.to)).toEqual(['/instructor/students-questions']);
  });

  it('gives supervisors their menu with their profile and settings and the admin panel as an external link', () => {
    const menu = menuFor('supervisor');
    expect(menu.map((i) => i.to)).toEqual([
      '/supervisor',
      '/supervisor/profile',
      '/supervisor/accreditation',
      '/supervisor/stop',
      '/supervisor/certificate',
      '/supervisor/issued-certificates',
      '/supervisor/contact/instructor',
      '/supervisor/contact/student',
      '/supervisor/settings',
      '/admin',
    ]);
    expect(menu.find((i) => i.to === '/admin')?.external).toBe(true);
  });

  it.each([null, undefined, '', 'admin', 'Instructor', 'SUPERVISOR', 'teacher'])('gives %s the student menu', (v) => {
    expect(menuType(v)).toBe('student');
    expect(paths(v as string | null)).toEqual(paths('student'));
  });
});

describe('side menu hiding', () => {
  it.each(['/student/courses/42', '/student/courses/abc/lessons/1', '/student/courses/answers', '/student/courses/answers/7'])(
    'hides on %s',
    (p) => expect(hidesSideMenu(p)).toBe(true),
  );
  it.each(['/student', '/student/courses', '/student/courses/', '/student/discover-courses', '/instructor/courses/create', '/instructor/courses/5', '/supervisor'])(
    'shows on %s',
    (p) => expect(hidesSideMenu(p)).toBe(false),
  );
});
