//! Differential fuzzing against GNU bash: `cargo run -p kitsh-fuzz --bin difffuzz -- [--minutes N]
//! [--seed S] [--keep DIR]`.
//!
//! Generates small random scripts from a grammar (assignments, quoting, parameter expansions with
//! patterns, arithmetic, arrays, `[[ ]]`, `if`/`for`/`while`/`case`, functions, `printf`), runs
//! each in `/bin/bash -c` (in a fresh temporary directory, `LC_ALL=C`) and in kitsh, and reports
//! every script whose stdout or exit status differ. With `--keep DIR` each mismatch is written
//! there as `<hash>.sh` with both outcomes in a comment, ready to be reduced and moved into
//! `tests/diff/`. Mismatches are grouped by the first differing stdout line so one bug shows
//! once.

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use kitsh_fuzz::Rng;


const VARS: [&str; 4] = ["x", "y", "s", "n"];
const WORDS: [&str; 14] = [
    "abc", "a b", "a/b/c", "x.tar.gz", "AbC", "", "a*b", "[x]", "hello world", "a\\b", "1", "42", "-3", "é",
];
const PATTERNS: [&str; 28] = [
    "a", "b", "*", "?", "[ab]", "[!a]", "/", "\\/", "a*", "*.", ".*", "[[:alpha:]]", "'*'", "\"a\"", "@(a|b)", "+(a)",
    "[]a]", "[^]]", "[!]b]", "[a-]", "[[:digit:]x]", "\\*", "\"*\"", "[/]", "[^[:space:]]", "?(b)c", "[]]", "~",
];
const REPLS: [&str; 8] = ["X", "", "&", "\\&", "[&]", "'&'", "\"$x\"", "/"];

/// A quoted or unquoted literal word.
fn word(r: &mut Rng) -> String {
    let w = r.pick(&WORDS);
    match r.below(4) {
        0 => format!("'{w}'"),
        1 => format!("\"{}\"", w.replace('\\', "\\\\")),
        2 if !w.contains([' ', '*', '[', '\\']) && !w.is_empty() => w.to_string(),
        _ => format!("$'{}'", w.replace('\\', "\\\\").replace('\'', "\\'")),
    }
}

fn arith(r: &mut Rng, depth: usize) -> String {
    if depth > 2 || r.chance(35) {
        return match r.below(3) {
            0 => r.below(20).to_string(),
            1 => r.pick(&["n", "i", "m"]).to_string(),
            _ => format!("-{}", r.below(9)),
        };
    }
    let op = r.pick(&["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", ">=", "==", "!=", "&&", "||", "**"]);
    let (a, b) = (arith(r, depth + 1), arith(r, depth + 1));
    match r.below(6) {
        0 => format!("({a}) {op} ({b})"),
        1 => format!("{a} ? {b} : {}", arith(r, depth + 1)),
        2 => format!("!{a}"),
        3 => format!("~{a}"),
        _ => format!("{a} {op} {b}"),
    }
}

fn expansion(r: &mut Rng) -> String {
    let v = r.pick(&VARS);
    let p = r.pick(&PATTERNS);
    if r.chance(30) {
        return extra_expansion(r, v, p);
    }
    match r.below(16) {
        0 => format!("${{{v}}}"),
        1 => format!("${{{v}:-{}}}", word(r)),
        2 => format!("${{#{v}}}"),
        3 => format!("${{{v}#{p}}}"),
        4 => format!("${{{v}##{p}}}"),
        5 => format!("${{{v}%{p}}}"),
        6 => format!("${{{v}%%{p}}}"),
        7 => format!("${{{v}/{p}/{}}}", r.pick(&REPLS)),
        8 => format!("${{{v}//{p}/{}}}", r.pick(&REPLS)),
        9 => format!("${{{v}/#{p}/{}}}", r.pick(&REPLS)),
        10 => format!("${{{v}^^}}"),
        11 => format!("${{{v},,}}"),
        12 => format!("${{{v}:{}:{}}}", r.below(4), r.below(4)),
        13 => format!("${{a[{}]}}", r.pick(&["0", "1", "-1", "@", "*"])),
        14 => format!("${{#a[@]}} ${{!a[@]}}"),
        _ => format!("$(( {} ))", arith(r, 0)),
    }
}

