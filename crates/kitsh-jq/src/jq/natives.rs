//! Native filters kitsh adds to jaq (input, debug/stderr to the command's stderr, jq-format
//! `tojson`/`fromjson`, base32) and the translation of jaq's error texts into jq 1.8's.

use jaq_core::box_iter::box_once;
use jaq_core::native::{bome, run, v, Fun};
use jaq_core::{Error, Exn};
use super::json::Val;

use super::{read, write, Kind, Shared};

fn shared<'a>(cv: &jaq_core::Cv<'a, Kind>) -> &'a Shared<'a> {
    cv.0.data()
}

fn str_err(msg: impl Into<String>) -> Error<Val> {
    Error::new(Val::from(msg.into()))
}

fn bytes_of(v: &Val) -> Option<&[u8]> {
    match v {
        Val::TStr(s) | Val::BStr(s) => Some(s),
        _ => None,
    }
}

/// Stack that must remain free when a function body starts: beyond it, the program stops with
/// "maximum recursion depth exceeded" instead of overflowing the stack.
const STACK_MARGIN: usize = 32 << 20;

/// `None`, unless the script timed out or its values passed the memory limit (halt 130), or
/// recursion went too deep (halt 5, with
/// `Shared::depth_exceeded` set so that the caller prints the message). Both are halts, not
/// errors, so that `try` cannot catch them and recurse further.
fn guard_check<'a, const TICK: bool>(sh: &Shared<'_>) -> Option<Exn<'a, Val>> {
    if sh.cancel.cancelled() {
        return Some(Exn::halt(130));
    }
    // A loop step (`range`, `repeat`, `recurse`, `while`, `until`): the whole program may take
    // `max_loop_iterations` of them, like one loop of the shell (this also bounds what it can
    // collect where no allocator meters it).
    if TICK {
        let n = sh.ticks.get() + 1;
        sh.ticks.set(n);
        if sh.cancel.loop_limit().is_some_and(|max| n > max) {
            sh.cancel.hit(crate::limits::LimitExceeded::LoopIterations);
            return Some(Exn::halt(130));
        }
    }
    // Values past the memory limit end the run with it (where the allocator can tell).
    if let Some(h) = &sh.heap {
        if h.meter.bytes() > h.limit {
            sh.cancel.hit(crate::limits::LimitExceeded::Heap);
            return Some(Exn::halt(130));
        }
    }
    if stacker::remaining_stack().is_some_and(|r| r < STACK_MARGIN) {
        sh.depth_exceeded.set(true);
        return Some(Exn::halt(5));
    }
    None
}

/// `_kitsh_guard`/`_kitsh_tick` (`TICK`): identity (also as a path expression and in
/// updates), after [`guard_check`].
fn guard_native<const TICK: bool>(name: &'static str) -> Fun<Kind> {
    let n = jaq_core::Native::<Kind>::new(|cv| match guard_check::<TICK>(shared(&cv)) {
        Some(e) => box_once(Err(e)),
        None => box_once(Ok(cv.1)),
    })
    .with_paths(|cv| match guard_check::<TICK>(cv.0.data()) {
        Some(e) => box_once(Err(e)),
        None => box_once(Ok(cv.1)),
    })
    .with_update(|cv, f| match guard_check::<TICK>(cv.0.data()) {
        Some(e) => box_once(Err(e)),
        None => f(cv.1),
    });
    (name, v(0), n)
}

