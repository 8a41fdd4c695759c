-- Practice that remembers (issue 17): one card per symbol of a Braille code per direction
-- (reading: cells → print; writing: print → cells) for each student, its FSRS memory state
-- (stability and difficulty) and due time; every review; and the cells a student wrote or
-- read for others (from practice and from assessment answers), with the drill of each pair.
CREATE TABLE practice_cards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code TEXT NOT NULL CHECK (code IN ('ar', 'en')),
    symbol TEXT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('reading', 'writing')),
    -- teaching order of the symbol in its code (new cards come in this order)
    teach_order INTEGER NOT NULL,
    stability REAL,
    difficulty REAL,
    due_at INTEGER NOT NULL,
    last_review_at INTEGER,
    first_review_at INTEGER,
    reps INTEGER NOT NULL DEFAULT 0,
    lapses INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    UNIQUE (student_id, code, symbol, direction)
);
CREATE INDEX practice_cards_due ON practice_cards(student_id, code, reps, due_at);

CREATE TABLE practice_reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    card_id INTEGER NOT NULL REFERENCES practice_cards(id) ON DELETE CASCADE,
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    -- days since 1970-01-01 (UTC) of the review
    day INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    -- 1 again, 2 hard, 3 good, 4 easy
    rating INTEGER NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    reviewed_at INTEGER NOT NULL
);
CREATE INDEX practice_reviews_student ON practice_reviews(student_id, code, day);

CREATE TABLE practice_confusions (
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    -- cell bit patterns (bit 0 = dot 1): the right cell and the one written or read for it
    expected INTEGER NOT NULL,
    given INTEGER NOT NULL,
    count INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    -- right answers in a row in the side-by-side drill of the pair; settled after three
    drill_streak INTEGER NOT NULL DEFAULT 0,
    settled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (student_id, code, expected, given)
);
