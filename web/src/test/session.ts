import { appStore, sessionAtom } from '@/lib/state';
import { KEYS, readSession } from '@/lib/storage';

/** Signs a user in for a component test: the stored tokens the app reads, and the session atom. */
export function signIn(id: number, type: string) {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.refresh, 'ref');
  localStorage.setItem(KEYS.userId, String(id));
  localStorage.setItem(KEYS.type, type);
  appStore.set(sessionAtom, readSession());
}