/// The natives, named `_kitsh_*`; `defs.rs` binds jq's names to them.
pub(crate) fn funs() -> impl Iterator<Item = Fun<Kind>> {
    let list: Vec<jaq_core::native::Filter<jaq_core::RunPtr<Kind>>> = vec![
        ("_kitsh_tojson", v(0), |cv| bome(Ok(Val::utf8_str(write::to_json(&cv.1))))),
        // A value as jq's messages show it: `number (3)`.
        ("_kitsh_describe", v(0), |cv| bome(Ok(Val::from(describe(&cv.1))))),
        ("_kitsh_fromjson", v(0), |cv| {
            let r = match bytes_of(&cv.1) {
                Some(b) => read::parse_single(b).map_err(|e| {
                    let text = String::from_utf8_lossy(b);
                    str_err(format!("{e} (while parsing '{text}')"))
                }),
                None => Err(str_err(format!("{} only strings can be parsed", describe(&cv.1)))),
            };
            bome(r)
        }),
        ("_kitsh_debug", v(0), |cv| {
            let sh = shared(&cv);
            let mut m = sh.messages.borrow_mut();
            m.extend_from_slice(b"[\"DEBUG:\",");
            m.extend_from_slice(&write::to_json(&cv.1));
            m.extend_from_slice(b"]\n");
            box_once(Ok(Val::Null))
        }),
        ("_kitsh_stderr", v(0), |cv| {
            let sh = shared(&cv);
            let mut m = sh.messages.borrow_mut();
            m.extend_from_slice(&write::to_json(&cv.1));
            box_once(Ok(Val::Null))
        }),
        ("_kitsh_halt_msg", v(0), |cv| {
            let sh = shared(&cv);
            let mut m = sh.messages.borrow_mut();
            match bytes_of(&cv.1) {
                Some(b) => m.extend_from_slice(b),
                None => {
                    m.extend_from_slice(&write::to_json(&cv.1));
                    m.push(b'\n');
                }
            }
            box_once(Ok(Val::Null))
        }),
        ("_kitsh_input_filename", v(0), |cv| {
            let sh = shared(&cv);
            let name = sh.inputs.borrow().name.clone();
            bome(Ok(match name {
                Some(n) if n != "<stdin>" => Val::from(n),
                _ => Val::Null,
            }))
        }),
        ("_kitsh_input_line_number", v(0), |cv| {
            let sh = shared(&cv);
            let n = sh.inputs.borrow().reader_fetched_lines();
            bome(Ok(Val::from(n)))
        }),
        ("_kitsh_input", v(0), |cv| {
            let sh = shared(&cv);
            let next = sh.inputs.borrow_mut().next_value();
            bome(next.ok_or_else(|| str_err("No more inputs")))
        }),
        ("_kitsh_inputs", v(0), |cv| {
            let sh = shared(&cv);
            Box::new(std::iter::from_fn(move || {
                if sh.cancel.cancelled() {
                    return Some(Err(Exn::from(str_err("cancelled"))));
                }
                let next = sh.inputs.borrow_mut().next_value();
                next.map(Ok)
            }))
        }),
        ("_kitsh_base32", v(0), |cv| {
            let b = bytes_of(&cv.1).unwrap_or_default();
            bome(Ok(Val::from(base32_encode(b))))
        }),
        ("_kitsh_base32d", v(0), |cv| {
            let b = bytes_of(&cv.1).unwrap_or_default();
            bome(Ok(Val::utf8_str(read::sanitize_utf8(base32_decode(b)))))
        }),
        ("_kitsh_base64d", v(0), |cv| {
            let b = bytes_of(&cv.1).unwrap_or_default();
            let r = base64_decode(b).map(|d| Val::utf8_str(read::sanitize_utf8(d)));
            bome(r.map_err(|why| str_err(format!("{} {why}", describe(&cv.1)))))
        }),
        ("_kitsh_urid", v(0), |cv| {
            let b = bytes_of(&cv.1).unwrap_or_default();
            let r = uri_decode(b).map(Val::from);
            bome(r.ok_or_else(|| str_err(format!("{} is not a valid uri encoding", describe(&cv.1)))))
        }),
        ("_kitsh_match", v(2), |mut cv| {
            let flags = cv.0.pop_var();
            let re = cv.0.pop_var();
            bome(regex_args(&cv.1, &re, &flags).and_then(|(s, re, f)| super::regex::match_all(s, re, f).map_err(str_err)))
        }),
        ("_kitsh_test", v(2), |mut cv| {
            let flags = cv.0.pop_var();
            let re = cv.0.pop_var();
            bome(regex_args(&cv.1, &re, &flags).and_then(|(s, re, f)| super::regex::test(s, re, f).map(Val::from).map_err(str_err)))
        }),
        ("_kitsh_builtins", v(0), |_| {
            let list: Vec<Val> = super::defs::BUILTINS.iter().map(|s| Val::from(s.to_string())).collect();
            bome(Ok(Val::Arr(list.into())))
        }),
        ("_kitsh_setpath", v(2), |mut cv| {
            let x = cv.0.pop_var();
            let p = cv.0.pop_var();
            let r = match &p {
                Val::Arr(path) => setpath(cv.1, path, x).map_err(str_err),
                _ => Err(str_err("Path must be specified as an array")),
            };
            bome(r)
        }),
        ("_kitsh_delpaths", v(1), |mut cv| {
            let ps = cv.0.pop_var();
            let paths: Vec<Val> = match ps {
                Val::Arr(a) => a.iter().cloned().collect(),
                _ => Vec::new(),
            };
            // Negative indices and slices are resolved against the value first, so that the
            // sorted paths are deleted from the last as jq does (`del(.[1], .[-6], .[-3:9])`).
            let mut resolved: Vec<Vec<Val>> = Vec::new();
            for p in &paths {
                match p {
                    Val::Arr(path) => resolve_path(&cv.1, path, Vec::new(), &mut resolved),
                    _ => return bome(Err(str_err("Path must be specified as an array"))),
                }
            }
            resolved.sort();
            resolved.dedup();
            let mut v = cv.1;
            for path in resolved.iter().rev() {
                match delpath(v, path) {
                    Ok(n) => v = n,
                    Err(e) => return bome(Err(str_err(e))),
                }
            }
            bome(Ok(v))
        }),
        ("_kitsh_implode", v(0), |cv| {
            let Val::Arr(a) = &cv.1 else { return bome(Err(str_err("implode input must be an array"))) };
            let mut out = String::with_capacity(a.len());
            for c in a.iter() {
                let f = match c {
                    Val::Num(_) => <Val as jaq_std::ValT>::as_f64(c).filter(|f| !f.is_nan()),
                    _ => None,
                };
                let Some(f) = f else {
                    let msg = format!("{} can't be imploded, unicode codepoint needs to be numeric", describe(c));
                    return bome(Err(str_err(msg)));
                };
                // Fractions are truncated; codepoints out of range and surrogates become U+FFFD.
                let cp = if (0.0..=f64::from(u32::MAX)).contains(&f) { f as u32 } else { u32::MAX };
                out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
            }
            bome(Ok(Val::from(out)))
        }),
        ("_kitsh_tomb", v(0), |cv| {
            let sh = shared(&cv);
            sh.tombs.set(sh.tombs.get() + 1);
            bome(Ok(tomb()))
        }),
        ("_kitsh_tombs", v(0), |cv| bome(Ok(Val::from(shared(&cv).tombs.get())))),
        ("_kitsh_purge", v(0), |cv| bome(Ok(purge(cv.1)))),
        ("_kitsh_modulemeta", v(0), |cv| {
            let sh = shared(&cv);
            bome(sh.modenv.modulemeta(&cv.1).map_err(str_err))
        }),
        ("_kitsh_sort", v(0), |cv| bome(sorted(cv.1, false))),
        ("_kitsh_unique", v(0), |cv| bome(sorted(cv.1, true))),
        // yq's `upcase`/`downcase`: every character's simple case mapping (Go's, glibc's).
        ("_kitsh_upcase", v(0), |cv| case_map(&cv.1, crate::util::locale::upper)),
        ("_kitsh_downcase", v(0), |cv| case_map(&cv.1, crate::util::locale::lower)),
        // A broken-down time (a non-empty array of numbers, missing fields 0) normalised as C's
        // timegm does; null for anything else (the caller words the error).
        ("_kitsh_timegm", v(0), |cv| {
            let mut fields = [0.0; 6];
            let ok = match &cv.1 {
                Val::Arr(a) if !a.is_empty() => a.iter().enumerate().all(|(i, v)| match (v, <Val as jaq_std::ValT>::as_f64(v)) {
                    (Val::Num(_), Some(f)) => {
                        if let Some(slot) = fields.get_mut(i) {
                            *slot = f;
                        }
                        true
                    }
                    _ => false,
                }),
                _ => false,
            };
            if !ok {
                return bome(Ok(Val::Null));
            }
            bome(Ok(super::civil::timegm(fields).into_iter().map(|n| Val::from(n as isize)).collect()))
        }),
        ("_kitsh_nan", v(0), |_| bome(Ok(Val::from(f64::NAN)))),
        ("_kitsh_infinite", v(0), |_| bome(Ok(Val::from(f64::INFINITY)))),
        ("_kitsh_tonumber", v(0), |cv| {
            let r = bytes_of(&cv.1).and_then(|b| std::str::from_utf8(b).ok()).and_then(|t| {
                let t = t.strip_prefix('+').unwrap_or(t);
                let fixed = if let Some(r) = t.strip_prefix("-.") {
                    format!("-0.{r}")
                } else if let Some(r) = t.strip_prefix('.') {
                    format!("0.{r}")
                } else {
                    t.to_string()
                };
                match fixed.as_str() {
                    "nan" | "NaN" | "-nan" | "-NaN" => Some(super::json::Num::Float(f64::NAN)),
                    _ => read::parse_number(&fixed),
                }
            });
            bome(r.map(Val::Num).ok_or_else(|| str_err(format!("{} cannot be parsed as a number", describe(&cv.1)))))
        }),
        ("_kitsh_errmsg", v(0), |cv| {
            let r = match &cv.1 {
                Val::TStr(s) => Val::from(jq_message(&String::from_utf8_lossy(s))),
                other => other.clone(),
            };
            bome(Ok(r))
        }),
    ];
    // Long loops in the program check for a timeout at `_kitsh_tick` (jaq has no hook of its
    // own); every user-defined function body starts with `_kitsh_guard` (see `rewrite.rs`).
    list.into_iter().map(run::<Kind>).chain([guard_native::<true>("_kitsh_tick"), guard_native::<false>("_kitsh_guard")])
}

