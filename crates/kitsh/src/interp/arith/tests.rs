//! Tests of bash arithmetic; expected values and messages come from GNU bash 5.2.

use super::*;
use std::collections::HashMap;

/// A small shell state: scalars, indexed arrays and associative arrays.
#[derive(Default)]
struct Env {
    vars: HashMap<String, String>,
    arrays: HashMap<String, HashMap<i64, String>>,
    assoc: HashMap<String, HashMap<String, String>>,
    lookups: usize,
}

impl ArithEnv for Env {
    fn get(&mut self, name: &str) -> Result<Option<String>, String> {
        self.lookups += 1;
        if name == "unb" {
            return Err("unb: unbound variable".into());
        }
        if let Some(a) = self.arrays.get(name) {
            return Ok(a.get(&0).cloned());
        }
        Ok(self.vars.get(name).cloned())
    }
    fn get_elem(&mut self, name: &str, index: &ArithIndex) -> Result<Option<String>, String> {
        self.lookups += 1;
        match index {
            ArithIndex::Key(k) => Ok(self.assoc.get(name).and_then(|m| m.get(k)).cloned()),
            ArithIndex::Num(i) => {
                let Some(a) = self.arrays.get(name) else {
                    return Ok(if *i == 0 {
                        self.vars.get(name).cloned()
                    } else {
                        None
                    });
                };
                let i = if *i < 0 {
                    a.keys().max().map_or(0, |m| m + 1) + i
                } else {
                    *i
                };
                Ok(a.get(&i).cloned())
            }
        }
    }
    fn set(&mut self, name: &str, index: Option<&ArithIndex>, value: i64) -> Result<(), String> {
        if name == "ro" {
            return Err("ro: readonly variable".into());
        }
        match index {
            None => match self.arrays.get_mut(name) {
                Some(a) => {
                    a.insert(0, value.to_string());
                }
                None => {
                    self.vars.insert(name.to_string(), value.to_string());
                }
            },
            Some(ArithIndex::Num(i)) => {
                self.arrays
                    .entry(name.to_string())
                    .or_default()
                    .insert(*i, value.to_string());
            }
            Some(ArithIndex::Key(k)) => {
                self.assoc
                    .entry(name.to_string())
                    .or_default()
                    .insert(k.clone(), value.to_string());
            }
        }
        Ok(())
    }
    fn is_assoc(&self, name: &str) -> bool {
        self.assoc.contains_key(name)
    }
}

/// The state used to record the expected values with bash.
fn env() -> Env {
    let mut e = Env::default();
    let vars = [
        ("x", "7"),
        ("y", "3"),
        ("z", "4"),
        ("e", ""),
        ("r", "x+1"),
        ("n", " 5 "),
        ("s", "y"),
        ("rec", "rec+1"),
        ("rec2", "rec3"),
        ("rec3", "rec2"),
        ("bad", "1 +"),
    ];
    for (k, v) in vars {
        e.vars.insert(k.into(), v.into());
    }
    let a = [(0, "10"), (1, "20"), (2, "30")].map(|(i, v)| (i, v.to_string()));
    e.arrays.insert("a".into(), a.into_iter().collect());
    let h = [("foo", "3"), (" x", "9")].map(|(k, v)| (k.to_string(), v.to_string()));
    e.assoc.insert("h".into(), h.into_iter().collect());
    e
}

fn run(expr: &str) -> Result<i64, String> {
    eval(expr, &mut env()).map_err(|e| e.message)
}

/// `expression<TAB>result or error message`, recorded with `echo $(($e))` in bash 5.2.
const CASES: &str = r#"
1+2*3	7
(1+2)*3	9
 1 + 2 	3
