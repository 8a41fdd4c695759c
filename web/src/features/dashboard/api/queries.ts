/**
 * The dashboards' figures as server state: one query per role. The live events that may change a
 * role's figures (`countEvents`) re-read them here, in one place.
 */
import { onLive, PROGRESS, refetchFresh, useAppQuery } from '@/lib/query';
import type { MenuType } from '../menus';
import { countEvents, fetchCounts } from './counts';

const countsKey = (type: MenuType) => ['dashboard', 'counts', type] as const;

async function loadCounts(type: MenuType) {
  try {
    return await fetchCounts(type);
  } catch (e) {
    console.warn('dashboard counts failed', e);
    throw e;
  }
}

/**
 * A role's figures. The student's are their progress (`PROGRESS`: enrolling, a lesson or a
 * submission re-reads them). A failed re-read keeps the figures shown.
 */
export const useDashboardCounts = (type: MenuType) =>
  useAppQuery({ queryKey: countsKey(type), queryFn: () => loadCounts(type), meta: type === 'student' ? PROGRESS : undefined });

// An event that may change a role's figures re-reads that role's.
for (const type of Object.keys(countEvents) as MenuType[]) {
  onLive(countEvents[type], () => void refetchFresh(countsKey(type)));
}