/// What an update's right-hand side that yields nothing leaves at a path until the update is
/// over (`.[] |= empty`): a byte string (no jq value is one) removed by [`purge`], so that all
/// the update's paths are deleted at once, as jq 1.8 does.
const TOMB: &[u8] = b"\0kitsh: deleted by an update\0";

/// A string with `f` applied to its text; an error for other values.
fn case_map<'a>(v: &Val, f: fn(&str) -> String) -> jaq_core::ValXs<'a, Val> {
    match bytes_of(v) {
        Some(b) => bome(Ok(Val::from(f(&String::from_utf8_lossy(b))))),
        None => bome(Err(str_err(format!("{} cannot be case-mapped, as it is not a string", describe(v))))),
    }
}

fn tomb() -> Val {
    Val::byte_str(TOMB)
}

fn is_tomb(v: &Val) -> bool {
    matches!(v, Val::BStr(b) if &***b == TOMB)
}

/// `v` without the array elements and object entries that are [`tomb`]s (null if it is one).
fn purge(v: Val) -> Val {
    match v {
        Val::Arr(a) => Val::Arr(a.iter().filter(|x| !is_tomb(x)).cloned().map(purge).collect::<Vec<_>>().into()),
        Val::Obj(o) => Val::obj(o.iter().filter(|(_, x)| !is_tomb(x)).map(|(k, x)| (k.clone(), purge(x.clone()))).collect()),
        v if is_tomb(&v) => Val::Null,
        v => v,
    }
}