10/3	3
-7/2	-3
-7%2	-1
2**10	1024
2**63	-9223372036854775808
2**64	0
3**100	-2984622845537545263
0**0	1
2 ** 3 ** 2	512
-2 ** 2	4
1<<64	1
1<<-1	-9223372036854775808
-5 >> 1	-3
~5	-6
!5	0
!0	1
- -1	1
--1	1
-+-1	1
++5	5
0x7fffffffffffffff + 1	-9223372036854775808
-9223372036854775808 / -1	-9223372036854775808
-9223372036854775808 % -1	0
9223372036854775808	-9223372036854775808
99999999999999999999	7766279631452241919
010	8
0X1f	31
0x	0
00	0
64#@	62
64#_	63
36#z	35
37#z	35
64#A	36
64#Z	61
64#10	64
10#09	9
2#101	5
16#FF	255
1 <= 2 == 1	1
1 < 2 < 3	1
5 > 3 >= 1	1
7 & 3 | 8 ^ 1	11
1 ? 2 : 3	2
0 ? 2 : 3	3
1 ? 2 ? 3 : 4 : 5	3
0 ? 2 : 0 ? 4 : 5	5
1 ? 2, 3 : 4	3
0 ? x=1 : 2	2
x ? y : z	3
x	7
x + y * z	19
x = 1 ? 2 : 3	2
x += 2	9
x -= 2	5
x *= 3	21
x <<= 2	28
x >>= 1	3
x &= 3	3
x ^= 1	6
x |= 8	15
x %= 4	3
x /= 2	3
x++	7
x--	7
++x	8
--x	6
x++ + ++x	16
x+++y	10
x---y	4
x ++	7
x = y = 4, x+y	8
x=1, x += x += 3	5
x++, x	8
0 && x++, x	7
1 || x++, x	7
1 && x++, x	8
0 || x++, x	8
0 ? x++ : y, x	7
1 ? y : x++, x	7
0 && 1/0	0
1 || 1/0	1
1 ? 2 : 1/0	2
u	0
u + 1	1
u++, u	1
4,5	5
a	10
a[1]	20
a[1+1]	30
a[-1]	30
a[5]	0
a[ ]	10
a[a[0]/10]	20
a[1]=5, a[1]	5
a[1+1]=5, a[2]	5
i=0, a[i++] = i, a[0]+a[1]*10+i*100	300
a[i++]+=5, i	1
a[1]++, a[1]	21
++a[2], a[2]	31
h[foo]	3
h[ x]	9
h[foo]++, h[foo]	4
h[i++]=2, i, h[i++]	2
e	0
e + 1	1
r	8
r * 2	16
n	5
n + 1	6
s + 1	4
1	1
1 +	1 +: syntax error: operand expected (error token is "+")
+ 	+ : syntax error: operand expected (error token is "+ ")
1 + + 	1 + + : syntax error: operand expected (error token is "+ ")
2**-1	2**-1: exponent less than 0 (error token is "1")
2**-1+3	2**-1+3: exponent less than 0 (error token is "+3")
0 && 2**-1	0 && 2**-1: exponent less than 0 (error token is "1")
1/0	1/0: division by 0 (error token is "0")
5%0	5%0: division by 0 (error token is "0")
1/0+2	1/0+2: division by 0 (error token is "0+2")
1/0 , 3	1/0 , 3: division by 0 (error token is "0 , 3")
1 / 0	1 / 0: division by 0 (error token is "0")
x/=0	x/=0: division by 0 (error token is "0")
x%=0	x%=0: division by 0 (error token is "0")
0 && x/=0	0 && x/=0: attempted assignment to non-variable (error token is "/=0")
08	08: value too great for base (error token is "08")
09	09: value too great for base (error token is "09")
1 + 08 + 2	1 + 08: value too great for base (error token is "08")
x 08	x 08: value too great for base (error token is "08")
65#1	65#1: invalid arithmetic base (error token is "65#1")
1#1	1#1: invalid arithmetic base (error token is "1#1")
0#1	0#1: invalid number (error token is "0#1")
2#2	2#2: value too great for base (error token is "2#2")
0x#	0x#: invalid number (error token is "0x#")
0#	0#: invalid number (error token is "0#")
2#1#1	2#1#1: invalid number (error token is "2#1#1")
1a#1	1a#1: value too great for base (error token is "1a#1")
08#1	08#1: value too great for base (error token is "08#1")
0x1#1	0x1#1: invalid number (error token is "0x1#1")
10#0x	10#0x: value too great for base (error token is "10#0x")
37#Z	37#Z: value too great for base (error token is "37#Z")
2#-1	2#: invalid integer constant (error token is "2#")
3#	3#: invalid integer constant (error token is "3#")
2##1	2##1: invalid integer constant (error token is "2##1")
10#	10#: invalid integer constant (error token is "10#")
0xg	0xg: value too great for base (error token is "0xg")
1a	1a: value too great for base (error token is "1a")
1e3	1e3: value too great for base (error token is "1e3")
1_	1_: value too great for base (error token is "1_")
1@	1@: value too great for base (error token is "1@")
36#_	36#_: value too great for base (error token is "36#_")
1.5	1.5: syntax error: invalid arithmetic operator (error token is ".5")
a.b	a.b: syntax error: invalid arithmetic operator (error token is ".b")
1 = 2	1 = 2: attempted assignment to non-variable (error token is "= 2")
5 = 3	5 = 3: attempted assignment to non-variable (error token is "= 3")
(x)=2	(x)=2: attempted assignment to non-variable (error token is "=2")
x+1=2	x+1=2: attempted assignment to non-variable (error token is "=2")
0 && x=3	0 && x=3: attempted assignment to non-variable (error token is "=3")
1 || x=3	1 || x=3: attempted assignment to non-variable (error token is "=3")
0 ? 1 : x=5	0 ? 1 : x=5: attempted assignment to non-variable (error token is "=5")
1 ? 1 : x=5	1 ? 1 : x=5: attempted assignment to non-variable (error token is "=5")
x**=2	x**=2: syntax error: operand expected (error token is "=2")
x = = 2	x = = 2: syntax error: operand expected (error token is "= 2")
x == = 2	x == = 2: syntax error: operand expected (error token is "= 2")
1 = = 2	1 = = 2: attempted assignment to non-variable (error token is "= = 2")
1 <<= 2	1 <<= 2: attempted assignment to non-variable (error token is "<<= 2")
1 2	1 2: syntax error in expression (error token is "2")
a b	a b: syntax error in expression (error token is "b")
x y	x y: syntax error in expression (error token is "y")
1 : 2	1 : 2: syntax error in expression (error token is ": 2")
(1	(1: missing `)' (error token is "1")
(1+2	(1+2: missing `)' (error token is "2")
1)	1): syntax error in expression (error token is ")")
(1))	(1)): syntax error in expression (error token is ")")
'1' + 2	'1' + 2: syntax error: operand expected (error token is "'1' + 2")
"1" + 2	"1" + 2: syntax error: operand expected (error token is ""1" + 2")
$	$: syntax error: operand expected (error token is "$")
1 @ 2	1 @ 2: syntax error: invalid arithmetic operator (error token is "@ 2")
7 \ 3	7 \ 3: syntax error: invalid arithmetic operator (error token is "\ 3")
(1) @ 2	(1) @ 2: syntax error: operand expected (error token is "@ 2")
1,	1,: syntax error: operand expected (error token is ",")
,1	,1: syntax error: operand expected (error token is ",1")
3 ? 4	3 ? 4: `:' expected for conditional expression (error token is "4")
3 ? 4 :	3 ? 4 :: expression expected (error token is ":")
1 ?: 2	1 ?: 2: expression expected (error token is ": 2")
1 ? : 2	1 ? : 2: expression expected (error token is ": 2")
1 ?	1 ?: expression expected (error token is "?")
1 ? 2	1 ? 2: `:' expected for conditional expression (error token is "2")
?	?: syntax error: operand expected (error token is "?")
!	!: syntax error: operand expected (error token is "!")
~	~: syntax error: operand expected (error token is "~")
-	-: syntax error: operand expected (error token is "-")
x=	x=: syntax error: operand expected (error token is "=")
++1	1
1++	1++: syntax error: operand expected (error token is "+")
--	--: syntax error: operand expected (error token is "-")
++	++: syntax error: operand expected (error token is "+")
x++ ++	x++ ++: syntax error: operand expected (error token is "+")
++x++	++x++: ++: assignment requires lvalue (error token is "++")
--x--	--x--: --: assignment requires lvalue (error token is "--")
x++=7	x++=7: attempted assignment to non-variable (error token is "=7")
--x=7	--x=7: attempted assignment to non-variable (error token is "=7")
++x=7	++x=7: attempted assignment to non-variable (error token is "=7")
++(x)	7
a[1	a[1: bad array subscript (error token is "a[1")
x[1	x[1: bad array subscript (error token is "x[1")
x]	x]: syntax error: invalid arithmetic operator (error token is "]")
x[1]]	x[1]]: syntax error: invalid arithmetic operator (error token is "]")
a[1][2]	a[1][2]: syntax error: invalid arithmetic operator (error token is "[2]")
a[1 +]	1 +: syntax error: operand expected (error token is "+")
rec	rec+1: expression recursion level exceeded (error token is "rec+1")
rec2	rec3: expression recursion level exceeded (error token is "rec3")
bad	1 +: syntax error: operand expected (error token is "+")
"#;

