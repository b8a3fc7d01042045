//! Session names (SES-9b): 1–128 characters of `[A-Za-z0-9._-]`.

/// A session name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid session name '{0}' (1-128 characters of A-Z a-z 0-9 . _ -)")]
pub struct NameError(pub String);

/// Check a session name.
pub fn check_name(name: &str) -> Result<(), NameError> {
    let ok = (1..=128).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if ok {
        Ok(())
    } else {
        Err(NameError(name.to_string()))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for ok in ["a", "agent-1.main_2", &"x".repeat(128)] {
            assert_eq!(check_name(ok), Ok(()), "{ok}");
        }
        for bad in ["", "a/b", "a b", "é", &"x".repeat(129), "..;rm"] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert_eq!(check_name("a b").unwrap_err().to_string(), "invalid session name 'a b' (1-128 characters of A-Z a-z 0-9 . _ -)");
    }
}
