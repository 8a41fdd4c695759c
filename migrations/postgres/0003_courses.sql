-- Courses, their chapters and lessons, the accreditation/stop requests that move a course
-- between states, enrolments, lesson completions and student questions.
CREATE TABLE courses (
    id BIGSERIAL PRIMARY KEY,
    instructor_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    course_type TEXT NOT NULL,
    duration_days BIGINT NOT NULL,
    description TEXT NOT NULL,
    category TEXT NOT NULL,
    level TEXT NOT NULL,
    language TEXT NOT NULL,
    image TEXT,
    -- draft | pending | active | rejected | stop_pending | inactive
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX courses_instructor ON courses(instructor_id);
CREATE INDEX courses_status ON courses(status);

CREATE TABLE chapters (
    id BIGSERIAL PRIMARY KEY,
    course_id BIGINT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL
);
CREATE INDEX chapters_course ON chapters(course_id, position);

CREATE TABLE lessons (
    id BIGSERIAL PRIMARY KEY,
    chapter_id BIGINT NOT NULL REFERENCES chapters(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    rule TEXT NOT NULL,
    -- JSON arrays of strings
    letters TEXT NOT NULL,
    words TEXT NOT NULL,
    links TEXT NOT NULL
);
CREATE INDEX lessons_chapter ON lessons(chapter_id, position);

CREATE TABLE course_requests (
    id BIGSERIAL PRIMARY KEY,
    course_id BIGINT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('accreditation', 'stop')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    reason TEXT,
    requested_by BIGINT NOT NULL REFERENCES users(id),
    requested_at BIGINT NOT NULL,
    decided_by BIGINT REFERENCES users(id),
    decided_at BIGINT
);
CREATE INDEX course_requests_status ON course_requests(kind, status);

CREATE TABLE enrolments (
    id BIGSERIAL PRIMARY KEY,
    course_id BIGINT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    enrolled_at BIGINT NOT NULL,
    last_activity_at BIGINT NOT NULL,
    UNIQUE (course_id, student_id)
);
CREATE INDEX enrolments_student ON enrolments(student_id);

CREATE TABLE lesson_completions (
    lesson_id BIGINT NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    completed_at BIGINT NOT NULL,
    PRIMARY KEY (lesson_id, student_id)
);

CREATE TABLE questions (
    id BIGSERIAL PRIMARY KEY,
    course_id BIGINT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    lesson_id BIGINT REFERENCES lessons(id) ON DELETE SET NULL,
    student_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    instructor_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    answer TEXT,
    created_at BIGINT NOT NULL,
    answered_at BIGINT
);
CREATE INDEX questions_instructor ON questions(instructor_id, answered_at);
CREATE INDEX questions_student ON questions(student_id);