#[test]
fn bash_cases() {
    let mut failures = Vec::new();
    for line in CASES.lines().filter(|l| !l.is_empty()) {
        let Some((expr, want)) = line.split_once('\t') else {
            continue;
        };
        let got = match run(expr) {
            Ok(v) => v.to_string(),
            Err(m) => m,
        };
        if got != want {
            failures.push(format!("{expr:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn skipped_branches_do_not_touch_the_environment() {
    let mut e = env();
    assert_eq!(eval("0 && unb", &mut e), Ok(0));
    assert_eq!(eval("1 || unb++", &mut e), Ok(1));
    assert_eq!(eval("1 ? 2 : unb", &mut e), Ok(2));
    assert_eq!(e.lookups, 0);
    assert_eq!(
        run("1 && unb").map_err(|m| m),
        Err("unb: unbound variable".to_string())
    );
}

#[test]
fn environment_errors_abort() {
    assert_eq!(run("ro = 1"), Err("ro: readonly variable".to_string()));
    assert_eq!(run("ro++"), Err("ro: readonly variable".to_string()));
}

#[test]
fn assignments_reach_the_environment() {
    let mut e = env();
    assert_eq!(eval("q = 5, w[3] = q * 2, h[new key] += 4", &mut e), Ok(4));
    assert_eq!(e.vars.get("q").map(String::as_str), Some("5"));
    assert_eq!(e.arrays["w"].get(&3).map(String::as_str), Some("10"));
    assert_eq!(e.assoc["h"].get("new key").map(String::as_str), Some("4"));
    assert_eq!(eval("i = 2, a[i++] += 1, i", &mut e), Ok(3));
    assert_eq!(e.arrays["a"].get(&2).map(String::as_str), Some("31"));
}

#[test]
fn blank_and_newlines() {
    assert_eq!(run(""), Ok(0));
    assert_eq!(run(" \n\t "), Ok(0));
    assert_eq!(run("1\n+\n2"), Ok(3));
    assert_eq!(run("\t3"), Ok(3));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let err = run(&deep).err().unwrap_or_default();
    assert!(
        err.contains("expression recursion level exceeded"),
        "{}",
        &err[err.len().saturating_sub(80)..]
    );
    assert!(run(&"-".repeat(100_001)).is_err());
    assert_eq!(
        run(&format!("{}1{}", "(".repeat(500), ")".repeat(500))),
        Ok(1)
    );
    assert_eq!(
        run(&"- ".repeat(1000)),
        Err(format!(
            "{}: syntax error: operand expected (error token is \"- \")",
            "- ".repeat(1000)
        ))
    );
    assert_eq!(run(&format!("{}1", "- ".repeat(1000))), Ok(1));
    let long_sum = vec!["1"; 100_000].join("+");
    assert_eq!(run(&long_sum), Ok(100_000));
}

#[test]
fn no_panics_on_odd_input() {
    for s in [
        "a[",
        "a[]]",
        "[",
        "]",
        "#",
        "0x",
        "64#",
        "9#9",
        "é",
        "x é",
        "1 ? é : 2",
        "\u{0}",
        "h[",
        "a[1]=",
        "--",
        "((((",
        "))))",
        "x[y[z[1]]]",
    ] {
        let _ = run(s);
    }
}

#[test]
fn simple_expressions_are_fast() {
    let mut e = env();
    e.vars.insert("i".into(), "5000".into());
    let start = std::time::Instant::now();
    for _ in 0..100_000 {
        assert_eq!(eval("i < 10000", &mut e), Ok(1));
        assert_eq!(eval("i + 1", &mut e), Ok(5001));
    }
    // Generous bound for unoptimized test builds (release is far faster).
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
}

#[test]
fn parse_number_like_legal_number() {
    assert_eq!(parse_number(" 12 "), Some(12));
    assert_eq!(parse_number("+12"), Some(12));
    assert_eq!(parse_number("-0"), Some(0));
    assert_eq!(parse_number("9223372036854775807"), Some(i64::MAX));
    assert_eq!(parse_number("-9223372036854775808"), Some(i64::MIN));
    assert_eq!(parse_number("99999999999999999999"), None);
    assert_eq!(parse_number(""), None);
    assert_eq!(parse_number(" "), None);
    assert_eq!(parse_number("0x1"), None);
    assert_eq!(parse_number("\n1\n"), None);
    assert_eq!(parse_number("1 2"), None);
}

/// An [`Env`] that logs every call made to it, to compare the order of reads and writes.
struct Traced {
    env: Env,
    log: Vec<String>,
}

impl ArithEnv for Traced {
    fn get(&mut self, name: &str) -> Result<Option<String>, String> {
        let r = self.env.get(name);
        self.log.push(format!("get {name} {r:?}"));
        r
    }
    fn get_elem(&mut self, name: &str, index: &ArithIndex) -> Result<Option<String>, String> {
        let r = self.env.get_elem(name, index);
        self.log.push(format!("get {name}[{index:?}] {r:?}"));
        r
    }
    fn set(&mut self, name: &str, index: Option<&ArithIndex>, value: i64) -> Result<(), String> {
        let r = self.env.set(name, index, value);
        self.log.push(format!("set {name}[{index:?}] {value} {r:?}"));
        r
    }
    fn is_assoc(&self, name: &str) -> bool {
        self.env.is_assoc(name)
    }
    fn get_num(&mut self, name: &str) -> Option<i64> {
        let v = self.env.vars.get(name).and_then(|v| number::fast_decimal(v.as_bytes()));
        self.log.push(format!("num {name} {v:?}"));
        v
    }
}

/// Everything a [`Traced`] holds, in a comparable form.
fn state(t: &Traced) -> String {
    let mut vars: Vec<_> = t.env.vars.iter().collect();
    vars.sort();
    let mut arrays: Vec<_> = t.env.arrays.iter().map(|(k, m)| (k, m.iter().collect::<std::collections::BTreeMap<_, _>>())).collect();
    arrays.sort();
    let mut assoc: Vec<_> = t.env.assoc.iter().map(|(k, m)| (k, m.iter().collect::<std::collections::BTreeMap<_, _>>())).collect();
    assoc.sort();
    format!("{vars:?} {arrays:?} {assoc:?} {:?}", t.log)
}

/// Expressions with side effects, skipped branches and run-time errors, beyond [`CASES`].
const EFFECTS: &[&str] = &[
    "x++ + x", "++x * x--", "x = y = 3", "x += y *= 2", "a[1]++", "++a[x-5]", "--a[2]",
    "a[i=1] += 2", "a[2] = x", "a[i++] = i", "h[foo] += 1", "h[ x] = 4", "h[foo]++", "0 && x++",
    "1 || (y = 9)", "x ? y++ : z++", "0 ? y++ : z++", "1 || 2 ** -1", "1 || 2 ** --x",
    "0 && 2 ** x--", "x / 0", "x /= 0", "x %= 0", "0 && x / 0", "0 && (x /= 0)", "r * 2", "rec",
    "rec2", "bad + 1", "unb + 1", "1 || unb", "ro = 1", "ro++", "ro += 1", "e + 1", "n + 1",
    "s * 2", "a[r]", "a[ ]", "a[1+1]*2", "a[s]", "a[-1]", "a[bad]", "a[unb] = 1", "(x, y)",
    "x = (y++, z)", "i = 0", "i < 10", "i++", "a[i] = i", "z <<= 2", "z >>= 1", "z ^= 1",
    "z |= 8", "z &= 12", "-x ** 2", "x ** y ** 0", "x ** -y", "x ? y : z ? 1 : 2",
    "x = x ? 0 : 1", "a[a[1]/10]++", "a[x=2]", "!x || y && z", "q += 3", "w++", "--w",
    "x = y++ + ++y", "(x += 2) * x", "x-- - --x", "y << 70", "1 ? 2 : 3 / 0", "0 ? 2 / 0 : 3",
    "a[h[foo]] += h[foo]", "x > y ? x : y", "x, y, z = 9, z", "((x))++",
];

#[test]
fn compiled_trees_match_the_parser() {
    let exprs = CASES.lines().filter_map(|l| l.split('\t').next()).filter(|e| !e.is_empty());
    let mut compiled = 0;
    for expr in exprs.chain(EFFECTS.iter().copied()) {
        let mut a = Traced { env: env(), log: Vec::new() };
        let mut b = Traced { env: env(), log: Vec::new() };
        let (parsed, tree) = eval::parsed_and_compiled(expr, &mut a, &mut b);
        let Some(tree) = tree else { continue };
        compiled += 1;
        assert_eq!(parsed, tree, "{expr}");
        assert_eq!(state(&a), state(&b), "{expr}");
    }
    assert!(compiled > 100, "{compiled} compiled");
}
