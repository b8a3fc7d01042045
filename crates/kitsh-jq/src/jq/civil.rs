//! Calendar arithmetic for jq's broken-down times: C's `timegm` normalisation, which jq 1.8
//! applies to every `[year, month, day, hours, minutes, seconds, ...]` it is given (`mktime`,
//! `strftime`, `todate`): fields out of range carry over (`[2024, 0, 0]` is 31 December 2023).

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (`month` 1 to 12;
/// Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i128, month: i128, day: i128) -> i128 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month 1 to 12, day) `days` after 1970-01-01.
fn civil_from_days(days: i128) -> (i128, i128, i128) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i128::from(month <= 2), month, day)
}

/// `[year, month (0-11), day, hours, minutes, seconds]` normalised as `timegm` does, with the
/// week day (0 is Sunday) and the day of the year (0-365) after them, as `gmtime` gives
/// them. Each field is cut to a whole number, as C's `struct tm` holds it.
pub fn timegm(fields: [f64; 6]) -> [i64; 8] {
    // Far enough for any year a date library takes, small enough that nothing overflows.
    let [year, month, day, hour, min, sec] = fields.map(|f| (f.trunc().clamp(-1e15, 1e15)) as i128);
    let days = days_from_civil(year + month.div_euclid(12), month.rem_euclid(12) + 1, 1) + day - 1;
    let secs = days * 86_400 + hour * 3600 + min * 60 + sec;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    let wday = (days + 4).rem_euclid(7);
    let yday = days - days_from_civil(y, 1, 1);
    [y, m - 1, d, rem / 3600, rem % 3600 / 60, rem % 60, wday, yday].map(|v| v.clamp(i64::MIN.into(), i64::MAX.into()) as i64)
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
    }
}
