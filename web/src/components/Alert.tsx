import type { ReactNode } from 'react';

/**
 * Messages near a form. Errors use role=alert (announced at once); success and progress use a
 * polite status region. The region element stays mounted so screen readers pick up changes.
 */
export function ErrorAlert({ children, id }: { children?: ReactNode; id?: string }) {
  return (
    <div role="alert" id={id} className={children ? 'alert alert-error' : 'alert-empty'}>
      {children}
    </div>
  );
}

export function StatusMessage({ children, id }: { children?: ReactNode; id?: string }) {
  return (
    <div role="status" id={id} className={children ? 'alert alert-success' : 'alert-empty'}>
      {children}
    </div>
  );
}
