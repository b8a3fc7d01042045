//! Calendar arithmetic, time zones and GNU `strftime`, shared by `date`, `touch`, `ls -l` and
//! `printf '%(...)T'`.
//!
//! Time zones: there is no tz database in the sandbox. `TZ` is read as a POSIX TZ string
//! (`UTC0`, `EST5EDT`, `CET-1CEST,M3.5.0,M10.5.0/3`, `<+03>-3`, `UTC+3`), with glibc's default
//! DST rule (`M3.2.0,M11.1.0`) when a DST name has no rule. A few common IANA names
//! (`Europe/Berlin`, `America/New_York`, ...) map to their current POSIX rules; any other name is
//! UTC (named after its leading letters, as glibc does for a zone file it cannot find).

mod conv;

/// Days since 1970-01-01 of the proleptic Gregorian date `y-m-d` (`m` 1–12, `d` 1–31).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = m as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `(year, month 1–12, day 1–31)` of `z` days since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

/// `true` for a Gregorian leap year.
pub fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// The number of days of month `m` (1–12) of year `y`.
pub fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A broken-down local time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tm {
    /// Year (e.g. 2026).
    pub year: i64,
    /// Month 1–12.
    pub mon: u32,
    /// Day of month 1–31.
    pub mday: u32,
    /// Hour 0–23.
    pub hour: u32,
    /// Minute 0–59.
    pub min: u32,
    /// Second 0–59.
    pub sec: u32,
    /// Day of week, 0 = Sunday.
    pub wday: u32,
    /// Day of year, 0-based.
    pub yday: u32,
    /// Offset east of UTC in seconds.
    pub off: i64,
    /// Zone abbreviation (`UTC`, `CEST`).
    pub zone: String,
    /// Seconds since the epoch.
    pub epoch: i64,
}

/// A DST transition rule (`Jn`, `n`, `Mm.w.d`) with its local time of day in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    Julian1(u32),
    Julian0(u32),
    Month(u32, u32, u32),
}

/// Daylight saving time: its name, offset, and start and end rules with their times of day.
type Dst = (String, i64, (Rule, i64), (Rule, i64));

/// A parsed time zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tz {
    std_name: String,
    std_off: i64,
    dst: Option<Dst>,
}

