import { afterEach } from 'vitest';
import { queryClient } from '@/lib/query';

afterEach(() => {
  window.localStorage.clear();
  // Each test starts with an empty server-state cache.
  queryClient.clear();
});
