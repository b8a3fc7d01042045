//! awk's built-in functions: string functions (`length substr index split sub gsub gensub match
//! sprintf tolower toupper`), arithmetic (`int sqrt exp log sin cos atan2 rand srand`), time
//! (`systime strftime mktime`), arrays (`asort asorti`), I/O (`close fflush system`) and gawk's
//! bit functions.

use std::rc::Rc;

use super::ast::Expr;
use super::format;
use super::array::{within, Array, Elem};
use super::interp::{Flow, Interp, Res};
use super::vars::Probe;
use super::io::Splitter;
use super::value::{compare, Str, Value};
use crate::util::posix_re::PosixRegex;

/// gawk's `random()`: BSD `random(3)` with a 256-byte state (degree 63, separation 1).
pub struct Random {
    state: [u32; 63],
    f: usize,
    r: usize,
}

impl Random {
    /// Seeded as `srandom(seed)`.
    pub fn new(seed: u32) -> Random {
        let mut state = [0u32; 63];
        state[0] = seed;
        for i in 1..63 {
            let x = state[i - 1] as i32 as i64;
            let hi = x / 127773;
            let lo = x % 127773;
            let mut w = 16807 * lo - 2836 * hi;
            if w <= 0 {
                w += 0x7fffffff;
            }
            state[i] = w as u32;
        }
        let mut r = Random { state, f: 1, r: 0 };
        for _ in 0..630 {
            r.next();
        }
        r
    }

    /// The next value in `0..2^31`.
    pub fn next(&mut self) -> u32 {
        self.state[self.f] = self.state[self.f].wrapping_add(self.state[self.r]);
        let v = (self.state[self.f] >> 1) & 0x7fffffff;
        self.f += 1;
        if self.f >= 63 {
            self.f = 0;
            self.r += 1;
        } else {
            self.r += 1;
            if self.r >= 63 {
                self.r = 0;
            }
        }
        v
    }

    /// gawk's `rand()`.
    pub fn rand(&mut self) -> f64 {
        const DIV: f64 = 2147483648.0;
        loop {
            let d1 = self.next() as f64;
            let d2 = self.next() as f64;
            let mut t = 0.5 + ((d1 / DIV + d2) / DIV);
            t -= 0.5;
            if t != 1.0 {
                return t;
            }
        }
    }
}

fn num(v: bool) -> Value {
    Value::Num(if v { 1.0 } else { 0.0 })
}

impl Interp<'_, '_> {
    fn arg_str(&mut self, args: &[Expr], i: usize) -> Res<Str> {
        match args.get(i) {
            Some(e) => {
                let v = self.eval(e)?;
                Ok(v.to_str(&self.convfmt))
            }
            None => Ok(super::value::empty()),
        }
    }

    fn arg_num(&mut self, args: &[Expr], i: usize) -> Res<f64> {
        match args.get(i) {
            Some(e) => Ok(self.eval(e)?.num()),
            None => Ok(0.0),
        }
    }

    /// The length of a string in characters (bytes outside a UTF-8 locale).
    pub fn char_len(&self, s: &[u8]) -> usize {
        if self.utf8 {
            if let Ok(t) = std::str::from_utf8(s) {
                return t.chars().count();
            }
        }
        s.len()
    }

    /// The byte offset of character `n` (0-based) of `s`.
    fn byte_at(&self, s: &[u8], n: usize) -> usize {
        if self.utf8 {
            if let Ok(t) = std::str::from_utf8(s) {
                return t.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
            }
        }
        n.min(s.len())
    }

    /// A string of `n` bytes may be built: not past the script's string limit (which then
    /// ends the run, as every limit does).
    pub(super) fn check_len(&mut self, n: usize) -> Res<()> {
        if n > self.max_str {
            self.ctx.cancel.hit(crate::limits::LimitExceeded::Expansion);
            let msg = format!("string too long (over {} bytes)", self.max_str);
            return Err(self.fatal(1, &msg));
        }
        Ok(())
    }

