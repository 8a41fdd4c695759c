import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useApiData } from './hooks';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let reloadNow: () => void = () => {};

function Probe({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data, error, reload } = useApiData(fetcher, 'Unable to access data');
  reloadNow = reload;
  return (
    <p>
      data:{data ?? '-'} error:{error || '-'}
    </p>
  );
}

describe('useApiData', () => {
  it('shows what was fetched, and an older answer never overwrites a newer one', async () => {
    const calls = [deferred<string>(), deferred<string>()];
    let n = 0;
    render(<Probe fetcher={() => calls[n++].promise} />);
    act(() => reloadNow());
    // The newer request answers first; the older one's late answer is dropped.
    await act(async () => calls[1].resolve('new'));
    await act(async () => calls[0].resolve('old'));
    expect(screen.getByText('data:new error:-')).toBeTruthy();
  });

  it("gives the server's message, or the fallback, and keeps what was shown", async () => {
    // Made on demand: a rejected promise made ahead of its handler is an unhandled rejection.
    const answers = [
      () => Promise.resolve('first'),
      () => Promise.reject(new ApiError(503, 'down', 'Service down')),
      () => Promise.reject(new TypeError('offline')),
    ];
    let n = 0;
    render(<Probe fetcher={() => answers[n++]()} />);
    await waitFor(() => expect(screen.getByText('data:first error:-')).toBeTruthy());
    act(() => reloadNow());
    await waitFor(() => expect(screen.getByText('data:first error:Service down')).toBeTruthy());
    act(() => reloadNow());
    await waitFor(() => expect(screen.getByText('data:first error:Unable to access data')).toBeTruthy());
  });
});
