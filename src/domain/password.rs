use super::InvalidInput;

/// A password that meets the policy of spec §5: at least 8 characters, an upper-case
/// letter, a digit and a special character. At most 128 characters, which bounds hashing work.
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(raw: &str, field: &str) -> Result<NewPassword, InvalidInput> {
        let long_enough = raw.chars().count() >= 8 && raw.chars().count() <= 128;
        let upper = raw.chars().any(char::is_uppercase);
        let digit = raw.chars().any(char::is_numeric);
        let special = raw.chars().any(|c| !c.is_alphanumeric() && !c.is_whitespace());
        if long_enough && upper && digit && special {
            Ok(NewPassword(raw.to_string()))
        } else {
            Err(InvalidInput::PasswordPolicy { field: field.to_string() })
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// A new password typed twice; the pair parses only when both agree and meet the policy.
pub struct PasswordPair;

impl PasswordPair {
    pub fn parse(password: &str, confirm: &str, field: &str, confirm_field: &str) -> Result<NewPassword, InvalidInput> {
        let parsed = NewPassword::parse(password, field)?;
        if password != confirm {
            return Err(InvalidInput::PasswordMismatch { field: confirm_field.to_string() });
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy() {
        assert!(NewPassword::parse("Braille#2026", "password").is_ok());
        assert!(NewPassword::parse("لمسةLamsa1!", "password").is_ok());
        for bad in ["Short1!", "nouppercase1!", "NoDigits!!", "NoSpecial12", "", "Aa1! "] {
            assert!(matches!(NewPassword::parse(bad, "password"), Err(InvalidInput::PasswordPolicy { .. })), "{bad}");
        }
        assert_eq!(
            PasswordPair::parse("Braille#2026", "Braille#2025", "password", "password_confirm").err(),
            Some(InvalidInput::PasswordMismatch { field: "password_confirm".into() })
        );
    }
}
