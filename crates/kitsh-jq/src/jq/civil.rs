//! Calendar arithmetic for jq's broken-down times: C's `timegm` normalisation, which jq 1.8
//! applies to every `[year, month, day, hours, minutes, seconds, ...]` it is given (`mktime`,
//! `strftime`, `todate`): fields out of range carry over (`[2024, 0, 0]` is 31 December 2023).

use kitsh_core::util::time::{civil_from_days, days_from_civil};

/// `[year, month (0-11), day, hours, minutes, seconds]` normalised as `timegm` does, with the
/// week day (0 is Sunday) and the day of the year (0-365) after them, as `gmtime` gives
/// them. Each field is cut to a whole number, as C's `struct tm` holds it.
pub fn timegm(fields: [f64; 6]) -> [i64; 8] {
    // Far enough for any year a date library takes, small enough that no sum below overflows.
    let [year, month, day, hour, min, sec] = fields.map(|f| f.trunc().clamp(-1e11, 1e11) as i64);
    let first = days_from_civil(year + month.div_euclid(12), month.rem_euclid(12) as u32 + 1, 1);
    let secs = (first + day - 1) * 86_400 + hour * 3600 + min * 60 + sec;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    let wday = (days + 4).rem_euclid(7);
    let yday = days - days_from_civil(y, 1, 1);
    [y, i64::from(m) - 1, i64::from(d), rem / 3600, rem % 3600 / 60, rem % 60, wday, yday]
}

#[cfg(test)]
mod tests {
    use super::timegm;

    #[test]
    fn carries_over_as_timegm() {
        assert_eq!(timegm([2024.0, 0.0, 0.0, 0.0, 0.0, 0.0]), [2023, 11, 31, 0, 0, 0, 0, 364]);
        assert_eq!(timegm([1.0, 2.0, 0.0, 0.0, 0.0, 0.0])[..3], [1, 1, 28]);
        assert_eq!(timegm([2024.0, 13.0, 1.0, 25.0, 61.0, 61.5]), [2025, 1, 2, 2, 2, 1, 0, 32]);
        assert_eq!(timegm([1970.0, 0.0, 1.0, 0.0, 0.0, -1.0]), [1969, 11, 31, 23, 59, 59, 3, 364]);
        assert_eq!(timegm([2000.0, 1.0, 29.0, 0.0, 0.0, 0.0]), [2000, 1, 29, 0, 0, 0, 2, 59]);
        // Far out of range: clamped, no overflow.
        assert!(timegm([1e300; 6])[0] > 100_000_000_000);
        assert!(timegm([-1e300; 6])[0] < -100_000_000_000);
    }
}
