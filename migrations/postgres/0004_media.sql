-- Uploaded files (course images, lesson files, audio and video). The file lives under
-- <data dir>/uploads/media/<stored>; `name` is the uploader's file name, for display only.
CREATE TABLE media (
    id BIGSERIAL PRIMARY KEY,
    owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- image | audio | video | document
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    stored TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX media_owner ON media(owner_id);

ALTER TABLE courses ADD COLUMN image_media_id BIGINT REFERENCES media(id);
-- JSON array of {kind, title, media_id?, url?}
ALTER TABLE lessons ADD COLUMN media TEXT NOT NULL DEFAULT '[]';
