/**
 * The learner's keyboard choices, kept in localStorage beside `app-lang` and `app-theme` (a
 * device preference: it stays after sign-out, and visitors have it too):
 * - `braille-keyboard-mode`: `chord` (default) or `latch`;
 * - `braille-latch-offer`: `accepted` or `dismissed` once the rollover offer was answered
 *   (then it is never made again).
 * Every keyboard on screen, the settings page and other tabs follow a change at once.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { KeyboardMode } from './chord';

export const MODE_KEY = 'braille-keyboard-mode';
export const OFFER_KEY = 'braille-latch-offer';

export type OfferAnswer = 'accepted' | 'dismissed';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
}

// In memory too, so the choice holds for the page when storage is unavailable.
let memory: { mode: KeyboardMode | null; offer: OfferAnswer | null } = { mode: null, offer: null };

export function readMode(): KeyboardMode {
  const stored = read(MODE_KEY);
  if (stored === 'latch' || stored === 'chord') return stored;
  return memory.mode ?? 'chord';
}

export function readOfferAnswer(): OfferAnswer | null {
  const stored = read(OFFER_KEY);
  if (stored === 'accepted' || stored === 'dismissed') return stored;
  return memory.offer;
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === MODE_KEY || e.key === OFFER_KEY) fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

export function writeMode(mode: KeyboardMode): void {
  memory = { ...memory, mode };
  write(MODE_KEY, mode);
  emit();
}

export function writeOfferAnswer(answer: OfferAnswer): void {
  memory = { ...memory, offer: answer };
  write(OFFER_KEY, answer);
  emit();
}

export function useKeyboardMode(): [KeyboardMode, (mode: KeyboardMode) => void] {
  const mode = useSyncExternalStore(subscribe, readMode, () => 'chord' as const);
  return [mode, useCallback((m: KeyboardMode) => writeMode(m), [])];
}

/** Whether the latch-mode offer was already answered (accepted or dismissed). */
export function useOfferAnswered(): boolean {
  return useSyncExternalStore(subscribe, () => readOfferAnswer() !== null, () => true);
}

/** For tests: forget the in-memory choices. */
export function __resetKeyboardPrefs(): void {
  memory = { mode: null, offer: null };
}
