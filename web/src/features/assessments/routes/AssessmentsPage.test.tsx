import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { publishLive } from '@/lib/realtime';
import type { AssessmentSummary } from '../api/assessments';
import { AssessmentsPage } from './AssessmentsPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const item = (id: number, title: string, attempts: number): AssessmentSummary => ({
  id,
  course_id: 7,
  course_title: 'Letters',
  type: 'final_assessment',
  lesson_id: null,
  lesson_title: null,
  chapter_id: null,
  chapter_title: null,
  title,
  pass_mark: 60,
  max_attempts: 0,
  questions_count: 1,
  total_points: 1,
  updated_at: '',
  attempts_count: attempts,
});

beforeEach(() => act(() => applyLanguage('en')));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  act(() => applyLanguage('ar'));
});

describe('AssessmentsPage', () => {
  it('a deleted assessment leaves the list and focus goes to the title; a live submission re-reads the attempt counts', async () => {
    const user = userEvent.setup();
    let list = [item(1, 'Final', 0), item(2, 'Second', 0)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/instructor/assessments?revisions=true') return json(200, { assessments: list });
        if (url === '/api/assessments/1' && init.method === 'DELETE') {
          list = list.filter((a) => a.id !== 1);
          return json(200, { message: 'Assessment deleted' });
        }
        return json(404, { code: 'not_found', message: 'Not found' });
      }),
    );
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <AssessmentsPage /> }])} />);
    const del = await screen.findByRole('button', { name: 'Delete “Final”' });
    await user.click(del);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Assessment deleted');
    await waitFor(() => expect(document.activeElement?.id).toBe('page-title'));
    expect(screen.queryByRole('button', { name: 'Delete “Final”' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    list = [{ ...list[0], attempts_count: 1 }];
    act(() => publishLive({ id: 1, kind: 'assessment.submitted', payload: {}, created_at: '' }));
    expect(await screen.findByText(/1 started/)).toBeTruthy();
  });
});
