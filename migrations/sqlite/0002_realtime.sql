-- Durable notifications: every live event is first a row, written in the same transaction as
-- the change it reports. `seq` numbers each recipient's events 1, 2, 3… (users.notif_seq is
-- the counter; updating it also serialises concurrent writers for one recipient), so a
-- session can tell a gap from a duplicate.
ALTER TABLE users ADD COLUMN notif_seq INTEGER NOT NULL DEFAULT 0;

CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    read_at INTEGER,
    UNIQUE (recipient_id, seq)
);
CREATE INDEX notifications_recipient_id ON notifications(recipient_id, id);

-- Supervisor notes to instructors and students, and the replies in each note's thread.
CREATE TABLE notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    recipient_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX notes_recipient ON notes(recipient_id, id);
CREATE INDEX notes_sender ON notes(sender_id, id);

CREATE TABLE note_replies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    note_id INTEGER NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX note_replies_note ON note_replies(note_id, id);
