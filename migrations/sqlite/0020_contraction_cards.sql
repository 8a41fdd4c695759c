-- Contraction cards (issue 26): a learner in a contracted course practises the contractions of
-- the lessons they completed. A card is a grade 1 symbol (`symbol` holds its print) or a
-- contraction (`symbol` holds its id, e.g. "en:the"). Confusions among contractions are kept by
-- contraction id (a contraction may span several cells), drilled side by side like cells.
ALTER TABLE practice_cards ADD COLUMN kind TEXT NOT NULL DEFAULT 'symbol' CHECK (kind IN ('symbol', 'contraction'));

CREATE TABLE practice_contraction_confusions (
    student_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    -- contraction ids: the one asked for and the one read or written instead
    expected TEXT NOT NULL,
    given TEXT NOT NULL,
    count INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    drill_streak INTEGER NOT NULL DEFAULT 0,
    settled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (student_id, code, expected, given)
);
