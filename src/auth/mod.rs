//! Credentials: argon2id password hashes, short-lived JWT access tokens, opaque refresh and
//! e-mail tokens, and the extractor that turns a bearer header into the signed-in user.

mod extractor;
mod jwt;
mod password;
mod signed_url;
mod standing;

pub use extractor::{AuthUser, MaybeUser, Supervisor};
pub use jwt::{load_or_create_secret, Claims, JwtKeys, TokenSubject};
pub use password::{hash_password, verify_password};
pub use signed_url::MediaSigner;
pub use standing::{Refusal, Standing, Standings};

use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new random opaque token (192 bits, URL-safe: 32 characters, short enough to keep an
/// e-mailed link on one line) and the hash under which it is stored.
pub fn new_opaque_token() -> (String, String) {
    let mut bytes = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash_token(&token);
    (token, hash)
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