const NAMED: &[(&str, &str)] = &[
    ("UTC", "UTC0"),
    ("Etc/UTC", "UTC0"),
    ("GMT", "GMT0"),
    ("Etc/GMT", "GMT0"),
    ("Universal", "UTC0"),
    ("Zulu", "UTC0"),
    ("Europe/London", "GMT0BST,M3.5.0/1,M10.5.0"),
    ("Europe/Dublin", "IST-1GMT0,M10.5.0,M3.5.0/1"),
    ("Europe/Lisbon", "WET0WEST,M3.5.0/1,M10.5.0"),
    ("Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Paris", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Madrid", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Rome", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Amsterdam", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Zurich", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Vienna", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Stockholm", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Warsaw", "CET-1CEST,M3.5.0,M10.5.0/3"),
    ("Europe/Athens", "EET-2EEST,M3.5.0/3,M10.5.0/4"),
    ("Europe/Helsinki", "EET-2EEST,M3.5.0/3,M10.5.0/4"),
    ("Europe/Kiev", "EET-2EEST,M3.5.0/3,M10.5.0/4"),
    ("Europe/Moscow", "MSK-3"),
    ("Europe/Istanbul", "<+03>-3"),
    ("America/New_York", "EST5EDT,M3.2.0,M11.1.0"),
    ("America/Chicago", "CST6CDT,M3.2.0,M11.1.0"),
    ("America/Denver", "MST7MDT,M3.2.0,M11.1.0"),
    ("America/Phoenix", "MST7"),
    ("America/Los_Angeles", "PST8PDT,M3.2.0,M11.1.0"),
    ("America/Anchorage", "AKST9AKDT,M3.2.0,M11.1.0"),
    ("America/Toronto", "EST5EDT,M3.2.0,M11.1.0"),
    ("America/Vancouver", "PST8PDT,M3.2.0,M11.1.0"),
    ("America/Sao_Paulo", "<-03>3"),
    ("America/Mexico_City", "CST6"),
    ("Pacific/Honolulu", "HST10"),
    ("Asia/Tokyo", "JST-9"),
    ("Asia/Seoul", "KST-9"),
    ("Asia/Shanghai", "CST-8"),
    ("Asia/Hong_Kong", "HKT-8"),
    ("Asia/Singapore", "<+08>-8"),
    ("Asia/Kolkata", "IST-5:30"),
    ("Asia/Calcutta", "IST-5:30"),
    ("Asia/Dubai", "<+04>-4"),
    ("Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ("Australia/Melbourne", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ("Australia/Brisbane", "AEST-10"),
    ("Australia/Perth", "AWST-8"),
    ("Pacific/Auckland", "NZST-12NZDT,M9.5.0,M4.1.0/3"),
    // Old names the tz database keeps as links.
    ("US/Eastern", "EST5EDT,M3.2.0,M11.1.0"),
    ("US/Central", "CST6CDT,M3.2.0,M11.1.0"),
    ("US/Mountain", "MST7MDT,M3.2.0,M11.1.0"),
    ("US/Arizona", "MST7"),
    ("US/Pacific", "PST8PDT,M3.2.0,M11.1.0"),
    ("US/Alaska", "AKST9AKDT,M3.2.0,M11.1.0"),
    ("US/Hawaii", "HST10"),
    ("Portugal", "WET0WEST,M3.5.0/1,M10.5.0"),
    ("GB", "GMT0BST,M3.5.0/1,M10.5.0"),
    ("Japan", "JST-9"),
    ("Singapore", "<+08>-8"),
];

fn utc(name: &str) -> Tz {
    Tz { std_name: name.to_string(), std_off: 0, dst: None }
}

/// Parse a `TZ` value (`None` or empty: UTC). See the module docs.
pub fn parse_tz(tz: Option<&str>) -> Tz {
    let s = tz.unwrap_or("");
    let s = s.strip_prefix(':').unwrap_or(s);
    if s.is_empty() {
        return utc("UTC");
    }
    if let Some((_, posix)) = NAMED.iter().find(|(n, _)| *n == s) {
        return parse_posix(posix).unwrap_or_else(|| utc("UTC"));
    }
    if let Some(tz) = parse_posix(s) {
        return tz;
    }
    let lead: String = s.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    utc(if lead.len() >= 3 { &lead } else { "UTC" })
}

/// A cursor over a POSIX TZ string.
struct Cur<'a> {
    s: &'a [u8],
    i: usize,
}

impl Cur<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn num(&mut self) -> Option<i64> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) && self.i - start < 6 {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).ok()?.parse().ok()
    }
    fn name(&mut self) -> Option<String> {
        let start;
        let end;
        if self.eat(b'<') {
            start = self.i;
            while self.peek().is_some_and(|c| c != b'>') {
                self.i += 1;
            }
            end = self.i;
            if !self.eat(b'>') {
                return None;
            }
        } else {
            start = self.i;
            while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                self.i += 1;
            }
            end = self.i;
        }
        (end - start >= 3).then(|| String::from_utf8_lossy(&self.s[start..end]).into_owned())
    }
    /// `[+-]hh[:mm[:ss]]` in seconds.
    fn hms(&mut self) -> Option<i64> {
        let neg = if self.eat(b'-') {
            true
        } else {
            self.eat(b'+');
            false
        };
        let mut v = self.num()? * 3600;
        if self.eat(b':') {
            v += self.num()? * 60;
            if self.eat(b':') {
                v += self.num()?;
            }
        }
        Some(if neg { -v } else { v })
    }
    fn rule(&mut self) -> Option<(Rule, i64)> {
        let r = if self.eat(b'J') {
            Rule::Julian1(self.num()? as u32)
        } else if self.eat(b'M') {
            let m = self.num()? as u32;
            self.eat(b'.').then_some(())?;
            let w = self.num()? as u32;
            self.eat(b'.').then_some(())?;
            let d = self.num()? as u32;
            if !(1..=12).contains(&m) || !(1..=5).contains(&w) || d > 6 {
                return None;
            }
            Rule::Month(m, w, d)
        } else {
            Rule::Julian0(self.num()? as u32)
        };
        let t = if self.eat(b'/') { self.hms()? } else { 7200 };
        Some((r, t))
    }
}

