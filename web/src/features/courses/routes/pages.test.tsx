import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { __resetForTests } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { publishLive } from '@/lib/realtime';
import { appStore, sessionAtom } from '@/lib/state';
import type { CourseDetail, CourseSummary, LessonDto, RequestDto } from '../api/courses';
import { CataloguePage, CoursePage } from './CataloguePages';
import { ArchivePage, InstructorCoursesPage } from './InstructorCoursesPage';
import { LearnPage, MyCoursesPage } from './StudentPages';
import { CourseEditorPage } from './CourseEditorPage';
import { QueuePage } from './SupervisorPages';
import { fakeApiReplies, type Recorded, type Reply } from '@/test/server';
import { signIn } from '@/test/session';

let requests: Recorded[];

function server(routes: Record<string, (url: string) => Reply>) {
  requests = fakeApiReplies(Object.fromEntries(Object.entries(routes).map(([k, h]) => [k, (_body: unknown, url: string) => h(url)])));
}

function page(ui: React.ReactNode, path = '/', at = '/') {
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [at] });
  render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const statusTexts = () => screen.getAllByRole('status').map((s) => (s.textContent ?? '').replace(/[\u2068\u2069]/g, ''));
const live = (id: number, kind: string, payload: Record<string, unknown>) => act(() => publishLive({ id, kind, payload, created_at: '' }));

const summary = (id: number, title: string): CourseSummary => ({
  id,
  title,
  type: 'course',
  duration_days: 30,
  description: 'About it',
  category: 'letters',
  level: 'beginner',
  language: 'en',
  braille_grade: 1,
  image: null,
  image_media_id: null,
  status: 'active',
  instructor: { id: 3, name: 'Huda' } as CourseSummary['instructor'],
  lessons_count: 3,
  enrolled_count: 0,
  updated_at: '2026-11-01T10:00:00Z',
});

const lesson = (id: number, title: string, completed: boolean): LessonDto => ({ id, title, description: null, rule: null, letters: [], words: [], links: [], media: [], contractions: [], completed });

beforeEach(() => act(() => applyLanguage('en')));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  __resetForTests();
  queryClient.clear();
  appStore.set(sessionAtom, null);
  act(() => applyLanguage('ar'));
});

describe('CataloguePage', () => {
  it('says how many courses a search found once its own answer is on screen, and shows that answer', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/courses*': (url) => ({ body: { courses: url.includes('q=dots') ? [summary(2, 'Dots')] : [summary(1, 'Letters'), summary(2, 'Dots')] } }),
    });
    page(<CataloguePage area="public" />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Letters' })).toBeTruthy();
    // An unfiltered list says nothing.
    expect(statusTexts().filter(Boolean)).toEqual([]);
    await user.type(screen.getByLabelText('Search words'), 'dots');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(statusTexts()).toContain('1 course found.'));
    expect(screen.queryByRole('heading', { level: 3, name: 'Letters' })).toBeNull();
    expect(requests.filter((r) => r.url.startsWith('/api/courses')).length).toBe(2);
  });
});

describe('LearnPage', () => {
  const course = (): CourseDetail => ({
    ...summary(5, 'Letters'),
    access: 'full',
    enrolled: true,
    progress: { state: 'in_progress', lessons_done: 1, lessons_total: 3, assessments_passed: 0, assessments_total: 0, percent: null, grade: null, can_retry_final: false },
    requests: [],
    chapters: [{ id: 1, title: 'First', description: '', lessons: [lesson(10, 'a and b', true), lesson(11, 'c and d', false), lesson(12, 'e and f', false)] }],
  });

  beforeEach(() => signIn(7, 'student'));

  it('opens on the first lesson not yet completed; marking it complete keeps it on screen and says so', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/courses/5': () => ({ body: course() }),
      'POST /api/lessons/11/complete': () => ({ body: { message: 'Lesson completed', progress: { state: 'in_progress', lessons_done: 2, lessons_total: 3 } } }),
    });
    page(<LearnPage />, '/student/courses/:courseId', '/student/courses/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'c and d' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Mark lesson complete/ }));
    await waitFor(() => expect(statusTexts()).toContain('Lesson completed'));
    await waitFor(() => expect(document.activeElement?.id).toBe('lesson-done'));
    expect(screen.getByRole('heading', { level: 2, name: 'c and d' })).toBeTruthy();
  });

  it('says when the course is not found', async () => {
    server({});
    page(<LearnPage />, '/student/courses/:courseId', '/student/courses/9');
    expect(await screen.findByText('This course was not found or is not available to you.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Course not found' })).toBeTruthy();
  });
});

