-- The society's own details (issue 23), set by supervisors in the admin site: one row (id 1),
-- every field NULL until set. `logos` is a JSON array of {"media_id", "alt_ar", "alt_en"}
-- (uploaded images, `media`), in the order they are shown.
CREATE TABLE site_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    society_name_ar TEXT,
    society_name_en TEXT,
    contact_email TEXT,
    contact_phone TEXT,
    address_ar TEXT,
    address_en TEXT,
    social_x TEXT,
    social_facebook TEXT,
    social_youtube TEXT,
    social_instagram TEXT,
    logos TEXT NOT NULL DEFAULT '[]',
    credit_ar TEXT,
    credit_en TEXT,
    updated_at INTEGER,
    updated_by INTEGER REFERENCES users(id) ON DELETE SET NULL
);
INSERT INTO site_settings (id) VALUES (1);