/// The issue's further classes: transforms, arrays and positional parameters with patterns,
/// the `:-` family on arrays and unset elements, associative arrays.
fn extra_expansion(r: &mut Rng, v: &str, p: &str) -> String {
    let rep = r.pick(&REPLS);
    match r.below(16) {
        0 => format!("${{{v}@Q}}"),
        1 => format!("${{{v}@U}}${{{v}@u}}${{{v}@L}}"),
        2 => format!("${{a[@]//{p}/{rep}}}"),
        3 => format!("${{@/{p}/{rep}}}"),
        4 => format!("${{*%{p}}}"),
        5 => format!("${{a[@]#{p}}}"),
        6 => format!("${{A[{}]}}", r.pick(&["k", "'a b'", "\"x y\"", "$x", "1+1", "@"])),
        7 => format!("${{!A[@]}}"),
        8 => format!("${{A[@]/{p}/{rep}}}"),
        9 => format!("${{u{}{}}}", r.pick(&[":-", "-", ":+", "+", ":=", "="]), word(r)),
        10 => format!("${{a[5]{}{}}}", r.pick(&[":-", "-", ":+", "+"]), word(r)),
        11 => format!("${{a[@]:{}}}", r.pick(&["1", "-1", "1:1", " -2:1", "0:0"])),
        12 => format!("${{#A[@]}}"),
        13 => format!("${{@:{}}}", r.pick(&["1", "2:1", "-1", "0:1"])),
        14 => format!("${{{v}@A}}"),
        _ => format!("${{{v}/{p}}}"),
    }
}

fn echo_line(r: &mut Rng) -> String {
    let mut parts = Vec::new();
    for _ in 0..1 + r.below(3) {
        let e = expansion(r);
        parts.push(if r.chance(50) { format!("\"{e}\"") } else { e });
    }
    match r.below(3) {
        0 => format!("printf '<%s>' {}; echo", parts.join(" ")),
        _ => format!("echo {}", parts.join(" ")),
    }
}

fn test_expr(r: &mut Rng) -> String {
    let v = r.pick(&VARS);
    match r.below(6) {
        0 => format!("[[ ${v} == {} ]]", r.pick(&PATTERNS)),
        1 => format!("[[ -n ${v} && ${v} != {} ]]", word(r)),
        2 => format!("(( {} ))", arith(r, 1)),
        3 => format!("[ \"${v}\" = {} ]", word(r)),
        4 => format!("[[ ${v} =~ {} ]]", r.pick(&["^a", "b$", "[0-9]+", "^(a|b)", "\\.", "^$"])),
        // Inside `$(( ))`: a bare `a ? b : c` or `a | b` in `[[ ]]` is a syntax error whose status
        // differs between bash versions (see the README), which would drown real differences.
        _ => format!("[[ $(( {} )) -lt {} ]]", arith(r, 2), r.below(10)),
    }
}

fn statement(r: &mut Rng, depth: usize) -> String {
    let v = r.pick(&VARS);
    if depth > 1 {
        return echo_line(r);
    }
    if r.chance(35) {
        return plumbing(r, depth);
    }
    match r.below(14) {
        11 => format!("A[{}]={}", r.pick(&["k", "'a b'", "$x", "\"$s\"", "]"]), word(r)),
        12 => format!("set -- {} {} {}", word(r), word(r), word(r)),
        13 => format!("unset {}", r.pick(&["'a[1]'", "'A[k]'", "x", "a", "'A[a b]'"])),
        0 | 1 => format!("{v}={}", word(r)),
        2 => format!("{v}={}", expansion(r)),
        3 => format!("a=({} {} {})", word(r), word(r), word(r)),
        4 => format!("if {}; then {}; else {}; fi", test_expr(r), statement(r, depth + 1), statement(r, depth + 1)),
        5 => format!("for i in {} {} {}; do {}; done", word(r), r.below(5), word(r), statement(r, depth + 1)),
        6 => format!("i=0; while (( i < {} )); do {}; (( i++ )); done", r.below(4), statement(r, depth + 1)),
        7 => format!(
            "case ${v} in {}) echo one;; {}) echo two;; *) echo other;; esac",
            r.pick(&PATTERNS),
            r.pick(&PATTERNS)
        ),
        8 => format!("f() {{ local {v}=$1; {}; return {}; }}; f {}; echo \"st=$?\"", echo_line(r), r.below(3), word(r)),
        9 => format!("n=$(( {} )); echo \"n=$n\"", arith(r, 0)),
        _ => echo_line(r),
    }
}

