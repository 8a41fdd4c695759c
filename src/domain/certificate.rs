//! Certificates (spec §3, §4): the code that identifies an issued certificate, the states of
//! a request and of a certificate, and what a grade band is called on paper.

use std::fmt;

use rand::RngCore;
use serde::Serialize;

use super::assessment_grading::GradeBand;

/// Crockford's base 32: digits and capitals without I, L, O and U, so a code read aloud or
/// copied by hand has no look-alikes.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// 16 symbols of 5 bits: 80 bits from the operating system's generator.
const SYMBOLS: usize = 16;
const GROUP: usize = 4;

/// A certificate's public code, `XXXX-XXXX-XXXX-XXXX`. Random and unguessable (80 bits), it
/// is all the verification page needs, so it must never be derived from an id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CertificateCode(String);

impl CertificateCode {
    /// A new random code.
    pub fn generate() -> CertificateCode {
        let mut bytes = [0u8; SYMBOLS * 5 / 8];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let bits = bytes.iter().fold(0u128, |acc, b| (acc << 8) | u128::from(*b));
        let symbols: Vec<u8> = (0..SYMBOLS).rev().map(|i| ALPHABET[((bits >> (i * 5)) & 0x1f) as usize]).collect();
        CertificateCode(Self::grouped(&symbols))
    }

    /// Reads a code as a person may type it: any case, with or without hyphens or spaces, and
    /// O, I or L for the 0 and 1 they are mistaken for. `None` for anything else.
    pub fn parse(raw: &str) -> Option<CertificateCode> {
        let mut symbols = Vec::with_capacity(SYMBOLS);
        for c in raw.trim().chars() {
            let c = match c.to_ascii_uppercase() {
                '-' | ' ' => continue,
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            if !c.is_ascii() || !ALPHABET.contains(&(c as u8)) || symbols.len() == SYMBOLS {
                return None;
            }
            symbols.push(c as u8);
        }
        (symbols.len() == SYMBOLS).then(|| CertificateCode(Self::grouped(&symbols)))
    }

    fn grouped(symbols: &[u8]) -> String {
        symbols.chunks(GROUP).map(|g| String::from_utf8_lossy(g).into_owned()).collect::<Vec<_>>().join("-")
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CertificateCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A certificate request: pending until a supervisor approves (issuing the certificate) or
/// rejects it with a reason; after a rejection the student may ask again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RequestStatus {
    Pending,
    Approved,
    Rejected,
}

impl RequestStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RequestStatus::Pending => "pending",
            RequestStatus::Approved => "approved",
            RequestStatus::Rejected => "rejected",
        }
    }

    pub fn parse(raw: &str) -> Option<RequestStatus> {
        match raw {
            "pending" => Some(RequestStatus::Pending),
            "approved" => Some(RequestStatus::Approved),
            "rejected" => Some(RequestStatus::Rejected),
            _ => None,
        }
    }
}

/// An issued certificate is valid until a supervisor revokes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CertificateStatus {
    Valid,
    Revoked,
}

/// The band stored with a request or certificate (`GradeBand::as_str`).
pub fn parse_band(raw: &str) -> Option<GradeBand> {
    [GradeBand::Excellent, GradeBand::VeryGood, GradeBand::Good, GradeBand::Average, GradeBand::Poor]
        .into_iter()
        .find(|b| b.as_str() == raw)
}

/// "30 days" in Arabic, with the number agreeing as Arabic grammar wants.
pub fn arabic_days(n: i64) -> String {
    match n {
        1 => "يوم واحد".into(),
        2 => "يومان".into(),
        n if (3..=10).contains(&(n % 100)) => format!("{n} أيام"),
        n => format!("{n} يومًا"),
    }
}

pub fn english_days(n: i64) -> String {
    if n == 1 {
        "1 day".into()
    } else {
        format!("{n} days")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_codes_are_grouped_random_and_parse_back() {
        let a = CertificateCode::generate();
        let b = CertificateCode::generate();
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 19);
        assert_eq!(a.as_str().matches('-').count(), 3);
        assert_eq!(CertificateCode::parse(a.as_str()), Some(a.clone()));
        assert_eq!(CertificateCode::parse(&a.as_str().to_lowercase().replace('-', "")), Some(a));
    }

    #[test]
    fn parsing_forgives_case_and_look_alikes_and_refuses_the_rest() {
        let code = CertificateCode::parse("abcd efgh-jkmn-pq01").unwrap();
        assert_eq!(code.as_str(), "ABCD-EFGH-JKMN-PQ01");
        assert_eq!(CertificateCode::parse("ABCD-EFGH-JKMN-PQOI"), Some(code.clone()));
        assert_eq!(CertificateCode::parse("ABCD-EFGH-JKMN-PQOL"), Some(code));
        for bad in ["", "ABCD", "ABCD-EFGH-JKMN-PQ01-2", "ABCD-EFGH-JKMN-PQ0U", "ABCD-EFGH-JKMN-PQ0!", "ابجد"] {
            assert_eq!(CertificateCode::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_symbol_position_is_used() {
        // 80 random bits fill all 16 symbols: over many codes each position varies.
        let codes: Vec<String> = (0..64).map(|_| CertificateCode::generate().as_str().replace('-', "")).collect();
        for i in 0..16 {
            let first = codes[0].as_bytes()[i];
            assert!(codes.iter().any(|c| c.as_bytes()[i] != first), "position {i}");
        }
    }

    #[test]
    fn days_in_both_languages() {
        assert_eq!(arabic_days(1), "يوم واحد");
        assert_eq!(arabic_days(2), "يومان");
        assert_eq!(arabic_days(7), "7 أيام");
        assert_eq!(arabic_days(30), "30 يومًا");
        assert_eq!(english_days(1), "1 day");
        assert_eq!(english_days(30), "30 days");
    }

    #[test]
    fn bands_round_trip() {
        for b in [GradeBand::Excellent, GradeBand::VeryGood, GradeBand::Good, GradeBand::Average, GradeBand::Poor] {
            assert_eq!(parse_band(b.as_str()), Some(b));
        }
        assert_eq!(parse_band("great"), None);
    }
}
