import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLiveEvent, useLiveResync } from '@/lib/realtime';
import { countEvents, fetchCounts, type Count } from '../api/counts';
import type { MenuType } from '../menus';
import { useDashTexts } from '../texts';

/**
 * The role's figures at a glance (queue sizes, courses, students), refreshed when a live event
 * may have changed them. Each figure is a link to where it can be acted on, and its name and
 * number are read together ("3 accreditation requests waiting").
 */
export function DashboardCounts({ type }: { type: MenuType }) {
  const txt = useDashTexts();
  const [counts, setCounts] = useState<Count[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    fetchCounts(type)
      .then((c) => {
        setCounts(c);
        setFailed(false);
      })
      .catch((e) => {
        console.warn('dashboard counts failed', e);
        setFailed(true);
      });
  }, [type]);

  useEffect(load, [load]);
  useLiveResync(load);
  useLiveEvent(countEvents[type], load);

  return (
    <section aria-labelledby="counts-heading" className="dash-counts">
      <h2 id="counts-heading">{txt.counts.title}</h2>
      {failed && !counts ? <p>{txt.counts.failed}</p> : null}
      {!counts && !failed ? <p>{txt.counts.loading}</p> : null}
      {counts ? (
        <ul className="dash-count-list">
          {counts.map((c) => (
            <li key={c.key} className="dash-count">
              <Link to={c.to}>
                <span className="dash-count-value" aria-hidden="true">
                  {c.value.toLocaleString('en')}
                </span>
                <span className="dash-count-label" aria-hidden="true">
                  {txt.counts.labels[c.key]}
                </span>
                <span className="visually-hidden">{txt.counts.spoken(c.key, c.value)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
