//! Signed media URLs. Browsers fetch `<img>`, `<audio>` and `<video>` sources without our bearer
//! header, so a course's media URLs carry an expiry and an HMAC made for the one file. They are
//! only handed out in responses to people allowed to see the course, and expire after 12–13
//! hours (rounded to the hour so a page's URLs stay the same and caches work).

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

const TTL_HOURS: i64 = 12;

use crate::clock::Clock;

#[derive(Clone)]
pub struct MediaSigner {
    key: [u8; 32],
    clock: Clock,
}

impl MediaSigner {
    /// A key of its own, derived from the server secret, so a media signature can never be
    /// mistaken for anything else the secret signs.
    pub fn new(secret: &[u8], clock: Clock) -> MediaSigner {
        let mut h = Sha256::new();
        h.update(b"lamsa media url key\0");
        h.update(secret);
        MediaSigner { key: h.finalize().into(), clock }
    }

    fn mac(&self, id: i64, exp: i64) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(format!("{id}.{exp}").as_bytes());
        mac
    }

    pub fn url_at(&self, id: i64, now_secs: i64) -> String {
        let exp = (now_secs / 3600 + TTL_HOURS + 1) * 3600;
        let sig = hex::encode(self.mac(id, exp).finalize().into_bytes());
        format!("/api/media/{id}?exp={exp}&sig={sig}")
    }

    pub fn url(&self, id: i64) -> String {
        self.url_at(id, self.clock.now_secs())
    }

    /// True for a signature made by `url` for this file that has not expired.
    pub fn verify(&self, id: i64, exp: i64, sig: &str) -> bool {
        self.verify_at(id, exp, sig, self.clock.now_secs())
    }

    fn verify_at(&self, id: i64, exp: i64, sig: &str, now_secs: i64) -> bool {
        let Ok(sig) = hex::decode(sig) else { return false };
        exp >= now_secs && self.mac(id, exp).verify_slice(&sig).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::MediaSigner;
    use crate::clock::Clock;

    fn parts(url: &str) -> (i64, String) {
        let q = url.split_once('?').unwrap().1;
        let exp = q.split('&').find_map(|p| p.strip_prefix("exp=")).unwrap().parse().unwrap();
        let sig = q.split('&').find_map(|p| p.strip_prefix("sig=")).unwrap().to_string();
        (exp, sig)
    }

    #[test]
    fn a_signature_opens_its_own_file_until_it_expires() {
        let signer = MediaSigner::new(b"0123456789abcdef0123456789abcdef", Clock::system());
        let now = 1_800_000_000;
        let (exp, sig) = parts(&signer.url_at(7, now));
        assert!(signer.verify_at(7, exp, &sig, now));
        assert!(signer.verify_at(7, exp, &sig, now + 12 * 3600));
        assert!(!signer.verify_at(7, exp, &sig, exp + 1), "expired");
        assert!(!signer.verify_at(8, exp, &sig, now), "another file");
        assert!(!signer.verify_at(7, exp + 3600, &sig, now), "a changed expiry");
        assert!(!MediaSigner::new(b"another secret another secret!!!", Clock::system()).verify_at(7, exp, &sig, now));
        assert!(!signer.verify_at(7, exp, "zz", now));
    }
}