/// `sort` (and `unique`: without repeated values) of an array, failing as jq does for values
/// nested too deep to compare.
fn sorted(v: Val, unique: bool) -> Result<Val, Error<Val>> {
    let Val::Arr(a) = v else { return Err(str_err("sort input must be an array")) };
    let mut items: Vec<Val> = (*a).clone();
    let mut err = None;
    items.sort_by(|x, y| {
        x.try_cmp(y).unwrap_or_else(|e| {
            err.get_or_insert(e);
            std::cmp::Ordering::Equal
        })
    });
    if unique {
        items.dedup_by(|x, y| {
            x.try_eq(y).unwrap_or_else(|e| {
                err.get_or_insert(e);
                false
            })
        });
    }
    match err {
        Some(e) => Err(e),
        None => Ok(Val::Arr(items.into())),
    }
}

/// An array index as jq takes it: floored; `None` for NaN and non-numbers.
fn index_of(k: &Val) -> Option<f64> {
    match k {
        Val::Num(_) => <Val as jaq_std::ValT>::as_f64(k).filter(|f| !f.is_nan()).map(f64::floor),
        _ => None,
    }
}

/// `setpath` with jq's semantics: missing objects and arrays are created, arrays padded.
fn setpath(v: Val, path: &[Val], x: Val) -> Result<Val, String> {
    let Some((k, rest)) = path.split_first() else { return Ok(x) };
    match (v, k) {
        (Val::Null, Val::TStr(_)) => setpath(Val::obj(super::json::Map::default()), path, x),
        (Val::Obj(o), Val::TStr(_)) => {
            let mut o = (*o).clone();
            let child = o.get(k).cloned().unwrap_or(Val::Null);
            o.insert(k.clone(), setpath(child, rest, x)?);
            Ok(Val::obj(o))
        }
        (Val::Null, Val::Num(_)) => setpath(Val::Arr(Vec::new().into()), path, x),
        (Val::Arr(a), Val::Num(_)) => {
            let Some(i) = index_of(k) else { return Err("Cannot set array element at NaN index".into()) };
            let mut a = (*a).clone();
            let i = if i < 0.0 { i + a.len() as f64 } else { i };
            if i < 0.0 {
                return Err("Out of bounds negative array index".into());
            }
            if i > 536_870_911.0 {
                return Err("Array index too large".into());
            }
            let i = i as usize;
            if i >= a.len() {
                a.resize(i + 1, Val::Null);
            }
            let child = std::mem::take(&mut a[i]);
            a[i] = setpath(child, rest, x)?;
            Ok(Val::Arr(a.into()))
        }
        (Val::TStr(_) | Val::BStr(_), Val::Obj(_)) => Err("Cannot update string slices".into()),
        (Val::Null, Val::Obj(_)) => setpath(Val::Arr(Vec::new().into()), path, x),
        (Val::Arr(a), Val::Obj(r)) => {
            // A slice: its elements are replaced by the array the rest of the path makes.
            let (s, e) = slice_bounds(r, a.len())?;
            let e = e.max(s);
            let current = Val::Arr(a[s..e].to_vec().into());
            let Val::Arr(new) = setpath(current, rest, x)? else {
                return Err("A slice of an array can only be assigned another array".into());
            };
            let mut a = (*a).clone();
            a.splice(s..e, new.iter().cloned());
            Ok(Val::Arr(a.into()))
        }
        (Val::Arr(_), Val::Arr(_)) => Err("Cannot update field at array index of array".into()),
        (v, k) => Err(format!("Cannot index {} with {}", type_name(&v), index_key(k))),
    }
}

