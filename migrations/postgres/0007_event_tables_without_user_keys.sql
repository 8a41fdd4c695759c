-- The busiest writes, notes, their replies and every notification, no longer declare their
-- references to users as foreign keys on PostgreSQL.
--
-- Why: PostgreSQL checks a foreign key with a trigger per inserted row that runs a query and
-- locks the user's row (FOR KEY SHARE, which is itself a write to that row and to the WAL).
-- A note made three such checks (sender, recipient, and its notification's recipient); measured
-- alone, each cost 8–21 µs of the server's CPU, and together they were a quarter of
-- PostgreSQL's CPU at 5,000 notes a second (perf; see loadtest/README.md).
--
-- What keeps the data whole without them: users are never deleted (an account is deactivated),
-- and every writer of these rows reads the people it refers to in the same transaction (the
-- note writer refuses a note to someone who is not there). A feature that ever deletes users
-- must delete their notes, replies and notifications itself.
--
-- SQLite keeps these keys: its check is an index lookup without locks, and it cannot drop a
-- constraint without rebuilding the table.
ALTER TABLE notifications DROP CONSTRAINT notifications_recipient_id_fkey;
ALTER TABLE notes DROP CONSTRAINT notes_sender_id_fkey;
ALTER TABLE notes DROP CONSTRAINT notes_recipient_id_fkey;
ALTER TABLE note_replies DROP CONSTRAINT note_replies_author_id_fkey;
