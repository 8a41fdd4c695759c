-- Certificates: students' requests, decided by supervisors, and the certificates issued.
CREATE TABLE certificate_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    course_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    -- the student's result when asking, for the supervisor's queue
    percent REAL,
    -- excellent | very_good | good | average | poor
    grade TEXT,
    -- why it was rejected
    reason TEXT,
    requested_at INTEGER NOT NULL,
    decided_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    decided_at INTEGER
);
-- The queue: one status, oldest first.
CREATE INDEX certificate_requests_queue ON certificate_requests(status, id);
CREATE INDEX certificate_requests_student ON certificate_requests(student_id, course_id);
-- The handler checks this in its write transaction; the index is the backstop for a race.
CREATE UNIQUE INDEX certificate_requests_one_pending ON certificate_requests(student_id, course_id)
    WHERE status = 'pending';

CREATE TABLE certificates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- XXXX-XXXX-XXXX-XXXX, random (80 bits)
    code TEXT NOT NULL UNIQUE,
    request_id INTEGER NOT NULL REFERENCES certificate_requests(id) ON DELETE CASCADE,
    course_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- snapshots taken when issued: the certificate says what was true that day
    student_name TEXT NOT NULL,
    course_title TEXT NOT NULL,
    duration_days INTEGER NOT NULL,
    percent REAL,
    grade TEXT,
    issued_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    issued_at INTEGER NOT NULL,
    revoked_at INTEGER,
    revoke_reason TEXT,
    revoked_by INTEGER REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX certificates_issued ON certificates(issued_at);
CREATE INDEX certificates_student ON certificates(student_id, course_id);
-- At most one valid certificate per student and course.
CREATE UNIQUE INDEX certificates_one_valid ON certificates(student_id, course_id) WHERE revoked_at IS NULL;
