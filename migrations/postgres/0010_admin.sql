-- The admin site (issue 15): accounts a supervisor deactivated, news, contact messages and
-- their replies, and the audit log. `is_active` stays what it was (the e-mail was confirmed);
-- `deactivated_at` is a supervisor's decision, independent of it.
ALTER TABLE users ADD COLUMN deactivated_at BIGINT;

CREATE TABLE news (
    id BIGSERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    title_ar TEXT NOT NULL,
    title_en TEXT NOT NULL,
    body_md_ar TEXT NOT NULL,
    body_md_en TEXT NOT NULL,
    image_media_id BIGINT REFERENCES media(id) ON DELETE SET NULL,
    image_alt_ar TEXT,
    image_alt_en TEXT,
    link TEXT,
    state TEXT NOT NULL CHECK (state IN ('draft', 'scheduled', 'published')),
    -- When it becomes public: set for scheduled and published items, NULL for drafts.
    publish_at BIGINT,
    author_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK (image_media_id IS NULL OR (image_alt_ar IS NOT NULL AND image_alt_en IS NOT NULL))
);
CREATE INDEX news_public ON news(publish_at) WHERE state <> 'draft';

CREATE TABLE contact_messages (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    lang TEXT NOT NULL CHECK (lang IN ('ar', 'en')),
    status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'handled', 'archived')),
    read_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX contact_messages_status ON contact_messages(status, created_at);

CREATE TABLE contact_replies (
    id BIGSERIAL PRIMARY KEY,
    message_id BIGINT NOT NULL REFERENCES contact_messages(id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    text TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX contact_replies_message ON contact_replies(message_id);

-- One row per admin action and per supervisor decision, written in the transaction of the
-- change. `before`/`after` are JSON text.
CREATE TABLE audit_log (
    id BIGSERIAL PRIMARY KEY,
    actor_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    at BIGINT NOT NULL,
    action TEXT NOT NULL,
    record_kind TEXT NOT NULL,
    record_id TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_actor ON audit_log(actor_id, at);
CREATE INDEX audit_log_record ON audit_log(record_kind, record_id);
