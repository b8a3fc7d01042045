//! A subset of GNU `parse_datetime` for `date -d` and `touch -d`: `@EPOCH`, ISO 8601 dates and
//! times (`2024-02-29`, `2024-02-29T13:14:15.5Z`, `+0200`), `MM/DD/YYYY`, month names
//! (`Jan 5 2020`, `5 January 2020`), weekdays (`monday`, `next friday`), `now`, `today`,
//! `yesterday`, `tomorrow`, and relative items (`3 days ago`, `+1 month`, `last year`).

use kitsh_core::util::time::{days_from_civil, days_in_month, local_time, Tz};

/// What the items of a date string set.
#[derive(Default, Debug)]
struct Items {
    date: Option<(Option<i64>, u32, u32)>,
    time: Option<(u32, u32, u32, u32)>,
    zone: Option<i64>,
    weekday: Option<(u32, i64)>,
    rel: [i64; 6],
}

/// Relative amounts beyond this are rejected (they would overflow the calendar arithmetic).
const MAX_REL: i64 = 1 << 40;

const UNITS: [(&str, usize, i64); 11] = [
    ("year", 0, 1),
    ("month", 1, 1),
    ("fortnight", 2, 14),
    ("week", 2, 7),
    ("day", 2, 1),
    ("hour", 3, 1),
    ("minute", 4, 1),
    ("min", 4, 1),
    ("second", 5, 1),
    ("sec", 5, 1),
    ("mins", 4, 1),
];
const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

fn unit(word: &str) -> Option<(usize, i64)> {
    let w = word.strip_suffix('s').filter(|w| w.len() > 2).unwrap_or(word);
    UNITS.iter().find(|(n, _, _)| *n == w || *n == word).map(|(_, i, m)| (*i, *m))
}

fn month_name(w: &str) -> Option<u32> {
    let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    let w = w.trim_end_matches('.');
    full.iter().position(|m| *m == w || (w.len() == 3 && m.starts_with(w)) || (w == "sept" && *m == "september")).map(|i| i as u32 + 1).or_else(|| MONTHS.iter().position(|m| *m == w).map(|i| i as u32 + 1))
}

fn day_name(w: &str) -> Option<u32> {
    let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
    let w = w.trim_end_matches([',', '.']);
    full.iter().position(|d| *d == w).or_else(|| DAYS.iter().position(|d| *d == w)).map(|i| i as u32)
}

/// `HH:MM[:SS[.frac]]` → (h, m, s, nanos).
fn clock(t: &str) -> Option<(u32, u32, u32, u32)> {
    let mut parts = t.splitn(3, ':');
    let h: u32 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let (s, ns) = match parts.next() {
        None => (0, 0),
        Some(sec) => {
            let (whole, frac) = sec.split_once(['.', ',']).unwrap_or((sec, ""));
            if !frac.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let ns = format!("{:0<9}", &frac[..frac.len().min(9)]).parse().ok()?;
            (whole.parse().ok()?, ns)
        }
    };
    (h <= 24 && m < 60 && s <= 60).then_some((h, m, s, ns))
}

/// A zone suffix: `Z`, `UTC`, `GMT`, `+HH`, `+HHMM`, `+HH:MM` (seconds east).
fn zone(t: &str) -> Option<i64> {
    if matches!(t, "z" | "utc" | "gmt" | "ut") {
        return Some(0);
    }
    let (neg, d) = match t.as_bytes().first()? {
        b'+' => (false, &t[1..]),
        b'-' => (true, &t[1..]),
        _ => return None,
    };
    let digits: String = d.chars().filter(|c| *c != ':').collect();
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (h, m): (i64, i64) = if digits.len() <= 2 { (digits.parse().ok()?, 0) } else { (digits[..digits.len() - 2].parse().ok()?, digits[digits.len() - 2..].parse().ok()?) };
    let v = h * 3600 + m * 60;
    // GNU rejects offsets beyond 24 hours (`12:00 +25 days` is an invalid date).
    if v > 24 * 3600 {
        return None;
    }
    Some(if neg { -v } else { v })
}

