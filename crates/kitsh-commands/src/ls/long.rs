//! The pieces of `ls -l` lines: type and mode, owner names from `/etc/passwd`, sizes (`-h`,
//! `--si`), block counts and the time column styles.

use std::time::UNIX_EPOCH;

use crate::chmod::mode_string;
use kitsh_core::fs::{FileSystem, FileType, Metadata};
use kitsh_core::util::time::{format_tm, local_time, Tz};

/// `-rw-r--r--`: the type letter and the permission bits.
pub(super) fn mode_column(m: &Metadata) -> String {
    let t = match m.file_type {
        FileType::File => '-',
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::CharDevice => 'c',
        FileType::Fifo => 'p',
    };
    format!("{t}{}", mode_string(m.mode))
}

/// User and group names, shown numerically on request (`ls -n`).
pub(super) struct Names(super::super::accounts::Names);

impl Names {
    pub(super) fn load(fs: &dyn FileSystem) -> Names {
        Names(super::super::accounts::Names::load(fs))
    }
    pub(super) fn user(&self, uid: u32, numeric: bool) -> String {
        if numeric {
            uid.to_string()
        } else {
            self.0.user(uid)
        }
    }
    pub(super) fn group(&self, gid: u32, numeric: bool) -> String {
        if numeric {
            gid.to_string()
        } else {
            self.0.group(gid)
        }
    }
}

pub(super) use super::super::accounts::device_numbers;

pub(super) use crate::args::human;

/// Allocated size in 1 KiB blocks (4 KiB allocation units; symlinks and devices use none).
pub(super) fn blocks(m: &Metadata) -> u64 {
    match m.file_type {
        FileType::File | FileType::Dir => m.len.div_ceil(4096) * 4,
        _ => 0,
    }
}

/// How the time column is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum TimeStyle {
    /// `Nov 23 02:06` / `Jan  1  2020`.
    Locale,
    /// `2026-11-23 02:06:39.400006899 +0000`.
    FullIso,
    /// `2026-11-23 02:06`.
    LongIso,
    /// `11-23 02:06` / `2020-01-01 `.
    Iso,
    /// `+FORMAT`.
    Format(String),
}

/// The time column for `m` at `now` (seconds).
pub(super) fn time_column(m: &Metadata, style: &TimeStyle, tz: &Tz, now: i64) -> String {
    let (secs, nanos) = match m.mtime.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => (-(e.duration().as_secs() as i64), 0),
    };
    let tm = local_time(secs, tz);
    const HALF_YEAR: i64 = 31_556_952 / 2;
    let recent = secs > now - HALF_YEAR && secs <= now;
    let fmt = match style {
        TimeStyle::Locale if recent => "%b %e %H:%M",
        TimeStyle::Locale => "%b %e  %Y",
        TimeStyle::FullIso => "%Y-%m-%d %H:%M:%S.%N %z",
        TimeStyle::LongIso => "%Y-%m-%d %H:%M",
        TimeStyle::Iso if recent => "%m-%d %H:%M",
        TimeStyle::Iso => "%Y-%m-%d ",
        TimeStyle::Format(f) => f,
    };
    format_tm(fmt, &tm, nanos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_sizes() {
        let got: Vec<String> = [0u64, 1, 1023, 1024, 1025, 5000, 10239, 10240, 12345, 1_048_576, 1_572_864, 10_485_760, 123_456_789]
            .iter()
            .map(|&n| human(n, 1024))
            .collect();
        assert_eq!(got.join(" "), "0 1 1023 1.0K 1.1K 4.9K 10K 10K 13K 1.0M 1.5M 10M 118M");
        assert_eq!(human(5000, 1000), "5.0k");
    }
}
