-- Certificates: students' requests, decided by supervisors, and the certificates issued.
CREATE TABLE certificate_requests (
    id BIGSERIAL PRIMARY KEY,
    course_id BIGINT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    -- the student's result when asking, for the supervisor's queue
    percent DOUBLE PRECISION,
    -- excellent | very_good | good | average | poor
    grade TEXT,
    -- why it was rejected
    reason TEXT,
    requested_at BIGINT NOT NULL,
    decided_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    decided_at BIGINT
);
-- The queue: one status, oldest first.
CREATE INDEX certificate_requests_queue ON certificate_requests(status, id);
CREATE INDEX certificate_requests_student ON certificate_requests(student_id, course_id);
-- The handler checks this in its write transaction; the index is the backstop for a race.
CREATE UNIQUE INDEX certificate_requests_one_pending ON certificate_requests(student_id, course_id)
    WHERE status = 'pending';

CREATE TABLE certificates (
    id BIGSERIAL PRIMARY KEY,
    -- XXXX-XXXX-XXXX-XXXX, random (80 bits)
    code TEXT NOT NULL UNIQUE,
    request_id BIGINT NOT NULL REFERENCES certificate_requests(id) ON DELETE CASCADE,
    course_id BIGINT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- snapshots taken when issued: the certificate says what was true that day
    student_name TEXT NOT NULL,
    course_title TEXT NOT NULL,
    duration_days BIGINT NOT NULL,
    percent DOUBLE PRECISION,
    grade TEXT,
    issued_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    issued_at BIGINT NOT NULL,
    revoked_at BIGINT,
    revoke_reason TEXT,
    revoked_by BIGINT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX certificates_issued ON certificates(issued_at);
CREATE INDEX certificates_student ON certificates(student_id, course_id);
-- At most one valid certificate per student and course.
CREATE UNIQUE INDEX certificates_one_valid ON certificates(student_id, course_id) WHERE revoked_at IS NULL;
