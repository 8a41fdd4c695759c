-- Contracted Braille: a course teaches its code in grade 1 (uncontracted) or grade 2
-- (contracted), and a grade 2 lesson may list the contractions it introduces (ids such as
-- "en:the" or "ar:ال", JSON), so words are shown with only the contractions taught so far.
ALTER TABLE courses ADD COLUMN braille_grade INTEGER NOT NULL DEFAULT 1;
ALTER TABLE lessons ADD COLUMN contractions TEXT NOT NULL DEFAULT '[]';