/// The bounds of a slice `{"start": S, "end": E}` of an array of `len` elements, as jq takes
/// them: negative bounds count from the end, a fractional start is floored and end rounded up,
/// null or NaN bounds are the ends; both clipped to the array.
fn slice_bounds(r: &super::json::Map, len: usize) -> Result<(usize, usize), String> {
    let len_f = len as f64;
    let bound = |key: &str, up: bool| -> Result<usize, String> {
        let b = match r.get(&Val::from(key.to_string())) {
            None | Some(Val::Null) => None,
            Some(v @ Val::Num(_)) => <Val as jaq_std::ValT>::as_f64(v).filter(|f| !f.is_nan()),
            Some(_) => return Err("Start and end indices of an array slice must be numbers".into()),
        };
        let b = match b {
            None => if up { len_f } else { 0.0 },
            Some(b) => if up { b.ceil() } else { b.floor() },
        };
        let b = if b < 0.0 { (b + len_f).max(0.0) } else { b.min(len_f) };
        Ok(b as usize)
    };
    Ok((bound("start", false)?, bound("end", true)?))
}

/// `path` (to delete from `v`) with its array indices made absolute and a final slice expanded
/// into its indices, added to `out`; nothing for a path to an array element that is absent.
fn resolve_path(v: &Val, path: &[Val], mut done: Vec<Val>, out: &mut Vec<Vec<Val>>) {
    let Some((k, rest)) = path.split_first() else {
        out.push(done);
        return;
    };
    match (v, k) {
        (Val::Arr(a), Val::Num(_)) => {
            let Some(i) = index_of(k) else { return };
            let i = if i < 0.0 { i + a.len() as f64 } else { i };
            if i < 0.0 || i >= a.len() as f64 {
                return;
            }
            done.push(Val::from(i as usize));
            resolve_path(&a[i as usize], rest, done, out);
        }
        (Val::Arr(a), Val::Obj(r)) if rest.is_empty() => {
            if let Ok((s, e)) = slice_bounds(r, a.len()) {
                for i in s..e {
                    let mut p = done.clone();
                    p.push(Val::from(i));
                    out.push(p);
                }
            } else {
                done.push(k.clone());
                out.push(done);
            }
        }
        (Val::Obj(o), _) if o.contains_key(k) => {
            done.push(k.clone());
            if let Some(child) = o.get(k) {
                resolve_path(child, rest, done, out);
            }
        }
        _ => {
            done.extend(path.iter().cloned());
            out.push(done);
        }
    }
}

