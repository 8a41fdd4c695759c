-- Course revisions (issue 23): an instructor changes a live course through a working copy that
-- students do not see, and a supervisor approves it. The copy is a course row of its own
-- (`revision_of` names the live course; at most one copy per course) with copies of the live
-- chapters, lessons, assessments and questions, each remembering the live row it copies
-- (`origin_id`; NULL for what the revision adds). Its status is draft while the instructor
-- edits it, pending once sent, rejected when returned. Approval writes it onto the live rows
-- (same ids, so progress stays) and deletes it. Uploads are referenced, not copied.
ALTER TABLE courses ADD COLUMN revision_of BIGINT REFERENCES courses(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX courses_one_revision ON courses(revision_of) WHERE revision_of IS NOT NULL;
ALTER TABLE chapters ADD COLUMN origin_id BIGINT;
ALTER TABLE lessons ADD COLUMN origin_id BIGINT;
ALTER TABLE assessments ADD COLUMN origin_id BIGINT;
ALTER TABLE assessment_questions ADD COLUMN origin_id BIGINT;
-- A revision request is an accreditation request on the live course naming the revision it
-- asks to apply (no foreign key: approval deletes the revision, the request stays as history)
-- and the difference against the live course when it was sent (JSON, see domain::revision).
ALTER TABLE course_requests ADD COLUMN revision_id BIGINT;
ALTER TABLE course_requests ADD COLUMN difference TEXT;
