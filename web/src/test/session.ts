import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
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

/**
 * Page tests in English: each starts with the interface in English and ends with the page
 * unmounted, the fake API gone, nobody signed in and the interface back in Arabic (the default).
 */
export function pageTestsInEnglish() {
  beforeEach(() => act(() => applyLanguage('en')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    appStore.set(sessionAtom, null);
    act(() => applyLanguage('ar'));
  });
}