/// Delete one path (jq's `delpaths` deletes the sorted paths from the last).
fn delpath(v: Val, path: &[Val]) -> Result<Val, String> {
    let Some((k, rest)) = path.split_first() else { return Ok(Val::Null) };
    match (v, k) {
        (Val::Null, _) => Ok(Val::Null),
        (Val::Obj(o), Val::TStr(_)) => {
            let mut o = (*o).clone();
            if rest.is_empty() {
                o.shift_remove(k);
            } else if let Some(child) = o.get(k).cloned() {
                o.insert(k.clone(), delpath(child, rest)?);
            }
            Ok(Val::obj(o))
        }
        (Val::Arr(a), Val::Num(_)) => {
            let Some(i) = index_of(k) else { return Ok(Val::Arr(a)) };
            let len = a.len() as f64;
            let i = if i < 0.0 { i + len } else { i };
            if i < 0.0 || i >= len {
                return Ok(Val::Arr(a));
            }
            let mut a = (*a).clone();
            let i = i as usize;
            if rest.is_empty() {
                a.remove(i);
            } else {
                let child = std::mem::take(&mut a[i]);
                a[i] = delpath(child, rest)?;
            }
            Ok(Val::Arr(a.into()))
        }
        (Val::Arr(a), Val::Obj(r)) if rest.is_empty() => {
            let (s, e) = slice_bounds(r, a.len())?;
            let mut a = (*a).clone();
            if s < e {
                a.drain(s..e);
            }
            Ok(Val::Arr(a.into()))
        }
        (v, k) => Err(format!("Cannot delete field at {} index of {}", type_name(k), type_name(&v))),
    }
}