/// A numeric token: an ISO date (with optional `T` time and zone), `MM/DD[/YYYY]`, a time, or
/// `YYYYMMDD`.
fn number(t: &str, it: &mut Items) -> Option<()> {
    if let Some((d, rest)) = t.split_once('t').filter(|(d, _)| d.contains('-')) {
        number(d, it)?;
        let (tm, z) = split_zone(rest);
        it.time = Some(clock(tm)?);
        if let Some(z) = z {
            it.zone = Some(zone(z)?);
        }
        return Some(());
    }
    if t.contains(':') {
        let (tm, z) = split_zone(t);
        it.time = Some(clock(tm)?);
        if let Some(z) = z {
            it.zone = Some(zone(z)?);
        }
        return Some(());
    }
    let p: Vec<&str> = t.split(['-', '/']).collect();
    let n = |s: &str| s.parse::<i64>().ok();
    let (y, m, d) = match (p.len(), t.contains('/')) {
        // `15-Mar-2024`
        (3, false) if month_name(p[1]).is_some() => (Some(n(p[2])?), month_name(p[1])? as i64, n(p[0])?),
        (3, false) => (Some(n(p[0])?), n(p[1])?, n(p[2])?),
        // `YYYY/MM/DD` when the first number has four digits or more, else `MM/DD/YYYY` (GNU).
        (3, true) if p[0].len() >= 4 => (Some(n(p[0])?), n(p[1])?, n(p[2])?),
        (3, true) => (Some(n(p[2])?), n(p[0])?, n(p[1])?),
        (2, true) => (None, n(p[0])?, n(p[1])?),
        (1, _) if t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit()) => (Some(n(&t[..4])?), n(&t[4..6])?, n(&t[6..])?),
        _ => return None,
    };
    it.date = Some(check_date(y, m, d)?);
    Some(())
}

/// The time zone abbreviations of GNU `parse_datetime` (seconds east; daylight ones included).
fn zone_abbrev(w: &str) -> Option<i64> {
    const H: i64 = 3600;
    Some(match w {
        "wet" => 0,
        "west" | "bst" => H,
        "art" | "brt" => -3 * H,
        "brst" => -2 * H,
        "nst" => -(3 * H + 1800),
        "ndt" => -(2 * H + 1800),
        "ast" => -4 * H,
        "adt" => -3 * H,
        "est" => -5 * H,
        "edt" => -4 * H,
        "cst" => -6 * H,
        "cdt" => -5 * H,
        "mst" => -7 * H,
        "mdt" => -6 * H,
        "pst" => -8 * H,
        "pdt" => -7 * H,
        "akst" => -9 * H,
        "akdt" => -8 * H,
        "hst" | "hast" => -10 * H,
        "hadt" => -9 * H,
        "sst" => -11 * H,
        "wat" | "cet" | "met" | "mez" => H,
        "cest" | "mest" | "mesz" | "eet" | "cat" | "sast" => 2 * H,
        "eest" | "eat" | "msk" => 3 * H,
        "msd" => 4 * H,
        "ist" => 5 * H + 1800,
        "sgt" => 8 * H,
        "kst" | "jst" => 9 * H,
        "gst" => 10 * H,
        "nzst" => 12 * H,
        "nzdt" => 13 * H,
        _ => return None,
    })
}

fn split_zone(t: &str) -> (&str, Option<&str>) {
    if let Some(tm) = t.strip_suffix('z') {
        return (tm, Some("z"));
    }
    match t.find(['+', '-']) {
        Some(i) => (&t[..i], Some(&t[i..])),
        None => (t, None),
    }
}

fn check_date(y: Option<i64>, m: i64, d: i64) -> Option<(Option<i64>, u32, u32)> {
    let y = y.map(|y| if (0..69).contains(&y) { y + 2000 } else if (69..100).contains(&y) { y + 1900 } else { y });
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    Some((y, m as u32, d as u32))
}

