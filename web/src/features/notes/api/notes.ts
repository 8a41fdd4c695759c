import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

/** Shapes from src/routes/notes.rs and users.rs. */
export type NoteReply = Schema<'ReplyDto'>;

export type Note = Schema<'NoteDto'>;

export type UserHit = Schema<'UserHit'>;

/** Notes the user sent or received, newest first, each with its replies. */
export async function listNotes(): Promise<Note[]> {
  const r = await apiFetch<Schema<'NoteList'>>('notes');
  return r.notes ?? [];
}

export const sendNote = (recipientId: number, text: string) =>
  apiFetch<Schema<'NoteCreated'>>('notes', { method: 'POST', body: { recipient_id: recipientId, text } });

export const replyToNote = (noteId: number, text: string) =>
  apiFetch<Schema<'ReplyCreated'>>(`notes/${noteId}/reply`, { method: 'POST', body: { text } });

/** Supervisors only; `q` must start with "@" (spec §5). */
export async function searchUsers(type: 'instructor' | 'student', q: string): Promise<UserHit[]> {
  const r = await apiFetch<Schema<'SearchResult'>>(`users/search?type=${type}&q=${encodeURIComponent(q)}`);
  return r.users ?? [];
}

/** The search rule of spec §5: "@" first, then something to look for. */
export function isSearchQuery(q: string): boolean {
  const t = q.trim();
  return t.startsWith('@') && t.slice(1).trim().length > 0;
}

/** A note into a list by id, newest first; replies already known are kept. */
export function upsertNote(list: Note[], note: Note): Note[] {
  const old = list.find((n) => n.id === note.id);
  const merged = old ? { ...note, replies: mergeReplies(old.replies, note.replies ?? []) } : { ...note, replies: note.replies ?? [] };
  return [merged, ...list.filter((n) => n.id !== note.id)].sort((a, b) => b.id - a.id);
}

function mergeReplies(a: NoteReply[], b: NoteReply[]): NoteReply[] {
  const byId = new Map<number, NoteReply>();
  [...a, ...b].forEach((r) => byId.set(r.id, r));
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** Adds a reply to its note (once); a reply to a note not in the list changes nothing. */
export function addReply(list: Note[], reply: NoteReply): Note[] {
  return list.map((n) => (n.id === reply.note_id ? { ...n, replies: mergeReplies(n.replies, [reply]) } : n));
}

export function noteFromPayload(payload: Record<string, unknown>): Note | null {
  const n = payload.note as Partial<Note> | undefined;
  if (!n || typeof n !== 'object' || typeof n.id !== 'number' || typeof n.text !== 'string') return null;
  return { ...(n as Note), replies: Array.isArray(n.replies) ? n.replies : [] };
}

export function replyFromPayload(payload: Record<string, unknown>): NoteReply | null {
  const r = payload.reply as Partial<NoteReply> | undefined;
  if (!r || typeof r !== 'object' || typeof r.id !== 'number' || typeof r.note_id !== 'number' || typeof r.text !== 'string') return null;
  return r as NoteReply;
}
