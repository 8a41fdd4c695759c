import { afterEach } from 'vitest';

afterEach(() => {
  window.localStorage.clear();
});
