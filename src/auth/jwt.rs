use std::path::Path;

use anyhow::Context;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};

use crate::domain::UserType;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: i64,
    /// The account type when the token was issued.
    pub typ: UserType,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// Built once: it is the same for every request.
    validation: Validation,
    ttl_secs: i64,
}

impl JwtKeys {
    pub fn new(secret: &[u8], ttl_secs: i64) -> JwtKeys {
        let mut validation = Validation::new(Algorithm::HS256);
        // An expired token is expired: the client refreshes it.
        validation.leeway = 0;
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl_secs,
        }
    }

    pub fn issue(&self, user_id: i64, typ: UserType) -> anyhow::Result<String> {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let claims = Claims { sub: user_id, typ, iat: now, exp: now + self.ttl_secs };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).context("cannot sign access token")
    }

    pub fn verify(&self, token: &str) -> Option<Claims> {
        decode::<Claims>(token, &self.decoding, &self.validation).ok().map(|d| d.claims)
    }
}

/// `LAMSA_JWT_SECRET` when set; otherwise a random secret made once and kept in
/// `<data dir>/jwt-secret` (readable by the owner only), so sessions survive restarts and
/// no secret lives in the code.
pub fn load_or_create_secret(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(s) = configured {
        anyhow::ensure!(s.len() >= 32, "LAMSA_JWT_SECRET must be at least 32 characters");
        return Ok(s.as_bytes().to_vec());
    }
    let path = data_dir.join("jwt-secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim();
        if existing.len() >= 64 {
            return Ok(existing.as_bytes().to_vec());
        }
    }
    std::fs::create_dir_all(data_dir).with_context(|| format!("cannot create {}", data_dir.display()))?;
    let mut bytes = [0u8; 48];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    write_private(&path, &secret).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(secret.into_bytes())
}

fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    opts.open(path)?.write_all(contents.as_bytes())
}
