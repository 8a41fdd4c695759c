import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After every client-side navigation (not the first load), moves focus to the new page's h1 so
 * a screen reader announces where the user is; the skip link stays first on a fresh load.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const id = window.requestAnimationFrame(() => {
      const h1 = document.getElementById('page-title');
      if (h1) h1.focus();
      else document.getElementById('main')?.focus();
    });
    return () => window.cancelAnimationFrame(id);
  }, [pathname]);
  return null;
}
