-- E-mail waiting for the SMTP server (issue 16): a request stores its message here and never
-- waits on the mail server; a task on each instance sends what is due, with retries and
-- growing back-off. A row is claimed by moving `next_attempt_at` past a lease, so two
-- instances never send one message twice at once. Sent rows are kept 7 days for the operator.
CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sender TEXT NOT NULL,
    recipient TEXT NOT NULL,
    -- The whole RFC 5322 message as it goes on the wire (headers with its Message-ID, body).
    message TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    sent_at INTEGER,
    -- Given up: the server refused it for good, or it failed for about two days.
    failed_at INTEGER
);
CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