/// Parse a date string relative to `now` (seconds, nanoseconds) in zone `tz`; returns the
/// epoch seconds and nanoseconds, or `None` for an invalid date.
pub fn parse_date(input: &str, now: (i64, u32), tz: &Tz) -> Option<(i64, u32)> {
    let s = input.trim().to_lowercase();
    if let Some(e) = s.strip_prefix('@') {
        let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
        let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b',') && digits.matches(['.', ',']).count() <= 1;
        let (v, n) = crate::args::strtod(&e.replace(',', "."));
        if !plain || n != e.len() || !v.is_finite() || v.abs() > 1e17 {
            return None;
        }
        let secs = v.floor();
        return Some((secs as i64, ((v - secs) * 1e9).round().min(999_999_999.0) as u32));
    }
    let words: Vec<&str> = s.split_whitespace().map(|w| w.trim_end_matches(',')).filter(|w| !w.is_empty()).collect();
    let mut it = Items::default();
    items(&words, &mut it)?;
    resolve(&it, now, tz, words.is_empty())
}

/// Read the items of a date string.
fn items(words: &[&str], it: &mut Items) -> Option<()> {
    let mut last_rel: Option<(usize, i64)> = None;
    let mut i = 0;
    let int = |w: &str| w.parse::<i64>().ok().filter(|_| w.bytes().all(|b| b.is_ascii_digit() || b == b'+' || b == b'-'));
    // The word before was the time of day: a signed number then is its zone (GNU reads
    // `12:00 +2 hours` as 12:00 UTC+2 plus one hour).
    let mut after_time = false;
    while i < words.len() {
        let w = words[i];
        i += 1;
        let zone_position = std::mem::take(&mut after_time) && it.zone.is_none() && w.len() > 1;
        // A lone sign applies to the number after it: `+ 1 day`.
        if (w == "+" || w == "-") && words.get(i).and_then(|n| int(n)).is_some() && words.get(i + 1).and_then(|n| unit(n)).is_some() {
            let n = int(words[i])?;
            let (idx, mult) = unit(words[i + 1])?;
            let v = if w == "-" { -n } else { n }.checked_mul(mult).filter(|v| v.abs() < MAX_REL)?;
            it.rel[idx] = it.rel[idx].checked_add(v)?;
            last_rel = Some((idx, v));
            i += 2;
            continue;
        }
        let next_unit = words.get(i).and_then(|n| unit(n));
        if let (Some(n), Some((idx, mult)), false) = (int(w), next_unit, zone_position && w.starts_with(['+', '-'])) {
            let v = n.checked_mul(mult).filter(|v| v.abs() < MAX_REL)?;
            it.rel[idx] = it.rel[idx].checked_add(v)?;
            last_rel = Some((idx, v));
            i += 1;
            continue;
        }
        if w.starts_with(['+', '-']) {
            it.zone = Some(zone(w).filter(|_| it.time.is_some())?);
            continue;
        }
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            if let (Some(d), Some(m)) = (int(w), words.get(i).and_then(|n| month_name(n))) {
                let y = words.get(i + 1).and_then(|y| int(y)).filter(|y| *y > 31);
                i += 1 + usize::from(y.is_some());
                it.date = Some(check_date(y, m as i64, d)?);
                continue;
            }
            let had_time = it.time.is_some();
            // `10am`, `10:30pm`, `10 am`: an hour of the 12-hour clock.
            let (num, merid) = match (w.strip_suffix("am").or(w.strip_suffix("a.m.")), w.strip_suffix("pm").or(w.strip_suffix("p.m."))) {
                (Some(n), _) => (n, Some(false)),
                (_, Some(n)) => (n, Some(true)),
                _ => match words.get(i).copied() {
                    Some("am" | "a.m.") if w.len() <= 2 || w.contains(':') => (w, Some(false)),
                    Some("pm" | "p.m.") if w.len() <= 2 || w.contains(':') => (w, Some(true)),
                    _ => (w, None),
                },
            };
            if let Some(pm) = merid {
                if num.len() == w.len() {
                    i += 1;
                }
                let t = if num.contains(':') { clock(num)? } else { (num.parse().ok()?, 0, 0, 0) };
                if t.0 > 12 || t.0 == 0 {
                    return None;
                }
                it.time = Some((t.0 % 12 + if pm { 12 } else { 0 }, t.1, t.2, t.3));
                after_time = !had_time;
                continue;
            }
            // A bare number (GNU `tUNUMBER`): the year after a date without one (once a time
            // was seen or with 3+ digits: `Fri Mar 15 12:00:00 UTC 2024`), else `HH` / `HHMM`.
            if w.len() <= 4 && w.bytes().all(|b| b.is_ascii_digit()) {
                let n: i64 = w.parse().ok()?;
                match it.date {
                    Some((None, m, d)) if it.rel == [0; 6] && (it.time.is_some() || w.len() > 2) => {
                        it.date = Some(check_date(Some(n), m as i64, d as i64)?);
                    }
                    _ if it.time.is_none() => {
                        let (h, m) = if w.len() <= 2 { (n, 0) } else { (n / 100, n % 100) };
                        if h > 23 || m > 59 {
                            return None;
                        }
                        it.time = Some((h as u32, m as u32, 0, 0));
                    }
                    _ => return None,
                }
                continue;
            }
            number(w, it)?;
            after_time = !had_time && it.time.is_some();
            continue;
        }
        if let Some(m) = month_name(w) {
            let d = words.get(i).and_then(|d| int(d)).filter(|d| (1..=31).contains(d));
            let y = d.and(words.get(i + 1).and_then(|y| int(y)).filter(|y| *y > 31));
            i += usize::from(d.is_some()) + usize::from(y.is_some());
            it.date = Some(check_date(y, m as i64, d.unwrap_or(1))?);
            continue;
        }
        if let Some(d) = day_name(w) {
            it.weekday = Some((d, 0));
            continue;
        }
        match w {
            "now" | "today" => {}
            "yesterday" => it.rel[2] -= 1,
            "tomorrow" => it.rel[2] += 1,
            "next" | "last" | "this" => {
                let ord = match w {
                    "next" => 1,
                    "last" => -1,
                    _ => 0,
                };
                let n = words.get(i)?;
                i += 1;
                if let Some((idx, mult)) = unit(n) {
                    it.rel[idx] += ord * mult;
                    last_rel = Some((idx, ord * mult));
                } else {
                    it.weekday = Some((day_name(n)?, ord));
                }
            }
            "ago" => {
                let (idx, v) = last_rel.take()?;
                it.rel[idx] = it.rel[idx].checked_sub(2 * v)?;
            }
            "utc" | "gmt" | "z" | "ut" => it.zone = Some(0),
            w if zone_abbrev(w).is_some() => it.zone = zone_abbrev(w),
            "am" | "pm" | "a.m." | "p.m." => {
                let t = it.time.as_mut()?;
                if t.0 > 12 || t.0 == 0 {
                    return None;
                }
                t.0 = t.0 % 12 + if w.starts_with('p') { 12 } else { 0 };
            }
            w => {
                let (idx, mult) = unit(w)?;
                it.rel[idx] += mult;
                last_rel = Some((idx, mult));
            }
        }
    }
    Some(())
}