describe('QueuePage', () => {
  const request = (id: number, title: string): RequestDto =>
    ({ id, kind: 'accreditation', status: 'pending', course_id: id + 100, course_title: title, instructor_name: 'Huda', requested_at: '2026-11-01T10:00:00Z' }) as RequestDto;

  beforeEach(() => signIn(1, 'supervisor'));

  it('announces a new request and reads the queue again', async () => {
    let list = [request(1, 'Letters')];
    server({ 'GET /api/supervisor/requests*': () => ({ body: { requests: list } }) });
    page(<QueuePage kind="accreditation" />);
    expect(await screen.findByText('1 request waiting.')).toBeTruthy();
    list = [...list, request(2, 'Numbers')];
    live(1, 'request.created', { request: request(2, 'Numbers') });
    expect(statusTexts()).toContain('New request: “Numbers”.');
    expect(await screen.findByText('2 requests waiting.')).toBeTruthy();
  });
});

describe('CoursePage', () => {
  const detail = (enrolled: boolean): CourseDetail => ({ ...summary(5, 'Letters'), access: 'outline', enrolled, progress: null, chapters: [], requests: [] });

  beforeEach(() => signIn(7, 'student'));

  it('Escape returns focus to "Enrol"; enrolling swaps it for "Go to the course", which takes focus, and re-reads the enrolled courses', async () => {
    const user = userEvent.setup();
    let enrolled = false;
    server({
      'GET /api/courses/5': () => ({ body: detail(enrolled) }),
      'POST /api/courses/5/enrol': () => {
        enrolled = true;
        return { body: { message: 'You are enrolled in the course' } };
      },
      'GET /api/student/courses': () => ({ body: { courses: [] } }),
    });
    // My courses was open before: its list is cached and must be read again after the enrolment.
    page(<MyCoursesPage />);
    await screen.findByText('You are not enrolled in any course yet.');
    cleanup();
    page(<CoursePage area="student" />, '/courses/:id', '/courses/5');
    const enrol = await screen.findByRole('button', { name: 'Enrol in this course' });
    await user.click(enrol);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The same button, not a new one: the page did not load again under the dialog.
    expect(document.activeElement).toBe(enrol);

    await user.click(enrol);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enrol' }));
    await waitFor(() => expect(statusTexts()).toContain('You are enrolled in the course'));
    await waitFor(() => expect(document.activeElement?.id).toBe('go-course'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enrol in this course' })).toBeNull();
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/student/courses')).toHaveLength(2));
  });
});

describe('InstructorCoursesPage and ArchivePage', () => {
  beforeEach(() => signIn(3, 'instructor'));

  it('a stop request closes its dialog with focus on the course; the live decision moves the course to the archive', async () => {
    const user = userEvent.setup();
    let status = 'active';
    server({
      'GET /api/instructor/courses': () => ({ body: { courses: [{ ...summary(5, 'Letters'), status }] } }),
      'POST /api/courses/5/stop-request': () => {
        status = 'stop_pending';
        return { body: { message: 'Stop-course request sent', course: { ...summary(5, 'Letters'), status } } };
      },
    });
    page(<InstructorCoursesPage />);
    const stop = await screen.findByRole('button', { name: /^Request stop ?“Letters”$/ });
    await user.click(stop);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send the stop request' }));
    await waitFor(() => expect(statusTexts()).toContain('Stop-course request sent'));
    await waitFor(() => expect(document.activeElement?.id).toBe('course-5'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Waiting for a stop decision')).toBeTruthy();
    cleanup();

    // The archive was read before the decision; the decision arrives live (one place re-reads).
    page(<ArchivePage />);
    expect(await screen.findByText('The archive is empty.')).toBeTruthy();
    status = 'inactive';
    live(1, 'request.decided', { request: { id: 9, kind: 'stop', status: 'approved', course_id: 5, course_title: 'Letters' }, course_status: 'inactive' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Letters' })).toBeTruthy();
    expect(screen.queryByText('The archive is empty.')).toBeNull();
  });
});

describe('course revisions (issue 23)', () => {
  const detail = (over: Partial<CourseDetail>): CourseDetail => ({
    ...summary(5, 'Letters'),
    access: 'full',
    enrolled: false,
    progress: null,
    chapters: [{ id: 1, title: 'One', description: 'a', lessons: [{ ...lesson(11, 'Letter b', false), description: 'Dots 1 adn 2' }] }],
    requests: [],
    ...over,
  });

  it('a live course offers "Edit as a revision", which opens it and leads to its editor; it is sent for approval from there', async () => {
    signIn(3, 'instructor');
    const user = userEvent.setup();
    let revisionStatus: 'draft' | 'pending' = 'draft';
    server({
      'GET /api/instructor/courses': () => ({ body: { courses: [summary(5, 'Letters')] } }),
      'POST /api/courses/5/revision': () => ({
        status: 201,
        body: { message: 'Revision opened. Students still see the live version until a supervisor approves your changes.', course: detail({ id: 8, status: 'draft', revision_of: 5 }) },
      }),
      'GET /api/courses/8': () => ({ body: detail({ id: 8, status: revisionStatus, revision_of: 5 }) }),
      'GET /api/courses/5': () => ({ body: detail({}) }),
      'POST /api/courses/8/accreditation': () => {
        revisionStatus = 'pending';
        return { body: { message: 'Revision sent for approval', course: detail({ id: 8, status: 'pending', revision_of: 5 }) } };
      },
    });
    const router = createMemoryRouter(
      [
        { path: '/instructor/courses', element: <InstructorCoursesPage /> },
        { path: '/instructor/courses/:id/edit', element: <CourseEditorPage /> },
      ],
      { initialEntries: ['/instructor/courses'] },
    );
    render(
      <Provider store={appStore}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await user.click(await screen.findByRole('button', { name: /^Edit as a revision ?“Letters”$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/instructor/courses/8/edit'));
    expect(await screen.findByRole('heading', { name: 'Revision of a live course' })).toBeTruthy();
    expect(screen.getByText('You are editing a revision of “Letters”. Students still see the live version until a supervisor approves your changes.')).toBeTruthy();
    await waitFor(() => expect(statusTexts()).toContain('Revision opened. Students still see the live version until a supervisor approves your changes.'));
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(statusTexts()).toContain('Revision sent for approval'));
    expect(await screen.findByText('Sent: waiting for a supervisor’s approval. It cannot be edited meanwhile.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for approval' })).toBeNull();

    // Approved elsewhere, live: the editor goes to the live course, which says so.
    live(2, 'request.decided', { request: { id: 4, kind: 'accreditation', status: 'approved', course_id: 5, course_title: 'Letters', revision_id: 8 }, course_status: 'active' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/instructor/courses/5/edit'));
    await waitFor(() => expect(statusTexts()).toContain('A supervisor approved your revision of “Letters”; students now see it.'));
    expect(await screen.findByRole('button', { name: 'Edit as a revision' })).toBeTruthy();
  });

  it('a returned revision shows the supervisor\'s reason; the queue marks a revision with its size', async () => {
    signIn(3, 'instructor');
    const returned: RequestDto = {
      id: 4,
      course_id: 5,
      course_title: 'Letters',
      instructor_name: 'Huda',
      kind: 'accreditation',
      status: 'rejected',
      reason: 'Spell dots in full',
      requested_at: '2026-11-01T10:00:00Z',
      decided_at: '2026-11-01T11:00:00Z',
      decided_by_name: 'Mona',
      revision_id: 8,
      difference: null,
    };
    server({ 'GET /api/courses/8': () => ({ body: detail({ id: 8, status: 'rejected', revision_of: 5, requests: [returned] }) }) });
    page(<CourseEditorPage />, '/instructor/courses/:id/edit', '/instructor/courses/8/edit');
    expect(await screen.findByText(/Returned by a supervisor\. Reason: Spell dots in full/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send for approval' })).toBeTruthy();
    cleanup();

    signIn(1, 'supervisor');
    const pending: RequestDto = {
      ...returned,
      status: 'pending',
      reason: null,
      decided_at: null,
      difference: { changes: [{ item: 'lesson', change: 'changed', title: 'Letter b', within: 'One', fields: [{ field: 'description', before: 'Dots 1 adn 2', after: 'Dots 1 and 2' }] }] },
    };
    server({ 'GET /api/supervisor/requests?kind=accreditation': () => ({ body: { requests: [pending] } }) });
    page(<QueuePage kind="accreditation" />);
    expect(await screen.findByText('Revision of a live course: 1 change')).toBeTruthy();
  });
});

