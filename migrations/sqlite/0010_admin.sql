-- The admin site (issue 15): accounts a supervisor deactivated, news, contact messages and
-- their replies, and the audit log. `is_active` stays what it was (the e-mail was confirmed);
-- `deactivated_at` is a supervisor's decision, independent of it.
ALTER TABLE users ADD COLUMN deactivated_at INTEGER;

CREATE TABLE news (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    slug TEXT NOT NULL UNIQUE,
    title_ar TEXT NOT NULL,
    title_en TEXT NOT NULL,
    body_md_ar TEXT NOT NULL,
    body_md_en TEXT NOT NULL,
    image_media_id INTEGER REFERENCES media(id) ON DELETE SET NULL,
    image_alt_ar TEXT,
    image_alt_en TEXT,
    link TEXT,
    state TEXT NOT NULL CHECK (state IN ('draft', 'scheduled', 'published')),
    -- When it becomes public: set for scheduled and published items, NULL for drafts.
    publish_at INTEGER,
    author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK (image_media_id IS NULL OR (image_alt_ar IS NOT NULL AND image_alt_en IS NOT NULL))
);
CREATE INDEX news_public ON news(publish_at) WHERE state <> 'draft';

CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    lang TEXT NOT NULL CHECK (lang IN ('ar', 'en')),
    status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'handled', 'archived')),
    read_at INTEGER,
    created_at INTEGER NOT NULL
);
CREATE INDEX contact_messages_status ON contact_messages(status, created_at);

CREATE TABLE contact_replies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id INTEGER NOT NULL REFERENCES contact_messages(id) ON DELETE CASCADE,
    author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX contact_replies_message ON contact_replies(message_id);

-- One row per admin action and per supervisor decision, written in the transaction of the
-- change. `before`/`after` are JSON text.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    record_kind TEXT NOT NULL,
    record_id TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_actor ON audit_log(actor_id, at);
CREATE INDEX audit_log_record ON audit_log(record_kind, record_id);
