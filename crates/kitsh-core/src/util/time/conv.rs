//! One `%` conversion of GNU `strftime`: flags (`-` `_` `0` `^` `#`), width, `E`/`O` modifiers
//! and the `%:z` family.

use super::Tm;

const DAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Flags and width of one conversion.
#[derive(Clone, Copy, Default)]
struct Spec {
    pad: Option<u8>,
    upper: bool,
    swap: bool,
    width: Option<usize>,
}

/// Format the conversion at the start of `s` (which begins with `%`) into `out`; returns the
/// number of bytes of `s` it used. Unknown conversions are copied literally.
/// `glibc`: leave the GNU `date` extensions (`%N`, `%q`, `%:z`) alone.
pub(super) fn conversion(s: &str, tm: &Tm, nanos: u32, glibc: bool, out: &mut String) -> usize {
    let b = s.as_bytes();
    let mut i = 1;
    let mut sp = Spec::default();
    while let Some(&c) = b.get(i) {
        match c {
            b'-' | b'_' | b'0' => sp.pad = Some(c),
            b'^' => sp.upper = true,
            b'#' => sp.swap = true,
            _ => break,
        }
        i += 1;
    }
    let wstart = i;
    while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
        i += 1;
    }
    if i > wstart {
        sp.width = Some(s[wstart..i].parse::<usize>().unwrap_or(0).min(1024));
    }
    let cstart = i;
    while b.get(i) == Some(&b':') && i - cstart < 3 {
        i += 1;
    }
    let colons = i - cstart;
    if colons == 0 && matches!(b.get(i), Some(b'E' | b'O')) {
        i += 1;
    }
    let Some(conv) = s[i..].chars().next() else {
        out.push_str(s);
        return s.len();
    };
    let used = i + conv.len_utf8();
    let unsupported = (colons > 0 && (conv != 'z' || glibc)) || (glibc && matches!(conv, 'N' | 'q'));
    if unsupported || !convert(conv, colons, sp, tm, nanos, out) {
        out.push_str(&s[..used]);
    }
    used
}

fn convert(conv: char, colons: usize, sp: Spec, tm: &Tm, nanos: u32, out: &mut String) -> bool {
    let hour12 = if tm.hour.is_multiple_of(12) { 12 } else { tm.hour % 12 } as i64;
    let (iso_year, iso_week) = iso_week(tm);
    match conv {
        'Y' => num(out, sp, tm.year, 1, b'0'),
        'C' => num(out, sp, tm.year.div_euclid(100), 2, b'0'),
        'y' => num(out, sp, tm.year.rem_euclid(100), 2, b'0'),
        'G' => num(out, sp, iso_year, 1, b'0'),
        'g' => num(out, sp, iso_year.rem_euclid(100), 2, b'0'),
        'm' => num(out, sp, tm.mon as i64, 2, b'0'),
        'd' => num(out, sp, tm.mday as i64, 2, b'0'),
        'e' => num(out, sp, tm.mday as i64, 2, b' '),
        'H' => num(out, sp, tm.hour as i64, 2, b'0'),
        'k' => num(out, sp, tm.hour as i64, 2, b' '),
        'I' => num(out, sp, hour12, 2, b'0'),
        'l' => num(out, sp, hour12, 2, b' '),
        'M' => num(out, sp, tm.min as i64, 2, b'0'),
        'S' => num(out, sp, tm.sec as i64, 2, b'0'),
        'j' => num(out, sp, tm.yday as i64 + 1, 3, b'0'),
        'u' => num(out, sp, if tm.wday == 0 { 7 } else { tm.wday as i64 }, 1, b'0'),
        'w' => num(out, sp, tm.wday as i64, 1, b'0'),
        'U' => num(out, sp, ((tm.yday + 7 - tm.wday) / 7) as i64, 2, b'0'),
        'W' => num(out, sp, ((tm.yday + 7 - (tm.wday + 6) % 7) / 7) as i64, 2, b'0'),
        'V' => num(out, sp, iso_week, 2, b'0'),
        'q' => num(out, sp, ((tm.mon - 1) / 3 + 1) as i64, 1, b'0'),
        's' => num(out, sp, tm.epoch, 1, b'0'),
        'N' => nanos_digits(out, sp, nanos),
        'a' => text(out, sp, &DAYS[tm.wday as usize % 7][..3], true),
        'A' => text(out, sp, DAYS[tm.wday as usize % 7], true),
        'b' | 'h' => text(out, sp, &MONTHS[(tm.mon as usize + 11) % 12][..3], true),
        'B' => text(out, sp, MONTHS[(tm.mon as usize + 11) % 12], true),
        'p' => text(out, sp, if tm.hour < 12 { "AM" } else { "PM" }, false),
        'P' => text(out, sp, if tm.hour < 12 { "am" } else { "pm" }, true),
        'Z' => text(out, sp, &tm.zone, false),
        'z' => text(out, sp, &offset(tm.off, colons), true),
        'n' => out.push('\n'),
        't' => out.push('\t'),
        '%' => out.push('%'),
        'c' => composite(out, sp, "%a %b %e %H:%M:%S %Y", tm),
        'D' | 'x' => composite(out, sp, "%m/%d/%y", tm),
        'F' => composite(out, sp, "%Y-%m-%d", tm),
        'T' | 'X' => composite(out, sp, "%H:%M:%S", tm),
        'r' => composite(out, sp, "%I:%M:%S %p", tm),
        'R' => composite(out, sp, "%H:%M", tm),
        _ => return false,
    }
    true
}