const FILTERS: [&str; 16] = [
    "tr a-z A-Z", "tr -d ' '", "sort", "sort -r", "sort -u", "uniq -c", "head -n 1", "tail -n 2", "wc -l",
    "cut -d/ -f2", "cut -c1-3", "sed 's/a/X/g'", "sed -n '1p'", "awk '{print $1, NF}'", "grep -c a", "rev",
];

/// What scripts do with commands: pipelines into filters and `while read`, here-strings and
/// here-documents, `read` with `IFS`, command substitution and subshells, `printf` formats,
/// redirections to files, `break`/`continue`, `&&`/`||` lists, `eval`, `shift`, `mapfile`.
fn plumbing(r: &mut Rng, depth: usize) -> String {
    let v = r.pick(&VARS);
    let e = expansion(r);
    let filter = r.pick(&FILTERS);
    match r.below(22) {
        0 => format!("printf '%s\\n' \"${v}\" \"{e}\" {} | {filter}", word(r)),
        1 => format!("echo \"{e}\" | {filter} | {}", r.pick(&FILTERS)),
        2 => format!("printf '%s\\n' \"${{a[@]}}\" {} | while read -r l; do echo \"[$l]\"; done", word(r)),
        3 => format!("IFS={} read -r p q <<< \"${v}\"; echo \"<$p><$q>\"", r.pick(&["/", "' '", "''", "b", "'/ '"])),
        4 => format!("while IFS= read -r l; do echo \"${{#l}}:$l\"; done <<EOF\n${v}\n{e}\nx $n\nEOF"),
        5 => format!("cat <<{}\n$x ${{y}} $(( n + 1 )) \\$s '{e}'\nEOF\n", r.pick(&["EOF", "'EOF'", "\"EOF\"", "-EOF"])),
        6 => format!("v=$({}); echo \"[$v]\" $?", statement(r, depth + 2)),
        7 => format!("( {v}={}; {} ); echo \"${v}\"", word(r), echo_line(r)),
        8 => format!(
            "printf '{}' \"${v}\" {} {}; echo",
            r.pick(&["%5s|%-5s|", "%05d %x %o", "%.2f %e", "%q %q", "%b|%s", "%c%c", "%3.1s|%-4.2s|", "%i %u %X", "%%%s%%", "%s\\t%s"]),
            r.pick(&["3", "-7", "0x1f", "017", "2.5", "a", "''"]),
            word(r)
        ),
        9 => format!("{{ echo \"{e}\"; echo {}; }} > f.txt; echo more >> f.txt; {filter} < f.txt", word(r)),
        10 => format!("for i in 1 2 3 4; do (( i == {} )) && {}; echo $i; done", r.below(5), r.pick(&["continue", "break", "break 1", "continue 2", "true"])),
        11 => format!("{} && echo yes || echo no", test_expr(r)),
        12 => format!("eval \"{v}=\\\"{}\\\"\"; echo \"${v}\"", r.pick(&WORDS).replace(['\\', '"', '$', '`'], "")),
        13 => format!("shift {}; echo $# \"$1\" \"$*\"", r.below(4)),
        14 => format!("mapfile -t arr <<< \"$(printf '%s\\n' \"${v}\" {} {})\"; echo ${{#arr[@]}} \"${{arr[@]}}\"", word(r), word(r)),
        15 => format!("IFS={}; set -- ${v} {}; echo $# \"$*\"; IFS=$' \\t\\n'", r.pick(&["/", "' '", "b", "''", "/b"]), word(r)),
        16 => format!("read -ra w <<< \"{e}\"; echo ${{#w[@]}} \"${{w[-1]}}\""),
        17 => format!("{} | {filter}; echo \"${{PIPESTATUS[@]}}\"", echo_line(r)),
        18 => format!("! {}; echo $?", test_expr(r)),
        19 => format!("declare {} {v}={}; declare -p {v}", r.pick(&["", "-i", "-u", "-l", "-r", "-x"]), word(r)),
        20 => format!("g() {{ local -n ref=$1; ref+={}; }}; g {v}; echo \"${v}\"", word(r)),
        _ => format!("echo \"{e}\" {} >&2; echo $?", r.pick(&["2>/dev/null", "2>&1", ""])),
    }
}

