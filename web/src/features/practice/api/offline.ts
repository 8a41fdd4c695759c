/**
 * Practice without a connection (issue 26). Every answer is written to IndexedDB before it is
 * sent, with the time it was given and an id of its own, and forgotten once the server has it:
 * an answer given offline, or in a tab closed before the reply came, is sent later, and the
 * server schedules it at the time it was given and counts it once (the id). Today's session is
 * kept too, so the page opens and the session goes on offline. Everything is keyed by the
 * learner's user id: one learner's answers are never sent as another's.
 */
import { ApiError } from '@/lib/api-client';
import { sendReview, type Code, type PracticeSession, type ReviewResult } from './practice';

export interface KeptAnswer {
  /** The answer's id, sent as `client_id`. */
  id: string;
  userId: string;
  card_id: number;
  answer: string;
  elapsed_ms: number;
  /** When it was given (RFC 3339). */
  answered_at: string;
}

interface KeptSession {
  /** `<user id>:<code>`. */
  key: string;
  /** The UTC day it is for (YYYY-MM-DD): only today's session is used. */
  day: string;
  session: PracticeSession;
}

const DB_NAME = 'lamsa-practice';
const ANSWERS = 'answers';
const SESSIONS = 'sessions';

let opened: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore(ANSWERS, { keyPath: 'id' }).createIndex('userId', 'userId');
      db.createObjectStore(SESSIONS, { keyPath: 'key' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB'));
  }).catch((e: unknown) => {
    opened = null;
    throw e;
  });
  return opened;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
  });
}

function result<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB'));
  });
}

const today = () => new Date().toISOString().slice(0, 10);
const sessionKey = (userId: string, code: Code) => `${userId}:${code}`;

/** Keeps today's session of `code` for the learner, as the server gave it. */
export async function keepSession(userId: string, code: Code, session: PracticeSession): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(SESSIONS, 'readwrite');
  tx.objectStore(SESSIONS).put({ key: sessionKey(userId, code), day: today(), session } satisfies KeptSession);
  await done(tx);
}

/** Today's kept session of `code` without the cards answered since it was kept; null if none. */
export async function keptSession(userId: string, code: Code): Promise<PracticeSession | null> {
  const db = await openDb();
  const kept = await result<KeptSession | undefined>(db.transaction(SESSIONS).objectStore(SESSIONS).get(sessionKey(userId, code)));
  return kept && kept.day === today() ? kept.session : null;
}

/**
 * Writes an answer ahead of sending it, and takes its card out of the kept session (answered
 * once, it is not asked again when the page reopens offline).
 */
export async function keepAnswer(answer: KeptAnswer, code: Code): Promise<void> {
  const db = await openDb();
  const tx = db.transaction([ANSWERS, SESSIONS], 'readwrite');
  tx.objectStore(ANSWERS).put(answer);
  const sessions = tx.objectStore(SESSIONS);
  const req = sessions.get(sessionKey(answer.userId, code));
  req.onsuccess = () => {
    const kept = req.result as KeptSession | undefined;
    if (!kept) return;
    const at = kept.session.cards.findIndex((c) => c.id === answer.card_id);
    if (at < 0) return;
    const cards = kept.session.cards.filter((_, i) => i !== at);
    const wasNew = kept.session.cards[at]?.new ? 1 : 0;
    sessions.put({ ...kept, session: { ...kept.session, cards, new_cards: kept.session.new_cards - wasNew } });
  };
  await done(tx);
}

export async function forgetAnswer(id: string): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(ANSWERS, 'readwrite');
  tx.objectStore(ANSWERS).delete(id);
  await done(tx);
}

/** The learner's answers not sent yet, in the order they were given. */
export async function keptAnswers(userId: string): Promise<KeptAnswer[]> {
  const db = await openDb();
  const all = await result<KeptAnswer[]>(db.transaction(ANSWERS).objectStore(ANSWERS).index('userId').getAll(userId));
  return all.sort((a, b) => a.answered_at.localeCompare(b.answered_at));
}

/**
 * An answer the server did not get (no connection, the server down, the session to be renewed):
 * kept for later. Any other refusal is final.
 */
export function notDelivered(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status >= 500 || err.status === 401 || err.status === 408 || err.status === 429;
}

export function sendKept(a: KeptAnswer): Promise<ReviewResult> {
  return sendReview({ card_id: a.card_id, answer: a.answer, elapsed_ms: a.elapsed_ms, answered_at: a.answered_at, client_id: a.id });
}

/**
 * Answers a card: written down on this device before it is sent, so a connection lost, or the
 * tab closed, loses nothing. Not delivered, it stays kept (`kept`); answered or refused by the
 * server, it is forgotten. A refusal is thrown.
 */
export async function answerCard(a: KeptAnswer, code: Code): Promise<{ result: ReviewResult } | { kept: true }> {
  const written = await keepAnswer(a, code).then(
    () => true,
    () => false, // no IndexedDB here (a private window, say): sent, not kept
  );
  const forget = () => {
    if (written) void forgetAnswer(a.id).catch(() => undefined);
  };
  return sendKept(a).then(
    (result) => {
      forget();
      return { result };
    },
    (err: unknown) => {
      if (written && notDelivered(err)) return { kept: true as const };
      forget();
      throw err;
    },
  );
}

/** What a sync did: answers the server took, answers still kept. */
export interface Synced {
  sent: number;
  left: number;
}

/** Fired on `window` after a sync that sent something. */
export const SYNCED_EVENT = 'lamsa:practice-synced';

let syncing: Promise<Synced> | null = null;

/**
 * Sends the learner's kept answers, oldest first, and stops at the first one not delivered (the
 * connection went again): the rest wait for the next try. One sync at a time.
 */
export function syncAnswers(userId: string): Promise<Synced> {
  syncing ??= (async () => {
    let sent = 0;
    const kept = await keptAnswers(userId);
    let left = kept.length;
    for (const a of kept) {
      try {
        await sendKept(a);
        sent += 1;
      } catch (err) {
        if (notDelivered(err)) break;
        // Refused for good (the card is gone, the answer too old): sending again cannot help.
      }
      await forgetAnswer(a.id);
      left -= 1;
    }
    if (sent) window.dispatchEvent(new CustomEvent<Synced>(SYNCED_EVENT, { detail: { sent, left } }));
    return { sent, left };
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}
