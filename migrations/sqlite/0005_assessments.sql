-- Assessments (lesson exercises, chapter assessments, a final assessment per course), their
-- questions, students' attempts and the answers saved as they go.
CREATE TABLE assessments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    course_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    -- lesson_exercise | chapter_assessment | final_assessment
    kind TEXT NOT NULL CHECK (kind IN ('lesson_exercise', 'chapter_assessment', 'final_assessment')),
    -- set for a lesson exercise only
    lesson_id INTEGER REFERENCES lessons(id) ON DELETE CASCADE,
    -- set for a chapter assessment only (an exercise's chapter is its lesson's)
    chapter_id INTEGER REFERENCES chapters(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    -- percent, 1..100
    pass_mark INTEGER NOT NULL,
    -- 0 = unlimited
    max_attempts INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX assessments_course ON assessments(course_id);
CREATE UNIQUE INDEX assessments_one_final ON assessments(course_id) WHERE kind = 'final_assessment';
CREATE UNIQUE INDEX assessments_one_per_chapter ON assessments(chapter_id) WHERE kind = 'chapter_assessment';

CREATE TABLE assessment_questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    assessment_id INTEGER NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    points INTEGER NOT NULL,
    prompt TEXT NOT NULL,
    -- JSON: {"type": "braille_input" | "text_input" | "similar_cells", ...}
    body TEXT NOT NULL
);
CREATE INDEX assessment_questions_assessment ON assessment_questions(assessment_id, position);

CREATE TABLE assessment_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    assessment_id INTEGER NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- 1, 2, … per student and assessment
    number INTEGER NOT NULL,
    -- JSON copy of the questions when the attempt started: it is graded against them
    questions TEXT NOT NULL,
    pass_mark INTEGER NOT NULL,
    max_score INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    submitted_at INTEGER,
    score INTEGER,
    passed INTEGER,
    UNIQUE (assessment_id, student_id, number)
);
CREATE INDEX assessment_attempts_student ON assessment_attempts(student_id);

CREATE TABLE attempt_answers (
    attempt_id INTEGER NOT NULL REFERENCES assessment_attempts(id) ON DELETE CASCADE,
    -- a question id of the attempt's copy
    question_id INTEGER NOT NULL,
    -- JSON: {"braille": …} | {"text": …} | {"choice": …}
    answer TEXT NOT NULL,
    saved_at INTEGER NOT NULL,
    PRIMARY KEY (attempt_id, question_id)
);