    /// Call built-in `name`.
    #[inline(never)]
    pub fn builtin(&mut self, name: &str, args: &[Expr]) -> Res<Value> {
        let nargs = args.len();
        let bad = |it: &mut Self, n: &str| -> Flow {
            let m = format!("{n}: called with wrong number of arguments");
            it.fatal(1, &m)
        };
        Ok(match name {
            "length" => {
                if nargs == 0 {
                    let t = self.field(0).to_str(&self.convfmt);
                    return Ok(Value::Num(self.char_len(&t) as f64));
                }
                let s = match self.probe(&args[0])? {
                    Probe::Arr(a) => return Ok(Value::Num(a.borrow().len() as f64)),
                    Probe::Untyped => {
                        if let Expr::Var(v) = &args[0] {
                            // an untyped variable becomes a scalar
                            self.get_var(*v)?;
                        }
                        return Ok(Value::Num(0.0));
                    }
                    Probe::Val(v) => v.to_str(&self.convfmt),
                };
                Value::Num(self.char_len(&s) as f64)
            }
            "substr" => {
                if !(2..=3).contains(&nargs) {
                    return Err(bad(self, name));
                }
                let s = self.arg_str(args, 0)?;
                let m = self.arg_num(args, 1)?;
                let slen = self.char_len(&s) as f64;
                let mut start = if m.is_nan() { 1.0 } else { m.trunc() };
                let mut len = if nargs == 3 {
                    let n = self.arg_num(args, 2)?;
                    if n.is_nan() {
                        0.0
                    } else {
                        n.trunc()
                    }
                } else {
                    f64::INFINITY
                };
                if start < 1.0 {
                    start = 1.0;
                }
                if len <= 0.0 || start > slen {
                    return Ok(Value::str(b""));
                }
                if start + len - 1.0 > slen {
                    len = slen - start + 1.0;
                }
                let b0 = self.byte_at(&s, start as usize - 1);
                let b1 = self.byte_at(&s, (start + len) as usize - 1);
                Value::str(&s[b0..b1.max(b0)])
            }
            "index" => {
                let s = self.arg_str(args, 0)?;
                let t = self.arg_str(args, 1)?;
                match super::io::find_sub(&s, &t) {
                    Some(i) => Value::Num((self.char_len(&s[..i]) + 1) as f64),
                    None => Value::Num(0.0),
                }
            }
            "split" => {
                if !(2..=4).contains(&nargs) {
                    return Err(bad(self, name));
                }
                let s = self.arg_str(args, 0)?;
                let arr = self.array_arg(&args[1], "split: second argument")?;
                let splitter: Rc<Splitter> = if nargs >= 3 {
                    match &args[2] {
                        Expr::Regex(_) => Rc::new(Splitter::Regex(self.regex_of(&args[2])?)),
                        e => {
                            let fs = self.eval(e)?.to_str(&self.convfmt);
                            if fs.as_ref() == b" " {
                                Rc::new(Splitter::Space)
                            } else if fs.is_empty() {
                                Rc::new(Splitter::Chars)
                            } else if fs.len() == 1 && fs[0] != b'\\' {
                                Rc::new(Splitter::Char(fs[0]))
                            } else {
                                Rc::new(Splitter::Regex(self.dyn_regex(&fs)?))
                            }
                        }
                    }
                } else {
                    self.current_splitter()
                };
                let mut pieces: Vec<Value> = Vec::new();
                splitter.split(&s, self.utf8, |f| pieces.push(Value::strnum(f)));
                let seps = if nargs == 4 { Some(self.array_arg(&args[3], "split: fourth argument")?) } else { None };
                if let Some(seps) = &seps {
                    let clash = if Rc::ptr_eq(seps, &arr) {
                        Some("split: cannot use the same array for second and fourth args")
                    } else if within(seps, &arr) {
                        Some("split: cannot use a subarray of second arg for fourth arg")
                    } else if within(&arr, seps) {
                        Some("split: cannot use a subarray of fourth arg for second arg")
                    } else {
                        None
                    };
                    if let Some(m) = clash {
                        return Err(self.fatal(0, m));
                    }
                }
                if let Some(seps) = &seps {
                    let mut sv: Vec<(Str, Value)> = Vec::new();
                    // the separators between the pieces
                    let mut pos = 0usize;
                    let mut k = 0usize;
                    for p in &pieces {
                        let pb = p.to_str(b"%.6g");
                        if let Some(off) = super::io::find_sub(&s[pos..], &pb) {
                            if k > 0 || off > 0 {
                                if k > 0 {
                                    sv.push((Rc::from(k.to_string().as_bytes()), Value::strnum(&s[pos..pos + off])));
                                } else if matches!(*splitter, Splitter::Space) {
                                    sv.push((Rc::from(&b"0"[..]), Value::strnum(&s[pos..pos + off])));
                                }
                            }
                            pos += off + pb.len();
                        }
                        k += 1;
                    }
                    if matches!(*splitter, Splitter::Space) && pos < s.len() {
                        sv.push((Rc::from(k.to_string().as_bytes()), Value::strnum(&s[pos..])));
                    }
                    let mut a = seps.borrow_mut();
                    a.clear();
                    for (k, v) in sv {
                        a.set(k, v);
                    }
                }
                let n = pieces.len();
                let mut a = arr.borrow_mut();
                a.clear();
                for (i, p) in pieces.into_iter().enumerate() {
                    a.set(Rc::from((i + 1).to_string().as_bytes()), p);
                }
                Value::Num(n as f64)
            }
            "sub" | "gsub" => {
                if !(2..=3).contains(&nargs) {
                    return Err(bad(self, name));
                }
                let re = self.regex_of(&args[0])?;
                let repl = self.arg_str(args, 1)?;
                let target = if nargs == 3 { args[2].clone() } else { Expr::Field(Box::new(Expr::Num(0.0))) };
                let lv = match target {
                    Expr::Var(v) => super::ast::LValue::Var(v),
                    Expr::Nf => super::ast::LValue::Var(super::ast::Var::Global(super::ast::Special::Nf as u32)),
                    Expr::Field(i) => super::ast::LValue::Field(i),
                    Expr::Index(v, s) => super::ast::LValue::Index(v, s),
                    Expr::Group(g) => {
                        // not assignable: computed and discarded
                        let _ = self.eval(&g)?;
                        return Ok(Value::Num(0.0));
                    }
                    other => {
                        let _ = self.eval(&other)?;
                        return Ok(Value::Num(0.0));
                    }
                };
                let place = self.place(&lv)?;
                let cur = self.load(&place)?;
                let s = cur.to_str(&self.convfmt);
                let (out, n) = substitute(&re, &s, &repl, name == "gsub");
                if n > 0 {
                    self.check_len(out.len())?;
                    self.store(&place, Value::Str(Rc::from(out)))?;
                }
                Value::Num(n as f64)
            }
            "gensub" => {
                if !(3..=4).contains(&nargs) {
                    return Err(bad(self, name));
                }
                let re = self.regex_of(&args[0])?;
                let repl = self.arg_str(args, 1)?;
                let how = self.eval(&args[2])?;
                let target = if nargs == 4 { self.arg_str(args, 3)? } else { self.field(0).to_str(&self.convfmt) };
                let which = match &how {
                    Value::Str(s) | Value::StrNum(s) if s.first().is_some_and(|c| *c == b'g' || *c == b'G') => 0,
                    v => {
                        let n = v.num();
                        if n < 1.0 {
                            1
                        } else {
                            n as usize
                        }
                    }
                };
                let out = gensub(&re, &target, &repl, which);
                self.check_len(out.len())?;
                Value::Str(Rc::from(out))
            }
            "match" => {
                if !(2..=3).contains(&nargs) {
                    return Err(bad(self, name));
                }
                let s = self.arg_str(args, 0)?;
                let re = self.regex_of(&args[1])?;
                let arr = if nargs == 3 { Some(self.array_arg(&args[2], "match: third argument")?) } else { None };
                let m = re.find_iter(&s).next();
                let (rstart, rlen) = match m {
                    Some((a, b)) => ((self.char_len(&s[..a]) + 1) as f64, self.char_len(&s[a..b]) as f64),
                    None => (0.0, -1.0),
                };
                if let Some(arr) = arr {
                    let mut a = arr.borrow_mut();
                    a.clear();
                    if let Some((ms, me)) = m {
                        if let Some(g) = re.captures_for(&s, ms, me) {
                            let sub = self.subsep_bytes();
                            for n in 0..32usize {
                                let Some(t) = g.get(n) else { continue };
                                let off = t.as_ptr() as usize - s.as_ptr() as usize;
                                a.set(Rc::from(n.to_string().as_bytes()), Value::strnum(t));
                                let mut k = n.to_string().into_bytes();
                                k.extend_from_slice(&sub);
                                let mut ks = k.clone();
                                ks.extend_from_slice(b"start");
                                a.set(Rc::from(ks), Value::Num((self.char_len(&s[..off]) + 1) as f64));
                                k.extend_from_slice(b"length");
                                a.set(Rc::from(k), Value::Num(self.char_len(t) as f64));
                            }
                        }
                    }
                }
                self.set_var(super::ast::Var::Global(super::ast::Special::Rstart as u32), Value::Num(rstart))?;
                self.set_var(super::ast::Var::Global(super::ast::Special::Rlength as u32), Value::Num(rlen))?;
                Value::Num(rstart)
            }
            "sprintf" => {
                if nargs == 0 {
                    return Err(bad(self, name));
                }
                let mut vals = Vec::with_capacity(nargs);
                for a in args {
                    vals.push(self.eval(a)?);
                }
                let fmt = vals.remove(0).to_str(&self.convfmt);
                let mut out = Vec::new();
                if let Err(e) = format::sprintf(&fmt, &vals, &self.convfmt, self.utf8, &mut out) {
                    return Err(self.too_few(&fmt, e));
                }
                Value::Str(Rc::from(out))
            }
            "tolower" | "toupper" => {
                let s = self.arg_str(args, 0)?;
                let up = name == "toupper";
                let out: Vec<u8> = match std::str::from_utf8(&s) {
                    Ok(t) if self.utf8 => {
                        if up {
                            t.to_uppercase().into_bytes()
                        } else {
                            t.to_lowercase().into_bytes()
                        }
                    }
                    _ => s.iter().map(|c| if up { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }).collect(),
                };
                Value::Str(Rc::from(out))
            }
            "int" => Value::Num(self.arg_num(args, 0)?.trunc()),
            "sqrt" => {
                let x = self.arg_num(args, 0)?;
                if x < 0.0 {
                    self.warn(1, &format!("sqrt: called with negative argument {}", fmt_g(x)));
                }
                Value::Num(x.sqrt())
            }
            "exp" => Value::Num(self.arg_num(args, 0)?.exp()),
            "log" => {
                let x = self.arg_num(args, 0)?;
                if x < 0.0 {
                    self.warn(1, &format!("log: received negative argument {}", fmt_g(x)));
                    return Ok(Value::Num(-f64::NAN));
                }
                Value::Num(x.ln())
            }
            "sin" => Value::Num(self.arg_num(args, 0)?.sin()),
            "cos" => Value::Num(self.arg_num(args, 0)?.cos()),
            "atan2" => {
                let y = self.arg_num(args, 0)?;
                let x = self.arg_num(args, 1)?;
                Value::Num(y.atan2(x))
            }
            "rand" => Value::Num(self.rng().rand()),
            "srand" => {
                let prev = self.seed;
                let s = if nargs > 0 { self.arg_num(args, 0)? } else { now_secs() as f64 };
                self.seed = s.trunc();
                self.rng = Some(Random::new(s as i64 as u32));
                Value::Num(prev)
            }
            "systime" => Value::Num(now_secs() as f64),
            "strftime" => {
                let fmt = if nargs > 0 { self.arg_str(args, 0)?.to_vec() } else { b"%a %b %e %H:%M:%S %Z %Y".to_vec() };
                let ts = if nargs > 1 { self.arg_num(args, 1)? as i64 } else { now_secs() };
                let utc = if nargs > 2 { self.eval(&args[2])?.truth() } else { false };
                let tz = if utc { Some("UTC0".to_string()) } else { self.ctx.env.get("TZ") };
                let f = String::from_utf8_lossy(&fmt).into_owned();
                Value::str(crate::util::time::strftime(&f, ts, tz.as_deref()).as_bytes())
            }
            "mktime" => {
                let spec = self.arg_str(args, 0)?;
                let parts: Vec<i64> = String::from_utf8_lossy(&spec).split_whitespace().map(|p| p.parse::<i64>().unwrap_or(i64::MIN)).collect();
                if parts.len() < 6 || parts.iter().any(|p| *p == i64::MIN) {
                    return Ok(Value::Num(-1.0));
                }
                let (y, mo, d, h, mi, s) = (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]);
                let total_m = y * 12 + (mo - 1);
                let (yy, mm) = (total_m.div_euclid(12), total_m.rem_euclid(12) + 1);
                let days = crate::util::time::days_from_civil(yy, mm as u32, 1) + d - 1;
                let local = days * 86400 + h * 3600 + mi * 60 + s;
                let tz = crate::util::time::parse_tz(self.ctx.env.get("TZ").as_deref());
                Value::Num(tz.local_to_epoch(local) as f64)
            }
            "system" => {
                let c = self.arg_str(args, 0)?;
                Value::Num(self.system(&c)?)
            }
            "close" => {
                let c = self.arg_str(args, 0)?;
                Value::Num(self.close(&c)?)
            }
            "fflush" => {
                if nargs == 0 {
                    Value::Num(self.fflush(None)?)
                } else {
                    let c = self.arg_str(args, 0)?;
                    Value::Num(self.fflush(Some(&c))?)
                }
            }
            "asort" | "asorti" => {
                if !(1..=3).contains(&nargs) {
                    return Err(bad(self, name));
                }
                let src = self.array_arg(&args[0], &format!("{name}: first argument"))?;
                let dest = if nargs >= 2 { self.array_arg(&args[1], &format!("{name}: second argument"))? } else { src.clone() };
                if within(&dest, &src) {
                    return Err(self.fatal(0, &format!("{name}: cannot use a subarray of first argument for second argument")));
                }
                if within(&src, &dest) {
                    return Err(self.fatal(0, &format!("{name}: cannot use a subarray of second argument for first argument")));
                }
                let entries = src.borrow().entries();
                let cf = self.convfmt.clone();
                let mut vals: Vec<Elem> = if name == "asort" {
                    let (mut scalars, arrays): (Vec<Elem>, Vec<Elem>) = entries.into_iter().map(|(_, e)| e).partition(|e| !matches!(e, Elem::Arr(_)));
                    let v = |e: &Elem| match e {
                        Elem::Val(v) => v.clone(),
                        _ => Value::Uninit,
                    };
                    // scalars by value, then subarrays
                    scalars.sort_by(|a, b| sort_cmp(&v(a), &v(b), &cf));
                    scalars.extend(arrays);
                    scalars
                } else {
                    let mut keys: Vec<Str> = entries.into_iter().map(|(k, _)| k).collect();
                    keys.sort();
                    keys.into_iter().map(|k| Elem::Val(Value::Str(k))).collect()
                };
                let n = vals.len();
                let same = Rc::ptr_eq(&src, &dest);
                let mut d = dest.borrow_mut();
                d.clear();
                for (i, e) in vals.drain(..).enumerate() {
                    let k: Str = Rc::from((i + 1).to_string().as_bytes());
                    let e = match e {
                        Elem::Arr(s) if !same => Elem::Arr(Array::deep_copy(&s.borrow(), &dest, &k)),
                        e => e,
                    };
                    *d.entry(&k, false) = e;
                }
                Value::Num(n as f64)
            }
            "and" | "or" | "xor" => {
                if nargs < 2 {
                    return Err(bad(self, name));
                }
                let mut acc = self.arg_num(args, 0)? as u64;
                for i in 1..nargs {
                    let x = self.arg_num(args, i)? as u64;
                    acc = match name {
                        "and" => acc & x,
                        "or" => acc | x,
                        _ => acc ^ x,
                    };
                }
                Value::Num(acc as f64)
            }
            "lshift" => {
                let x = self.arg_num(args, 0)? as u64;
                let n = self.arg_num(args, 1)? as u32;
                Value::Num(x.checked_shl(n).unwrap_or(0) as f64)
            }
            "rshift" => {
                let x = self.arg_num(args, 0)? as u64;
                let n = self.arg_num(args, 1)? as u32;
                Value::Num(x.checked_shr(n).unwrap_or(0) as f64)
            }
            "compl" => {
                let x = self.arg_num(args, 0)? as u64;
                Value::Num((!x & ((1u64 << 53) - 1)) as f64)
            }
            "strtonum" => {
                let v = self.eval(args.first().unwrap_or(&Expr::Num(0.0)))?;
                match v {
                    Value::Num(n) => Value::Num(n),
                    other => {
                        let s = other.to_str(&self.convfmt);
                        Value::Num(strtonum(&s))
                    }
                }
            }
            "typeof" | "isarray" => {
                let p = match args.first() {
                    Some(e) => self.probe(e)?,
                    None => Probe::Untyped,
                };
                if name == "isarray" {
                    return Ok(num(matches!(p, Probe::Arr(_))));
                }
                let v = match p {
                    Probe::Arr(_) => return Ok(Value::str(b"array")),
                    Probe::Untyped => return Ok(Value::str(b"untyped")),
                    Probe::Val(v) => v,
                };
                Value::str(match v {
                    Value::Uninit => b"unassigned".as_ref(),
                    Value::Num(_) => b"number",
                    Value::Str(_) => b"string",
                    Value::StrNum(s) => {
                        if super::value::looks_numeric(&s).is_some() {
                            b"strnum"
                        } else {
                            b"string"
                        }
                    }
                })
            }
            _ => Value::Uninit,
        })
    }
}