fn pad_to(out: &mut String, len: usize, width: usize, c: u8) {
    for _ in len..width {
        out.push(c as char);
    }
}

fn num(out: &mut String, sp: Spec, v: i64, default_width: usize, default_pad: u8) {
    let pad = match sp.pad {
        Some(b'-') => None,
        Some(b'_') => Some(b' '),
        Some(b'0') => Some(b'0'),
        _ => Some(default_pad),
    };
    let width = sp.width.unwrap_or(default_width);
    let digits = v.unsigned_abs().to_string();
    let len = digits.len() + usize::from(v < 0);
    match pad {
        None => {}
        Some(b'0') => {
            if v < 0 {
                out.push('-');
            }
            pad_to(out, len, width, b'0');
            out.push_str(&digits);
            return;
        }
        Some(c) => pad_to(out, len, width, c),
    }
    if v < 0 {
        out.push('-');
    }
    out.push_str(&digits);
}

/// A text conversion; `swap_up`: `#` means upper case (names) rather than lower case (`%p`, `%Z`).
fn text(out: &mut String, sp: Spec, s: &str, swap_up: bool) {
    let pad = match sp.pad {
        Some(b'-') => None,
        Some(b'0') => Some(b'0'),
        _ => Some(b' '),
    };
    if let (Some(c), Some(w)) = (pad, sp.width) {
        pad_to(out, s.chars().count(), w, c);
    }
    if sp.upper || (sp.swap && swap_up) {
        out.push_str(&s.to_uppercase());
    } else if sp.swap {
        out.push_str(&s.to_lowercase());
    } else {
        out.push_str(s);
    }
}

fn composite(out: &mut String, sp: Spec, fmt: &str, tm: &Tm) {
    let s = super::format_tm(fmt, tm, 0);
    text(out, sp, &s, true);
}

fn nanos_digits(out: &mut String, sp: Spec, nanos: u32) {
    let s = format!("{:09}", nanos.min(999_999_999));
    let w = match sp.width {
        Some(w) if w > 0 => w,
        _ => 9,
    };
    out.push_str(&s[..w.min(9)]);
    for _ in 9..w {
        out.push('0');
    }
}

fn offset(off: i64, colons: usize) -> String {
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.unsigned_abs();
    let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
    match colons {
        0 => format!("{sign}{h:02}{m:02}"),
        1 => format!("{sign}{h:02}:{m:02}"),
        2 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if s != 0 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if m != 0 => format!("{sign}{h:02}:{m:02}"),
        _ => format!("{sign}{h:02}"),
    }
}

/// The ISO 8601 week-based year and week number.
fn iso_week(tm: &Tm) -> (i64, i64) {
    let isowday = if tm.wday == 0 { 7 } else { tm.wday as i64 };
    let week = (tm.yday as i64 + 1 - isowday + 10) / 7;
    let weeks_in = |y: i64| {
        let jan1 = (super::days_from_civil(y, 1, 1) + 4).rem_euclid(7);
        if jan1 == 4 || (super::is_leap(y) && jan1 == 3) {
            53
        } else {
            52
        }
    };
    if week < 1 {
        (tm.year - 1, weeks_in(tm.year - 1))
    } else if week > weeks_in(tm.year) {
        (tm.year + 1, 1)
    } else {
        (tm.year, week)
    }
}
