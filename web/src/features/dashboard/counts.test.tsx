import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { progressChanged } from '@/lib/query';
import { publishLive } from '@/lib/realtime';
import { KEYS } from '@/lib/storage';
import { DashboardCounts } from './components/DashboardCounts';
import type { MenuType } from './menus';

let queue = { accreditation: 2, stop: 0 };
let calls: string[];

function show(type: MenuType) {
  const router = createMemoryRouter([{ path: '*', element: <DashboardCounts type={type} /> }], { initialEntries: [`/${type}`] });
  return render(<RouterProvider router={router} />);
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'tok');
  calls = [];
  queue = { accreditation: 2, stop: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/supervisor/queue-counts') return json(queue);
      if (url === '/api/instructor/courses')
        return json({
          courses: [
            { status: 'active', enrolled_count: 4 },
            { status: 'stop_pending', enrolled_count: 1 },
            { status: 'pending', enrolled_count: 0 },
            { status: 'draft', enrolled_count: 0 },
            { status: 'inactive', enrolled_count: 7 },
          ],
        });
      if (url === '/api/question/instructor/count') return json({ count: 3 });
      if (url === '/api/student/courses')
        return json({ courses: [{ progress: { state: 'completed' } }, { progress: { state: 'in_progress' } }, { progress: { state: 'not_started' } }] });
      return new Response('{}', { status: 404 });
    }),
  );
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => applyLanguage('ar'));
});

describe('dashboard figures', () => {
  it('shows the supervisor queue sizes as links and refreshes them on a live request event', async () => {
    show('supervisor');
    const link = await screen.findByRole('link', { name: 'Accreditation requests waiting: 2' });
    expect(link.getAttribute('href')).toBe('/supervisor/accreditation');
    expect(screen.getByRole('link', { name: 'Stop-course requests waiting: 0' })).toBeTruthy();

    queue = { accreditation: 3, stop: 1 };
    act(() => publishLive({ id: 991, kind: 'request.created', payload: {}, created_at: '' }));
    await screen.findByRole('link', { name: 'Accreditation requests waiting: 3' });
    expect(screen.getByRole('link', { name: 'Stop-course requests waiting: 1' })).toBeTruthy();
  });

  it("counts the instructor's courses by status, their students and unanswered questions", async () => {
    show('instructor');
    await screen.findByRole('link', { name: 'Active courses: 2' });
    expect(screen.getByRole('link', { name: 'Courses waiting for accreditation: 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Drafts and rejected courses: 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enrolled students: 12' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unanswered questions: 3' }).getAttribute('href')).toBe('/instructor/students-questions');
  });

  it("counts the student's courses by progress, in Arabic too", async () => {
    act(() => applyLanguage('ar'));
    show('student');
    await screen.findByRole('link', { name: 'الدورات المسجّل فيها: 3' });
    expect(screen.getByRole('link', { name: 'دورات قيد التقدّم: 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'الدورات المكتملة: 1' })).toBeTruthy();
  });

  it("re-reads the student's figures when their progress changes (an enrolment, a lesson, a submission)", async () => {
    show('student');
    await screen.findByRole('link', { name: 'Enrolled courses: 3' });
    const before = calls.length;
    await act(() => progressChanged());
    await waitFor(() => expect(calls.length).toBe(before + 1));
    expect(calls.at(-1)).toBe('/api/student/courses');
  });

  it('says so when the figures cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    show('supervisor');
    await waitFor(() => expect(screen.getByText('Unable to access data')).toBeTruthy());
  });
});