/// `%g` of a number for messages.
fn fmt_g(x: f64) -> String {
    String::from_utf8_lossy(&super::value::num_to_bytes(x, b"%.6g")).into_owned()
}

/// Seconds since the epoch.
fn now_secs() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// asort's order: numbers (numerically) before strings (by bytes).
fn sort_cmp(a: &Value, b: &Value, cf: &[u8]) -> std::cmp::Ordering {
    let an = matches!(a, Value::Num(_)) || matches!(a, Value::StrNum(s) if super::value::looks_numeric(s).is_some());
    let bn = matches!(b, Value::Num(_)) || matches!(b, Value::StrNum(s) if super::value::looks_numeric(s).is_some());
    match (an, bn) {
        (true, false) => std::cmp::Ordering::Less,
        (false, true) => std::cmp::Ordering::Greater,
        _ => compare(a, b, cf),
    }
}

/// gawk's `strtonum`: `0x` hex, leading-0 octal, else decimal.
fn strtonum(s: &[u8]) -> f64 {
    let t = String::from_utf8_lossy(s);
    let t = t.trim_start();
    let (neg, body) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        let d: String = h.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
        u64::from_str_radix(&d, 16).map(|x| x as f64).unwrap_or(0.0)
    } else if body.starts_with('0') && body.len() > 1 && body.chars().nth(1).is_some_and(|c| c.is_ascii_digit()) {
        let d: String = body.chars().take_while(|c| ('0'..='7').contains(c)).collect();
        u64::from_str_radix(&d, 8).map(|x| x as f64).unwrap_or(0.0)
    } else {
        super::value::str_to_num(body.as_bytes())
    };
    if neg {
        -v
    } else {
        v
    }
}

