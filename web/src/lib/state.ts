/** App-wide atoms: session, language, theme. They mirror browser storage. */
import { atom, createStore } from 'jotai';
import { onSessionChange, readLang, readSession, readTheme, type Lang, type Session, type Theme } from './storage';

export const appStore = createStore();

export const sessionAtom = atom<Session | null>(readSession());
export const langAtom = atom<Lang>(readLang());
export const themeAtom = atom<Theme>(readTheme());

onSessionChange(() => appStore.set(sessionAtom, readSession()));

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => appStore.set(sessionAtom, readSession()));
}
