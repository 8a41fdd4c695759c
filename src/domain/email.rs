use super::InvalidInput;

/// A syntactically plausible e-mail address, trimmed and lower-cased so that one person has
/// one account whatever case they type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Email, InvalidInput> {
        super::refuse_control_characters(raw, "email")?;
        let s = raw.trim().to_lowercase();
        let invalid = || InvalidInput::Email;
        if s.is_empty() || s.len() > 254 || s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid());
        }
        let (local, domain) = s.rsplit_once('@').ok_or_else(invalid)?;
        let domain_ok = domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && !domain.contains('@');
        if local.is_empty() || local.len() > 64 || local.contains('@') || !domain_ok {
            return Err(invalid());
        }
        Ok(Email(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Email;

    #[test]
    fn normalises_and_rejects() {
        assert_eq!(Email::parse("  Sara@Example.COM ").unwrap().as_str(), "sara@example.com");
        for bad in ["", "sara", "sara@", "@x.com", "sa ra@x.com", "a@b", "a@.com", "a@x..com", "a@b@c.com"] {
            assert!(Email::parse(bad).is_err(), "{bad} should be rejected");
        }
    }
}
