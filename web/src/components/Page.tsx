import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/hooks';

interface PageProps {
  /** The h1 text; also the first part of the document title. */
  title: string;
  /** Document title when it should differ from the heading. */
  docTitle?: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * Every routed page renders through this: one h1 (focus target after navigation, see
 * `RouteFocus`) and a unique document title.
 */
export function Page({ title, docTitle, intro, children, className }: PageProps) {
  useDocumentTitle(docTitle ?? title);
  return (
    <div className={`page ${className ?? ''}`}>
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      {intro ? <div className="page-intro">{intro}</div> : null}
      {children}
    </div>
  );
}
