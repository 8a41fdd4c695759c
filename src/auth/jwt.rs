use std::{
    collections::HashMap,
    path::Path,
    sync::{Arc, Mutex},
};

use anyhow::Context;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};

use crate::{clock::Clock, domain::UserType};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: i64,
    /// The account type when the token was issued. Only a hint: requests are judged by the
    /// account's type as it is now (`auth::standing`).
    pub typ: UserType,
    /// The account's session generation when the token was issued; a token of an older
    /// generation is refused (issue 21). Tokens from before generations existed read as 0.
    #[serde(default)]
    pub gen: i64,
    /// The signed-in device (the refresh token's row) the token was issued to.
    #[serde(default)]
    pub sid: i64,
    pub iat: i64,
    pub exp: i64,
}

/// Who a new access token is for: the account, its type and generation, and the device.
#[derive(Clone, Copy, Debug)]
pub struct TokenSubject {
    pub user_id: i64,
    pub typ: UserType,
    pub gen: i64,
    pub sid: i64,
}

#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// Built once: it is the same for every request.
    validation: Validation,
    ttl_secs: i64,
    verified: Arc<Mutex<HashMap<String, Claims>>>,
    /// The time tokens are issued and judged by.
    clock: Clock,
}

/// Tokens remembered as verified, at most. A signed-in user sends the same token with every
/// request for its fifteen minutes; checking it again each time (decoding, parsing the JSON
/// twice, the HMAC) was 6 % of the server's CPU under load (perf). A remembered token is
/// still refused once it expires. When the map is full it is emptied, which costs only a
/// fresh check for each token still in use.
const VERIFIED_TOKENS: usize = 8192;

impl JwtKeys {
    pub fn new(secret: &[u8], ttl_secs: i64, clock: Clock) -> JwtKeys {
        let mut validation = Validation::new(Algorithm::HS256);
        // Expiry is judged below by our clock, with no leeway: an expired token is expired and
        // the client refreshes it. jsonwebtoken would read the system clock instead.
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        validation.leeway = 0;
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl_secs,
            verified: Arc::new(Mutex::new(HashMap::new())),
            clock,
        }
    }

    pub fn issue(&self, who: TokenSubject) -> anyhow::Result<String> {
        let now = self.clock.now_secs();
        let claims =
            Claims { sub: who.user_id, typ: who.typ, gen: who.gen, sid: who.sid, iat: now, exp: now + self.ttl_secs };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).context("cannot sign access token")
    }

    pub fn verify(&self, token: &str) -> Option<Claims> {
        let now = self.clock.now_secs();
        let known = self.verified.lock().unwrap_or_else(|e| e.into_inner()).get(token).cloned();
        if let Some(claims) = known {
            // Expired once `exp` is in the past.
            return (claims.exp >= now).then_some(claims);
        }
        let claims = decode::<Claims>(token, &self.decoding, &self.validation).ok()?.claims;
        if claims.exp < now {
            return None;
        }
        let mut verified = self.verified.lock().unwrap_or_else(|e| e.into_inner());
        if verified.len() >= VERIFIED_TOKENS {
            verified.clear();
        }
        verified.insert(token.to_string(), claims.clone());
        Some(claims)
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

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"a secret for these tests, 32+ chars";

    fn student(user_id: i64) -> TokenSubject {
        TokenSubject { user_id, typ: UserType::Student, gen: 0, sid: 1 }
    }

    #[test]
    fn a_token_is_accepted_until_it_expires_even_when_remembered() {
        let clock = Clock::manual();
        let keys = JwtKeys::new(SECRET, 900, clock.clone());
        let token = keys.issue(student(7)).unwrap();
        assert_eq!(keys.verify(&token).map(|c| c.sub), Some(7));
        // Remembered now; the same answer again, until its fifteen minutes are over.
        clock.advance(std::time::Duration::from_secs(899));
        assert_eq!(keys.verify(&token).map(|c| c.sub), Some(7));
        clock.advance(std::time::Duration::from_secs(2));
        assert!(keys.verify(&token).is_none());
        // A fresh instance that never saw the token judges it by the same clock.
        assert!(JwtKeys::new(SECRET, 900, clock).verify(&token).is_none());
    }

    #[test]
    fn bad_tokens_are_refused_and_not_remembered() {
        let keys = JwtKeys::new(SECRET, 900, Clock::system());
        let other = JwtKeys::new(b"another secret for these tests, 32+", 900, Clock::system());
        let foreign = other.issue(TokenSubject { typ: UserType::Supervisor, ..student(7) }).unwrap();
        assert!(keys.verify(&foreign).is_none());
        assert!(keys.verify("not.a.token").is_none());
        let stale = JwtKeys::new(SECRET, -10, Clock::system()).issue(student(7)).unwrap();
        assert!(keys.verify(&stale).is_none());
        assert!(keys.verified.lock().unwrap().is_empty());
    }

    #[test]
    fn the_memory_is_bounded() {
        let keys = JwtKeys::new(SECRET, 900, Clock::system());
        for id in 0..(VERIFIED_TOKENS as i64 + 10) {
            let token = keys.issue(student(id)).unwrap();
            assert_eq!(keys.verify(&token).map(|c| c.sub), Some(id));
        }
        assert!(keys.verified.lock().unwrap().len() <= VERIFIED_TOKENS);
    }
}