/// Combine the items with the current time.
fn resolve(it: &Items, now: (i64, u32), tz: &Tz, empty: bool) -> Option<(i64, u32)> {
    let tm = local_time(now.0, tz);
    let (y, m, d) = match it.date {
        Some((y, m, d)) => (y.unwrap_or(tm.year), m, d),
        None => (tm.year, tm.mon, tm.mday),
    };
    if it.rel.iter().any(|r| r.abs() >= MAX_REL) || y.abs() > 1 << 32 {
        return None;
    }
    if d > days_in_month(y, m) {
        return None;
    }
    let (hh, mm, ss, ns) = match it.time {
        Some(t) => t,
        None if it.date.is_some() || it.weekday.is_some() || empty => (0, 0, 0, 0),
        None => (tm.hour, tm.min, tm.sec, now.1),
    };
    let months = y.checked_mul(12)? + (m as i64 - 1) + it.rel[0].checked_mul(12)? + it.rel[1];
    let (y, m) = (months.div_euclid(12), (months.rem_euclid(12) + 1) as u32);
    let mut days = days_from_civil(y, m, 1) + d as i64 - 1 + it.rel[2];
    // GNU ignores a day of the week when the string also names a calendar date.
    if let Some((target, ord)) = it.weekday.filter(|_| it.date.is_none()) {
        let wday = (days + 4).rem_euclid(7);
        let mut delta = (target as i64 - wday).rem_euclid(7);
        if ord > 0 && delta == 0 {
            delta = 7;
        }
        if ord < 0 {
            delta -= 7;
        }
        days += delta;
    }
    let local = days.checked_mul(86_400)? + (hh * 3600 + mm * 60 + ss) as i64;
    let epoch = match it.zone {
        Some(z) => local - z,
        None => tz.local_to_epoch(local),
    };
    Some((epoch.checked_add(it.rel[3] * 3600 + it.rel[4] * 60 + it.rel[5])?, ns))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kitsh_core::util::time::parse_tz;

    /// Mon Nov 23 2026 01:41:08 UTC
    const NOW: (i64, u32) = (1_795_398_068, 5);

    fn p(s: &str) -> Option<String> {
        let tz = parse_tz(Some("UTC"));
        parse_date(s, NOW, &tz).map(|(t, ns)| format!("{} {ns}", kitsh_core::util::time::strftime("%F %T", t, None)))
    }

    #[test]
    fn absolute() {
        assert_eq!(p("@0").as_deref(), Some("1970-01-01 00:00:00 0"));
        assert_eq!(p("@1.5").as_deref(), Some("1970-01-01 00:00:01 500000000"));
        assert_eq!(p("2024-02-29 13:14:15").as_deref(), Some("2024-02-29 13:14:15 0"));
        assert_eq!(p("2024-02-29T13:14:15Z").as_deref(), Some("2024-02-29 13:14:15 0"));
        assert_eq!(p("2024-02-29 13:14:15 +0200").as_deref(), Some("2024-02-29 11:14:15 0"));
        assert_eq!(p("2024-02-29 13:14:15.5").as_deref(), Some("2024-02-29 13:14:15 500000000"));
        assert_eq!(p("2024-02-29").as_deref(), Some("2024-02-29 00:00:00 0"));
        assert_eq!(p("Jan 5 2020").as_deref(), Some("2020-01-05 00:00:00 0"));
        assert_eq!(p("5 Jan 2020 10:00").as_deref(), Some("2020-01-05 10:00:00 0"));
        assert_eq!(p("01/02/2020").as_deref(), Some("2020-01-02 00:00:00 0"));
        assert_eq!(p("20200102").as_deref(), Some("2020-01-02 00:00:00 0"));
        assert_eq!(p("10:30").as_deref(), Some("2026-11-23 10:30:00 0"));
        assert_eq!(p("10:30 pm").as_deref(), Some("2026-11-23 22:30:00 0"));
        assert_eq!(p("2020-01-01 12:00 UTC").as_deref(), Some("2020-01-01 12:00:00 0"));
        assert_eq!(p("").as_deref(), Some("2026-11-23 00:00:00 0"));
    }

    #[test]
    fn relative() {
        assert_eq!(p("now").as_deref(), Some("2026-11-23 01:41:08 5"));
        assert_eq!(p("1 day ago").as_deref(), Some("2026-11-22 01:41:08 5"));
        assert_eq!(p("tomorrow").as_deref(), Some("2026-11-24 01:41:08 5"));
        assert_eq!(p("next monday").as_deref(), Some("2026-11-30 00:00:00 0"));
        assert_eq!(p("monday").as_deref(), Some("2026-11-23 00:00:00 0"));
        assert_eq!(p("next friday").as_deref(), Some("2026-11-27 00:00:00 0"));
        assert_eq!(p("last monday").as_deref(), Some("2026-11-16 00:00:00 0"));
        assert_eq!(p("2024-01-31 +1 month").as_deref(), Some("2024-03-02 00:00:00 0"));
        assert_eq!(p("3 weeks 2 days ago").as_deref(), Some("2026-12-12 01:41:08 5"));
        assert_eq!(p("last year").as_deref(), Some("2025-11-23 01:41:08 5"));
        assert_eq!(p("-2 hours").as_deref(), Some("2026-11-22 23:41:08 5"));
    }

    #[test]
    fn invalid() {
        for s in ["xyz", "2024-13-01", "2023-02-29", "noon", "25:00", "@x", "1 2 3", "@1e3", "@", "99999999999999999 years", "9223372036854775807 days ago"] {
            assert_eq!(p(s), None, "{s}");
        }
        let est = parse_tz(Some("EST5EDT"));
        assert_eq!(parse_date("2024-07-01 12:00", NOW, &est).map(|x| x.0), Some(1_719_849_600));
    }
}
