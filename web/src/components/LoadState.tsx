import { ErrorAlert, StatusMessage } from './Alert';

interface LoadStateProps {
  /** True until the page's data has come: "Loading…" shows unless the load failed. */
  loading: boolean;
  /** The load's error text ('' when none). */
  loadError: string;
  /** An action's error, shown in the same alert region once the page has loaded. */
  actionError?: string;
  /** An action's outcome, in a polite status region after the alert; left out, no region. */
  status?: string;
  /** The feature's own "Loading…" words. */
  loadingText: string;
}

/**
 * The one presentation of a page's pending and failed states: an always-mounted role=alert region
 * (announced at once when an error arrives), the action's status region when the page has one,
 * and a plain "Loading…" paragraph until the data or the error comes. Every page renders the same shape, so screen readers meet the same thing.
 */
export function LoadState({ loading, loadError, actionError = '', status, loadingText }: LoadStateProps) {
  return (
    <>
      <ErrorAlert>{loadError || actionError}</ErrorAlert>
      {status !== undefined ? <StatusMessage>{status}</StatusMessage> : null}
      {loading && !loadError ? <p>{loadingText}</p> : null}
    </>
  );
}