fn script(r: &mut Rng) -> String {
    let mut lines = vec![
        "x=abc; y='a/b/c'; s='hello world'; n=3; m=7; a=(one two three); declare -A A=([k]=v ['a b']=c [x]=abc)".to_string(),
        "set -- p1 'p 2' ']'".to_string(),
    ];
    if r.chance(30) {
        lines.push("shopt -s extglob".to_string());
    }
    for _ in 0..2 + r.below(5) {
        lines.push(statement(r, 0));
    }
    lines.push("echo \"end $?\"".to_string());
    lines.join("\n")
}

struct Outcome {
    stdout: String,
    status: i32,
}

fn run_bash(script: &str, dir: &std::path::Path) -> Option<Outcome> {
    // A fresh, empty directory for every script (scripts write files).
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::create_dir_all(dir);
    let out = Command::new("timeout")
        .args(["5", "/bin/bash", "-c", script])
        .current_dir(dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("LC_ALL", "C")
        .env("HOME", dir)
        .output()
        .ok()?;
    let status = out.status.code()?;
    if status == 124 {
        return None; // a slow script is not a finding
    }
    Some(Outcome { stdout: String::from_utf8_lossy(&out.stdout).into_owned(), status })
}

fn run_kitsh(script: &str) -> Outcome {
    let limits = kitsh::ExecutionLimits::new().timeout(Duration::from_secs(5));
    let built = kitsh::Bash::builder().name("/bin/bash").env("LC_ALL", "C").cwd("/tmp").limits(limits).build();
    match built {
        Ok(mut sh) => {
            let r = sh.exec_sync(script);
            Outcome { stdout: r.stdout, status: r.exit_code }
        }
        Err(e) => Outcome { stdout: format!("build failed: {e}"), status: -1 },
    }
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opt = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let minutes: f64 = opt("--minutes").and_then(|v| v.parse().ok()).unwrap_or(1.0);
    let seed: u64 = opt("--seed").and_then(|v| v.parse().ok()).unwrap_or(0x5eed);
    let keep = opt("--keep").map(std::path::PathBuf::from);
    if let Some(k) = &keep {
        let _ = std::fs::create_dir_all(k);
    }
    let dir = std::env::temp_dir().join(format!("kitsh-difffuzz-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut rng = Rng(seed | 1);
    let end = Instant::now() + Duration::from_secs_f64(minutes * 60.0);
    let (mut runs, mut skipped) = (0u64, 0u64);
    let mut groups: BTreeMap<String, (usize, String)> = BTreeMap::new();
    while Instant::now() < end {
        let s = script(&mut rng);
        let Some(b) = run_bash(&s, &dir) else {
            skipped += 1;
            continue;
        };
        let k = run_kitsh(&s);
        runs += 1;
        if b.stdout == k.stdout && b.status == k.status {
            continue;
        }
        let key = b
            .stdout
            .lines()
            .zip(k.stdout.lines())
            .find(|(x, y)| x != y)
            .map_or_else(|| format!("status {} vs {}", b.status, k.status), |(x, y)| format!("{x:?} vs {y:?}"));
        let e = groups.entry(key).or_insert((0, s.clone()));
        e.0 += 1;
        if e.0 == 1 {
            if let Some(k_dir) = &keep {
                let text = format!(
                    "{s}\n# bash (status {}):\n{}\n# kitsh (status {}):\n{}\n",
                    b.status,
                    b.stdout.lines().map(|l| format!("#   {l}")).collect::<Vec<_>>().join("\n"),
                    k.status,
                    k.stdout.lines().map(|l| format!("#   {l}")).collect::<Vec<_>>().join("\n")
                );
                let _ = std::fs::write(k_dir.join(format!("{:016x}.sh", fnv(&s))), text);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mismatched: usize = groups.values().map(|(n, _)| n).sum();
    println!("difffuzz: {runs} scripts compared ({skipped} skipped: bash timed out), {mismatched} mismatches in {} groups", groups.len());
    for (key, (n, example)) in &groups {
        println!("\n== {n}× first difference: {key}\n{example}");
    }
}
