-- Courses, their chapters and lessons, the accreditation/stop requests that move a course
-- between states, enrolments, lesson completions and student questions.
CREATE TABLE courses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    instructor_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    course_type TEXT NOT NULL,
    duration_days INTEGER NOT NULL,
    description TEXT NOT NULL,
    category TEXT NOT NULL,
    level TEXT NOT NULL,
    language TEXT NOT NULL,
    image TEXT,
    -- draft | pending | active | rejected | stop_pending | inactive
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX courses_instructor ON courses(instructor_id);
CREATE INDEX courses_status ON courses(status);

CREATE TABLE chapters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    course_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL
);
CREATE INDEX chapters_course ON chapters(course_id, position);

CREATE TABLE lessons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chapter_id INTEGER NOT NULL REFERENCES chapters(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
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
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    course_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('accreditation', 'stop')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    reason TEXT,
    requested_by INTEGER NOT NULL REFERENCES users(id),
    requested_at INTEGER NOT NULL,
    decided_by INTEGER REFERENCES users(id),
    decided_at INTEGER
);
CREATE INDEX course_requests_status ON course_requests(kind, status);

CREATE TABLE enrolments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    course_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    enrolled_at INTEGER NOT NULL,
    last_activity_at INTEGER NOT NULL,
    UNIQUE (course_id, student_id)
);
CREATE INDEX enrolments_student ON enrolments(student_id);

CREATE TABLE lesson_completions (
    lesson_id INTEGER NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    completed_at INTEGER NOT NULL,
    PRIMARY KEY (lesson_id, student_id)
);

CREATE TABLE questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    course_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    lesson_id INTEGER REFERENCES lessons(id) ON DELETE SET NULL,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    instructor_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    answer TEXT,
    created_at INTEGER NOT NULL,
    answered_at INTEGER
);
CREATE INDEX questions_instructor ON questions(instructor_id, answered_at);
CREATE INDEX questions_student ON questions(student_id);
