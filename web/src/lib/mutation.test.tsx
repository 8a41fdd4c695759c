import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadState } from '@/components/LoadState';
import { ApiError } from './api-client';
import { useApiMutation } from './mutation';
import { queryClient } from './query';

const KEY = ['test', 'saved'];

afterEach(cleanup);

/** A save button whose request is `request`; the answer is set in the cache beside the request. */
function SaveButton({ request }: { request: () => Promise<{ message: string }> }) {
  const save = useApiMutation({
    mutationFn: request,
    onSuccess: (res) => queryClient.setQueryData(KEY, res.message),
    fallback: 'There was a problem sending',
  });
  return (
    <>
      <LoadState loading={false} loadError="" actionError={save.errorText} loadingText="Loading…" />
      <button type="button" aria-disabled={save.pending || undefined} onClick={() => save.mutate()}>
        Save
      </button>
    </>
  );
}

describe('useApiMutation', () => {
  it("shows the server's localised message when the server refuses", async () => {
    render(<SaveButton request={() => Promise.reject(new ApiError(409, 'course_live', 'الدورة منشورة'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.getByRole('alert').textContent).toBe('الدورة منشورة');
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
  });

  it('shows the fallback when the request got no answer of the server', async () => {
    render(<SaveButton request={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.getByRole('alert').textContent).toBe('There was a problem sending');
  });

  it('updates the cache with the answer and clears the last error', async () => {
    let fail = true;
    render(<SaveButton request={() => (fail ? Promise.reject(new TypeError('offline')) : Promise.resolve({ message: 'Saved' }))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.getByRole('alert').textContent).toBe('There was a problem sending');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => queryClient.getQueryData(KEY)).toBe('Saved');
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});

describe('LoadState', () => {
  it('says Loading… until the data or an error comes, the error in an alert', () => {
    const { rerender } = render(<LoadState loading loadError="" status="" loadingText="Loading…" />);
    expect(screen.queryByText('Loading…')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<LoadState loading loadError="Could not load" loadingText="Loading…" />);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Could not load');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
