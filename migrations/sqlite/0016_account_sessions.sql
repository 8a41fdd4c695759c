-- A decision about an account ends what its old tokens could do (issue 21). Every access token
-- carries the account's session generation; deactivation, a type change, a password change or
-- reset and "sign out everywhere else" advance it, and a token of an older generation is
-- refused. A refresh token is one signed-in device: when it was last used and from what browser,
-- for the device list in the profile settings.
ALTER TABLE users ADD COLUMN session_gen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE refresh_tokens ADD COLUMN last_used_at INTEGER;
ALTER TABLE refresh_tokens ADD COLUMN user_agent TEXT;