/// `sub`/`gsub`: replace the first (or every) match of `re` in `s` with `repl` (`&` the match,
/// `\&` a literal `&`, `\\&` a backslash and the match). The result and the number of replacements.
pub fn substitute(re: &PosixRegex, s: &[u8], repl: &[u8], global: bool) -> (Vec<u8>, usize) {
    let mut out = Vec::with_capacity(s.len());
    let mut last = 0;
    let mut n = 0;
    for (ms, me) in re.find_iter(s) {
        out.extend_from_slice(&s[last..ms]);
        let mut i = 0;
        while i < repl.len() {
            let c = repl[i];
            if c == b'\\' {
                let mut k = i;
                while k < repl.len() && repl[k] == b'\\' {
                    k += 1;
                }
                let run = k - i;
                if k < repl.len() && repl[k] == b'&' {
                    out.extend(std::iter::repeat_n(b'\\', run / 2));
                    if run % 2 == 1 {
                        out.push(b'&');
                    } else {
                        out.extend_from_slice(&s[ms..me]);
                    }
                    i = k + 1;
                } else {
                    out.extend_from_slice(&repl[i..k]);
                    i = k;
                }
                continue;
            }
            if c == b'&' {
                out.extend_from_slice(&s[ms..me]);
            } else {
                out.push(c);
            }
            i += 1;
        }
        last = me;
        n += 1;
        if !global {
            break;
        }
    }
    out.extend_from_slice(&s[last..]);
    (out, n)
}

