-- Offline practice (issue 26): an answer given without a connection is sent later with the
-- time it was given and an id the device made up for it. The id makes a resent answer count
-- once; the answer and the due time it produced let a resent answer get the same reply.
ALTER TABLE practice_reviews ADD COLUMN client_id TEXT;
ALTER TABLE practice_reviews ADD COLUMN answer TEXT;
ALTER TABLE practice_reviews ADD COLUMN due_at INTEGER;
CREATE UNIQUE INDEX practice_reviews_client ON practice_reviews(student_id, client_id);
CREATE INDEX practice_reviews_card ON practice_reviews(card_id, reviewed_at);