fn parse_posix(s: &str) -> Option<Tz> {
    let mut c = Cur { s: s.as_bytes(), i: 0 };
    let std_name = c.name()?;
    let std_off = -c.hms()?;
    if c.peek().is_none() {
        return Some(Tz { std_name, std_off, dst: None });
    }
    let dst_name = c.name()?;
    let dst_off = if c.peek().is_some_and(|b| b != b',') { -c.hms()? } else { std_off + 3600 };
    let (start, end) = if c.eat(b',') {
        let a = c.rule()?;
        c.eat(b',').then_some(())?;
        (a, c.rule()?)
    } else {
        ((Rule::Month(3, 2, 0), 7200), (Rule::Month(11, 1, 0), 7200))
    };
    if c.peek().is_some() {
        return None;
    }
    Some(Tz { std_name, std_off, dst: Some((dst_name, dst_off, start, end)) })
}

/// The day (days since the epoch) a rule names in year `y`.
fn rule_day(r: Rule, y: i64) -> i64 {
    let jan1 = days_from_civil(y, 1, 1);
    match r {
        Rule::Julian1(n) => {
            let n = n.clamp(1, 365) as i64;
            jan1 + n - 1 + i64::from(is_leap(y) && n >= 60)
        }
        Rule::Julian0(n) => jan1 + n.min(365) as i64,
        Rule::Month(m, w, d) => {
            let first = days_from_civil(y, m, 1);
            let wday_first = (first + 4).rem_euclid(7);
            let mut day = first + (d as i64 - wday_first).rem_euclid(7) + (w as i64 - 1) * 7;
            let last = first + days_in_month(y, m) as i64 - 1;
            while day > last {
                day -= 7;
            }
            day
        }
    }
}

impl Tz {
    /// The offset east of UTC (seconds), the zone abbreviation and whether DST is in effect at
    /// `epoch`.
    pub fn at(&self, epoch: i64) -> (i64, &str, bool) {
        let Some((dst_name, dst_off, (sr, st), (er, et))) = &self.dst else {
            return (self.std_off, &self.std_name, false);
        };
        let (y, _, _) = civil_from_days((epoch + self.std_off).div_euclid(86_400));
        let start = rule_day(*sr, y) * 86_400 + st - self.std_off;
        let end = rule_day(*er, y) * 86_400 + et - dst_off;
        let in_dst = if start < end { epoch >= start && epoch < end } else { !(epoch >= end && epoch < start) };
        if in_dst {
            (*dst_off, dst_name, true)
        } else {
            (self.std_off, &self.std_name, false)
        }
    }

    /// The epoch time of a local wall-clock time (seconds since the epoch as if UTC).
    pub fn local_to_epoch(&self, local: i64) -> i64 {
        let guess = local - self.std_off;
        let (off, _, _) = self.at(guess);
        let t = local - off;
        // Re-check once: near a transition the first guess may use the wrong offset.
        let (off2, _, _) = self.at(t);
        local - off2
    }
}

/// Break `epoch` down in zone `tz`.
pub fn local_time(epoch: i64, tz: &Tz) -> Tm {
    let (off, zone, _) = tz.at(epoch);
    let local = epoch.saturating_add(off);
    let days = local.div_euclid(86_400);
    let secs = local.rem_euclid(86_400) as u32;
    let (year, mon, mday) = civil_from_days(days);
    Tm {
        year,
        mon,
        mday,
        hour: secs / 3600,
        min: secs / 60 % 60,
        sec: secs % 60,
        wday: (days + 4).rem_euclid(7) as u32,
        yday: (days - days_from_civil(year, 1, 1)) as u32,
        off,
        zone: zone.to_string(),
        epoch,
    }
}

/// `strftime` of `epoch_secs` in zone `tz` (a `TZ` value; `None`: UTC) as glibc does it for
/// bash's `printf '%(fmt)T'`: GNU flags and widths work, but the `date`-only conversions `%N`,
/// `%q` and `%:z` are copied literally.
pub fn strftime(fmt: &str, epoch_secs: i64, tz: Option<&str>) -> String {
    let tm = local_time(epoch_secs, &parse_tz(tz));
    format(fmt, &tm, 0, true)
}

/// GNU `date`'s strftime, with nanoseconds for `%N`, `%q` and `%:z`/`%::z`/`%:::z`.
pub fn strftime_ns(fmt: &str, epoch_secs: i64, nanos: u32, tz: Option<&str>) -> String {
    let tm = local_time(epoch_secs, &parse_tz(tz));
    format_tm(fmt, &tm, nanos)
}

