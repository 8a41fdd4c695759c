-- Accounts and sessions. Times are epoch milliseconds (INTEGER) and flags are 0/1 INTEGER
-- because the sqlx Any driver decodes neither chrono types nor SQLite BOOLEAN.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    user_type TEXT NOT NULL CHECK (user_type IN ('student', 'instructor', 'supervisor')),
    is_active INTEGER NOT NULL DEFAULT 0,
    phone TEXT,
    gender TEXT,
    country TEXT,
    job_title TEXT,
    vision_type TEXT,
    birth_date TEXT,
    bio TEXT,
    education_type TEXT,
    level TEXT,
    avatar TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE TABLE refresh_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
);
CREATE INDEX refresh_tokens_user ON refresh_tokens(user_id);

-- Single-use tokens sent by e-mail: account activation and password reset.
CREATE TABLE email_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('activate', 'reset')),
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);
CREATE INDEX email_tokens_user ON email_tokens(user_id, purpose);