/// gawk's `gensub`: `which` 0 replaces every match, N only the N-th; `\0`/`&` the match, `\N`
/// group N.
pub fn gensub(re: &PosixRegex, s: &[u8], repl: &[u8], which: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut last = 0;
    let mut k = 0;
    for (ms, me) in re.find_iter(s) {
        k += 1;
        if which != 0 && k != which {
            continue;
        }
        out.extend_from_slice(&s[last..ms]);
        let groups = re.captures_for(s, ms, me);
        let mut i = 0;
        while i < repl.len() {
            let c = repl[i];
            if c == b'\\' && i + 1 < repl.len() {
                let d = repl[i + 1];
                if d.is_ascii_digit() {
                    let g = (d - b'0') as usize;
                    if let Some(t) = groups.as_ref().and_then(|gr| gr.get(g)) {
                        out.extend_from_slice(t);
                    } else if g == 0 {
                        out.extend_from_slice(&s[ms..me]);
                    }
                    i += 2;
                    continue;
                }
                if d == b'&' || d == b'\\' {
                    out.push(d);
                    i += 2;
                    continue;
                }
            }
            if c == b'&' {
                out.extend_from_slice(&s[ms..me]);
            } else {
                out.push(c);
            }
            i += 1;
        }
        last = me;
        if which != 0 {
            break;
        }
    }
    out.extend_from_slice(&s[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn re(p: &str) -> PosixRegex {
        super::super::regex::compile_re(p.as_bytes(), true).unwrap()
    }

    #[test]
    fn subs() {
        assert_eq!(substitute(&re("o"), b"foo", b"[&]", true).0, b"f[o][o]");
        assert_eq!(substitute(&re("o"), b"foo", b"\\&", false).0, b"f&o");
        assert_eq!(substitute(&re("x*"), b"abc", b"-", true).0, b"-a-b-c-");
        assert_eq!(substitute(&re("b*"), b"abc", b"-", true).0, b"-a-c-");
        assert_eq!(gensub(&re("([a-z]+)([0-9]+)"), b"ab12 cd34", b"\\2\\1", 0), b"12ab 34cd");
        assert_eq!(gensub(&re("o"), b"foo boo", b"0", 3), b"foo b0o");
    }

    #[test]
    fn random_generator() {
        // the generator of gawk 3/4 (gawk 5.2 mixes its output differently)
        let mut r = Random::new(1);
        assert_eq!(format!("{:.6}", r.next() as f64 / 2147483648.0), "0.237788");
        assert!((0.0..1.0).contains(&r.rand()));
    }
}