/// Format a broken-down time like GNU `date` (see [`strftime_ns`]).
pub fn format_tm(fmt: &str, tm: &Tm, nanos: u32) -> String {
    format(fmt, tm, nanos, false)
}

fn format(fmt: &str, tm: &Tm, nanos: u32, glibc: bool) -> String {
    let mut out = String::with_capacity(fmt.len() + 16);
    let mut rest = fmt;
    while let Some(p) = rest.find('%') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        let used = conv::conversion(rest, tm, nanos, glibc, &mut out);
        rest = &rest[used..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, t: i64) -> String {
        strftime_ns(fmt, t, 123_456_789, Some("UTC"))
    }

    #[test]
    fn civil_round_trip() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(days_from_civil(2000, 2, 29)), (2000, 2, 29));
        assert_eq!(days_from_civil(2026, 5, 28), 20_601);
    }

    #[test]
    fn basic_conversions() {
        let t = 1_780_000_000;
        assert_eq!(f("%c %Z %z", t), "Thu May 28 20:26:40 2026 UTC +0000");
        assert_eq!(f("%F %T %D %j %u %w %y %C", t), "2026-05-28 20:26:40 05/28/26 148 4 4 26 20");
        assert_eq!(f("%e|%k|%l|%I|%p|%P|%s|%N|%3N", t), "28|20| 8|08|PM|pm|1780000000|123456789|123");
        assert_eq!(f("%G %g %V %U %W %x %X %r %R %h %q", t), "2026 26 22 21 21 05/28/26 20:26:40 08:26:40 PM 20:26 May 2");
        assert_eq!(f("%n%t%%|%Q|%+|%", t), "\n\t%|%Q|%+|%");
        assert_eq!(strftime("%N|%s|%q|%P|%:z|%-d|%k|%+|%Ey", 0, None), "%N|0|%q|am|%:z|1| 0|%+|70");
        assert_eq!(f("%s %F %T %j", -1), "-1 1969-12-31 23:59:59 365");
    }

    #[test]
    fn flags_and_widths() {
        let t = 1_780_000_000;
        assert_eq!(f("%^a|%^B|%#p|%#Z|%10Y|%-10Y|%_5m|%05e", t), "THU|MAY|pm|utc|0000002026|2026|    5|00028");
        assert_eq!(f("%-j|%_j|%-e|%0e|%Ey|%Od|%^10b|%_^b", t), "148|148|28|28|26|28|       MAY|MAY");
        assert_eq!(f("%-5a|%010a|%#a|%#A|%3y|%_y", t), "Thu|0000000Thu|THU|THURSDAY|026|26");
        assert_eq!(f("%_3s|%03H|%_H|%-H|%3a|%010s|%-3s", 5), "  5|000| 0|0|Thu|0000000005|5");
    }

    #[test]
    fn zones() {
        let t = 1_780_000_000;
        let z = |tz: &str| strftime("%H:%M %Z %z", t, Some(tz));
        assert_eq!(z("EST5EDT"), "16:26 EDT -0400");
        assert_eq!(z("UTC+3"), "17:26 UTC -0300");
        assert_eq!(z(":Europe/Berlin"), "22:26 CEST +0200");
        assert_eq!(z("Foo/Bar"), "20:26 Foo +0000");
        assert_eq!(z("EST5"), "15:26 EST -0500");
        assert_eq!(z("<+03>-3"), "23:26 +03 +0300");
        assert_eq!(z("IST-5:30"), "01:56 IST +0530");
        assert_eq!(z("GMT0BST,M3.5.0/1,M10.5.0"), "21:26 BST +0100");
        assert_eq!(strftime_ns("%Z %:z %::z %:::z", t, 0, Some("EST5EDT")), "EDT -04:00 -04:00:00 -04");
        assert_eq!(strftime("%H %Z", 1_767_225_600, Some("EST5EDT")), "19 EST");
        assert_eq!(strftime("%H %Z", 1_767_225_600, Some("Australia/Sydney")), "11 AEDT");
    }

    #[test]
    fn local_to_epoch_inverts() {
        let tz = parse_tz(Some("CET-1CEST"));
        let t = 1_780_000_000;
        let tm = local_time(t, &tz);
        let local = days_from_civil(tm.year, tm.mon, tm.mday) * 86_400 + (tm.hour * 3600 + tm.min * 60 + tm.sec) as i64;
        assert_eq!(tz.local_to_epoch(local), t);
    }
}
