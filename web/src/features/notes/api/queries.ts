/**
 * The notes list as server state: one query (`['notes']`), changed by live events in one place
 * (below) and by this tab's own sends and replies.
 */
import { useApiMutation } from '@/lib/mutation';
import { applyLive, onLive, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import { addReply, listNotes, noteFromPayload, replyFromPayload, replyToNote, sendNote, upsertNote, type Note } from './notes';

export const notesKey = ['notes'] as const;

/** Notes the user sent or received, newest first, each with its replies. */
export const useNotes = () => useAppQuery({ queryKey: notesKey, queryFn: listNotes });

/** Sends a note: the server's record goes into the list. */
export const useSendNote = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ to, text }: { to: number; text: string }) => sendNote(to, text),
    onSuccess: (res) => queryClient.setQueryData<Note[]>(notesKey, (cur) => upsertNote(cur ?? [], res.note)),
    fallback,
  });

/** Replies to a note: the reply goes under its note in the list. */
export const useReplyToNote = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ noteId, text }: { noteId: number; text: string }) => replyToNote(noteId, text),
    onSuccess: (res) => queryClient.setQueryData<Note[]>(notesKey, (cur) => (cur ? addReply(cur, res.reply) : cur)),
    fallback,
  });

// Live events: the only place `note.received` and `note.replied` touch the list.
onLive(['note.received'], (e) => {
  const note = noteFromPayload(e.payload);
  if (note) void applyLive<Note[]>(notesKey, (cur) => upsertNote(cur, note));
});

onLive(['note.replied'], (e) => {
  const reply = replyFromPayload(e.payload);
  if (!reply) return;
  const cur = queryClient.getQueryData<Note[]>(notesKey);
  // A reply to a note this list does not have yet: read the list again.
  if (cur && !cur.some((n) => n.id === reply.note_id)) void refetchFresh(notesKey);
  else void applyLive<Note[]>(notesKey, (list) => addReply(list, reply));
});