const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

fn base32_encode(b: &[u8]) -> String {
    let mut out = String::new();
    for chunk in b.chunks(5) {
        let mut buf = [0u8; 5];
        buf[..chunk.len()].copy_from_slice(chunk);
        let n = buf.iter().fold(0u64, |acc, &x| (acc << 8) | x as u64);
        let chars = match chunk.len() {
            1 => 2,
            2 => 4,
            3 => 5,
            4 => 7,
            _ => 8,
        };
        for i in 0..8 {
            if i < chars {
                out.push(B32[((n >> (35 - 5 * i)) & 31) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base32_decode(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut acc: u64 = 0;
    let mut bits = 0;
    for &c in b {
        let Some(v) = B32.iter().position(|&x| x == c.to_ascii_uppercase()) else { continue };
        acc = (acc << 5) | v as u64;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

/// The input, regex and flags of `match`/`test` as text (flags `null` is none), or jq's error.
fn regex_args<'a>(input: &'a Val, re: &'a Val, flags: &'a Val) -> Result<(&'a [u8], &'a str, &'a str), Error<Val>> {
    let s = bytes_of(input).ok_or_else(|| str_err(format!("{} cannot be matched, as it is not a string", describe(input))))?;
    let re = bytes_of(re).and_then(|b| std::str::from_utf8(b).ok()).ok_or_else(|| str_err(format!("{} is not a string", describe(re))))?;
    let flags = match flags {
        Val::Null => "",
        f => bytes_of(f).and_then(|b| std::str::from_utf8(b).ok()).ok_or_else(|| str_err(format!("{} is not a string", describe(f))))?,
    };
    Ok((s, re, flags))
}

/// jq 1.8's `@base64d`: the standard alphabet up to the first `=` (padding optional); a
/// final group of 2 or 3 symbols gives 1 or 2 bytes, a lone one is an error.
fn base64_decode(b: &[u8]) -> Result<Vec<u8>, &'static str> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(b.len() / 4 * 3 + 2);
    let (mut acc, mut n) = (0u32, 0);
    for &c in b.iter().take_while(|&&c| c != b'=') {
        acc = (acc << 6) | u32::from(value(c).ok_or("is not valid base64 data")?);
        n += 1;
        if n == 4 {
            out.extend_from_slice(&acc.to_be_bytes()[1..]);
            (acc, n) = (0, 0);
        }
    }
    match n {
        3 => out.extend_from_slice(&(acc << 6).to_be_bytes()[1..3]),
        2 => out.push((acc >> 4) as u8),
        1 => return Err("trailing base64 byte found"),
        _ => {}
    }
    Ok(out)
}

/// jq 1.8's `@urid`: `%XX` decoded; a `%` without two hex digits after it, or a result that
/// is not UTF-8, is `None` (an error).
fn uri_decode(b: &[u8]) -> Option<String> {
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hi = hex(*b.get(i + 1)?)?;
            let lo = hex(*b.get(i + 2)?)?;
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// jq's name of a value's type.
pub fn type_name(v: &Val) -> &'static str {
    match v {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(_) => "number",
        Val::TStr(_) | Val::BStr(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "object",
    }
}

/// A value's JSON text cut as jq 1.8's `jv_dump_string_trunc` cuts it into a buffer of `size`
/// bytes: past `size - 1` bytes, the longest start ending on a character boundary at or before
/// `size - 4`, then `...`.
pub fn truncated(v: &Val, size: usize) -> String {
    let dump = String::from_utf8_lossy(&write::to_json(v)).into_owned();
    if dump.len() < size {
        return dump;
    }
    let mut cut = size - 4;
    while !dump.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}...", &dump[..cut])
}

/// A value as jq 1.8 shows it in messages: `string ("abc")`, cut after 11 bytes
/// (`string ("very-long-...)`).
pub fn describe(v: &Val) -> String {
    format!("{} ({})", type_name(v), truncated(v, 15))
}

/// What jq 1.8 says a value cannot be indexed with: `string "a"` for a string key shorter
/// than 30 bytes, otherwise the key's type alone (`number`).
pub fn index_key(k: &Val) -> String {
    match k {
        Val::TStr(b) | Val::BStr(b) if b.len() < 30 => format!("string \"{}\"", String::from_utf8_lossy(b)),
        _ => type_name(k).to_string(),
    }
}

/// Parse a JSON value at the start of `s`; the value and the rest.
fn json_prefix(s: &str) -> Option<(Val, &str)> {
    let mut r = read::Reader::from_slice(s.as_bytes());
    let v = r.next_value().ok()??;
    let used = r.consumed();
    Some((v, s.get(used..)?))
}

/// Translate one of jaq's error texts into jq 1.8's wording; other texts are kept.
pub fn jq_message(msg: &str) -> String {
    if let Some(rest) = msg.strip_prefix("cannot index ") {
        if let Some((l, rest)) = json_prefix(rest) {
            if let Some(r) = rest.trim_start().strip_prefix("with ") {
                if let Some((r, _)) = json_prefix(r) {
                    return format!("Cannot index {} with {}", type_name(&l), index_key(&r));
                }
            }
        }
    }
    if let Some(rest) = msg.strip_prefix("cannot use ") {
        if let Some((v, rest)) = json_prefix(rest) {
            let what = rest.trim_start().strip_prefix("as ").unwrap_or("");
            return match what {
                "iterable (array or object)" => format!("Cannot iterate over {}", describe(&v)),
                "number" => format!("{} number required", describe(&v)),
                "integer" => format!("{} is not an integer", describe(&v)),
                _ => format!("{} cannot be used as {what}", describe(&v)),
            };
        }
    }
    if let Some(rest) = msg.strip_prefix("cannot calculate ") {
        if let Some((l, rest)) = json_prefix(rest) {
            let rest = rest.trim_start();
            let (op, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            if let Some((r, _)) = json_prefix(rest) {
                let verb = match op {
                    "+" => "added",
                    "-" => "subtracted",
                    "*" => "multiplied",
                    "/" => "divided",
                    _ => "divided (remainder)",
                };
                let zero = matches!(op, "/" | "%") && matches!((&l, &r), (Val::Num(_), Val::Num(_))) && <Val as jaq_std::ValT>::as_f64(&r).is_some_and(|f| f == 0.0);
                return format!(
                    "{} and {} cannot be {verb}{}",
                    describe(&l),
                    describe(&r),
                    if zero { " because the divisor is zero" } else { "" }
                );
            }
        }
    }
    if let Some(rest) = msg.strip_prefix("invalid path expression with input ") {
        if let Some((v, _)) = json_prefix(rest) {
            return format!("Invalid path expression with result {}", truncated(&v, 30));
        }
    }
    if let Some(head) = msg.strip_suffix(" has no length") {
        if let Some((v, _)) = json_prefix(head) {
            return format!("{} has no length", describe(&v));
        }
    }
    msg.to_string()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    #[test]
    fn messages() {
        assert_eq!(jq_message("cannot index 1 with \"a\""), "Cannot index number with string \"a\"");
        assert_eq!(jq_message("cannot index {} with 0"), "Cannot index object with number");
        assert_eq!(jq_message("cannot use 123 as iterable (array or object)"), "Cannot iterate over number (123)");
        assert_eq!(jq_message("cannot calculate null + 1"), "null (null) and number (1) cannot be added");
        assert_eq!(
            describe(&Val::from("very-long-long-long-long-string".to_string())),
            "string (\"very-long-...)"
        );
        assert_eq!(base32_encode(b"foobar"), "MZXW6YTBOI======");
        assert_eq!(base32_decode(b"MZXW6YTBOI======"), b"foobar");
    }
}
