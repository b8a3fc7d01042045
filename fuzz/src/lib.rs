//! Fuzz targets for kitsh on the stable toolchain.
//!
//! Every target is a `fn(&[u8]) -> Outcome` that must never panic, hang or allocate without
//! bound, whatever the bytes. Non-UTF-8 input is converted lossily. Nothing is caught here: a
//! panic is a finding (the driver in `src/bin/fuzz.rs` and `tests/replay.rs` catch it).
//!
//! The shell-level targets hand the fuzzed text to the shell in the exported variable `FUZZ`
//! (set with [`kitsh::BashBuilder::env`]), and the fixed driver script quotes it (`"$FUZZ"`), so
//! the text reaches the front end under test (arithmetic, printf formats, patterns, jq, awk,
//! sed), not the outer shell's parser.

use std::time::Duration;

use kitsh::{Bash, ExecutionLimits};

/// What one run produced: the driver keeps an input whose signature is new.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Exit status (for `parse`/`scripted_flags`: 0 accepted, 1 rejected).
    pub status: i32,
    /// The first line of stderr (or of the error message), and its last line when there are
    /// several, joined by a newline.
    pub stderr_head: String,
}

/// A fuzz target.
pub type Target = fn(&[u8]) -> Outcome;

/// All targets by name.
pub const TARGETS: &[(&str, Target)] = &[
    ("parse", parse),
    ("script", script),
    ("arith", arith),
    ("printf_fmt", printf_fmt),
    ("glob_pattern", glob_pattern),
    ("jq_filter", jq_filter),
    ("awk_prog", awk_prog),
    ("sed_script", sed_script),
    ("scripted_flags", scripted_flags),
    ("kit_def", kit_def),
    ("snapshot", snapshot),
];

/// The target called `name`.
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The tight limits every shell-level target runs under.
pub fn limits() -> ExecutionLimits {
    ExecutionLimits::new()
        .max_commands(2000)
        .max_loop_iterations(1000)
        .max_total_loop_iterations(10_000)
        .max_output_bytes(64 << 10)
        .max_string_bytes(64 << 10)
        .max_fields(1000)
        .max_fs_bytes(1 << 20)
        .max_fs_files(200)
        .max_function_depth(100)
        .max_parse_depth(200)
        .max_concurrent_stages(8)
        .timeout(Duration::from_secs(2))
}

/// The bytes as text (lossy).
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The bytes as the value of a shell variable: lossy, NUL bytes (which no bash variable can
/// hold) dropped.
fn var_text(data: &[u8]) -> String {
    text(data).replace('\0', "")
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").to_string()
}

fn head_and_tail(s: &str) -> String {
    let first = s.lines().next().unwrap_or("");
    match s.lines().last() {
        Some(last) if s.lines().nth(1).is_some() => format!("{first}\n{last}"),
        _ => first.to_string(),
    }
}

/// Run `script` in a fresh shell under [`limits`], with `FUZZ` set to `fuzz` when given.
fn run(script: &str, fuzz: Option<&str>) -> Outcome {
    let mut b = Bash::builder().limits(limits());
    if let Some(f) = fuzz {
        b = b.env("FUZZ", f);
    }
    let mut sh = match b.build() {
        Ok(sh) => sh,
        Err(e) => return Outcome { status: -1, stderr_head: format!("build: {e}") },
    };
    let r = sh.exec_sync(script);
    // kitsh catches a panic of the interpreter and reports it as this line: still a finding.
    if r.stderr.contains("kitsh: internal error") {
        panic!("kitsh caught an internal panic (stderr: {})", first_line(&r.stderr));
    }
    Outcome { status: r.exit_code, stderr_head: head_and_tail(&r.stderr) }
}

/// The bytes as a script through the parser alone.
pub fn parse(data: &[u8]) -> Outcome {
    let src = text(data);
    let opts = kitsh::parser::ParseOptions { max_depth: 200, max_input: 1 << 16, ..Default::default() };
    match kitsh::parser::parse(&src, &opts) {
        Ok(_) => Outcome { status: 0, stderr_head: String::new() },
        Err(e) => Outcome { status: 1, stderr_head: first_line(&e.to_string()) },
    }
}

/// The bytes as a whole script in a fresh shell.
pub fn script(data: &[u8]) -> Outcome {
    run(&text(data), None)
}

/// The bytes as an arithmetic expression: `$(( … ))`, `(( … ))` and `let`.
pub fn arith(data: &[u8]) -> Outcome {
    run(
        "x=7 a=(1 2 3); echo \"$(( $FUZZ ))\"; s=$?; (( $FUZZ )); let \"r = $FUZZ\"; declare -i i; i=$FUZZ; exit $s",
        Some(&var_text(data)),
    )
}

/// The bytes as a printf format: `printf -- FMT a 1 2.5`, also into a variable.
pub fn printf_fmt(data: &[u8]) -> Outcome {
    run("printf -- \"$FUZZ\" a 1 2.5; s=$?; printf -v v -- \"$FUZZ\" 1 a; exit $s", Some(&var_text(data)))
}

/// The bytes as a pattern (extglob on): `[[ == ]]`, `${x//pat/y}`, `${x##pat}`, `${x%pat}`,
/// `case`. The results go to stderr, so that the driver's signatures (exit status, stderr words)
/// tell apart what the pattern matched.
pub fn glob_pattern(data: &[u8]) -> Outcome {
    run(
        "shopt -s extglob; x=abcabc; [[ abcabc == $FUZZ ]]; s=$?; echo \"${x//$FUZZ/y}\" \"${x##$FUZZ}\" \"${x%$FUZZ}\" >&2; \
         case $x in $FUZZ) echo matched >&2;; esac; exit $s",
        Some(&var_text(data)),
    )
}

/// The bytes as a jq filter over a small document.
pub fn jq_filter(data: &[u8]) -> Outcome {
    run("echo '{\"a\":[1,2,{\"b\":null}],\"s\":\"x y\"}' | jq \"$FUZZ\"", Some(&var_text(data)))
}

/// The bytes as an awk program over two lines.
pub fn awk_prog(data: &[u8]) -> Outcome {
    run("printf 'a b\\nc d\\n' | awk \"$FUZZ\"", Some(&var_text(data)))
}

/// The bytes as a sed script over two lines.
pub fn sed_script(data: &[u8]) -> Outcome {
    run("printf 'a\\nb\\n' | sed \"$FUZZ\"", Some(&var_text(data)))
}

/// The fixed schema of [`scripted_flags`]: one property of each JSON type, an enum, a local
/// `$ref` chain (and a `$ref` loop), a required flag.
pub fn flags_schema() -> serde_json::Value {
    serde_json::json!({
        "type": "object",
        "definitions": {
            "tier": {"type": "string", "enum": ["gold", "silver"]},
            "loop": {"$ref": "#/definitions/loop"}
        },
        "properties": {
            "name": {"type": "string"},
            "count": {"type": "integer"},
            "ratio": {"type": "number"},
            "verbose": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "ids": {"type": "array", "items": {"type": "integer"}},
            "meta": {"type": "object"},
            "tier": {"$ref": "#/definitions/tier"},
            "maybe": {"type": ["null", "number"]},
            "weird": {"$ref": "#/definitions/loop"}
        },
        "required": ["name"]
    })
}

/// ScriptedTool flag parsing against [`flags_schema`]; the bytes split on NUL are argv. When
/// the first word is a JSON object it is the piped stdin JSON (the tool takes stdin JSON).
pub fn scripted_flags(data: &[u8]) -> Outcome {
    use kitsh::scripted_tool::{parse_args, ToolDef};
    let mut args: Vec<String> = data.split(|b| *b == 0).map(|w| String::from_utf8_lossy(w).into_owned()).collect();
    if data.is_empty() {
        args.clear();
    }
    let mut stdin = None;
    if let Some(first) = args.first() {
        if let Ok(serde_json::Value::Object(m)) = serde_json::from_str::<serde_json::Value>(first) {
            stdin = Some(m);
            args.remove(0);
        }
    }
    let def = ToolDef::new("t", "fuzzed flags").with_schema(flags_schema()).with_stdin_json(stdin.is_some());
    match parse_args(&def, &args, stdin) {
        Ok(p) => Outcome { status: 0, stderr_head: format!("help={} dry={} pos={}", p.help, p.dry_run, p.positional.len()) },
        Err(e) => Outcome { status: 1, stderr_head: first_line(&e) },
    }
}

/// `kit_def`: the bytes as a kit definition file (`return tools.define_tool{...}`, Lua) in a
/// fresh kit folder, loaded by kitsh-kit's loader (its instruction and memory limits apply);
/// each tool that loads then has its input merged with its defaults, checked against its
/// schema and turned into a process's arguments, and sample output read through its output
/// adapter and checked against its output schema.
pub fn kit_def(data: &[u8]) -> Outcome {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("kitsh-fuzz-kit-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
    let written = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(dir.join("fuzz.lua"), data));
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&dir);
        return Outcome { status: -1, stderr_head: format!("scratch folder: {e}") };
    }
    let loaded = kitsh_kit::load(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    // Messages name the scratch folder: take it out so that signatures do not depend on it.
    let shown = |s: String| first_line(&s.replace(&dir.display().to_string(), "KIT"));
    let kit = match loaded {
        Ok(kit) => kit,
        Err(e) => return Outcome { status: 2, stderr_head: shown(e.to_string()) },
    };
    let sample = serde_json::json!({"message": "a b", "times": 3, "exclaim": true, "records": [{"n": 1}, "x"], "field": "n", "url": "http://x/?a=1"});
    let serde_json::Value::Object(input) = sample else { unreachable!("an object literal") };
    for tool in &kit.tools {
        let merged = kitsh_kit::merge_defaults(tool, input.clone());
        let _ = kitsh_kit::check_input(&tool.input_schema, &merged);
        let _ = kitsh_kit::to_process(tool, &merged);
        for out in [&b"{\"a\": [1, 2]}\n"[..], b"line one\nline two\n", b"", b"\xff\xfe not json"] {
            if let Ok(v) = kitsh_kit::to_value(tool.output_adapter, out) {
                if let Some(schema) = &tool.output_schema {
                    let _ = kitsh_kit::check_output(schema, &v);
                }
            }
        }
    }
    match kit.errors.first() {
        Some(e) => Outcome { status: 1, stderr_head: shown(e.to_string()) },
        None => Outcome { status: 0, stderr_head: format!("{} tools", kit.tools.len()) },
    }
}

/// `snapshot`: bytes that start with `KITSH-SNAPSHOT` are read as a session snapshot and, when
/// they are one, restored under [`limits`] and used (`ls -R /`, `declare -p`, `declare -f`).
/// Other bytes are a script: it runs in a fresh shell, whose snapshot must read back, restore
/// and give the same bytes again; then a truncated and a bit-flipped copy must be refused.
pub fn snapshot(data: &[u8]) -> Outcome {
    use kitsh::Snapshot;
    if data.starts_with(b"KITSH-SNAPSHOT") {
        let snap = match Snapshot::from_bytes(data) {
            Ok(s) => s,
            Err(e) => return Outcome { status: 1, stderr_head: first_line(&e.to_string()) },
        };
        return match Bash::builder().limits(limits()).restore(&snap).build() {
            Ok(mut bash) => {
                let r = bash.exec_sync("ls -R / >/dev/null; declare -p >/dev/null; declare -f");
                if r.stderr.contains("kitsh: internal error") {
                    panic!("kitsh caught an internal panic (stderr: {})", first_line(&r.stderr));
                }
                Outcome { status: r.exit_code, stderr_head: head_and_tail(&r.stderr) }
            }
            Err(e) => Outcome { status: 2, stderr_head: first_line(&e.to_string()) },
        };
    }
    let mut bash = match Bash::builder().limits(limits()).build() {
        Ok(b) => b,
        Err(e) => return Outcome { status: -1, stderr_head: format!("build: {e}") },
    };
    let r = bash.exec_sync(&text(data));
    let snap = match bash.snapshot() {
        Ok(s) => s,
        Err(e) => return Outcome { status: 3, stderr_head: first_line(&e.to_string()) },
    };
    let bytes = snap.to_bytes();
    let back = Snapshot::from_bytes(&bytes).unwrap_or_else(|e| panic!("a snapshot does not read back: {e}"));
    let restored = Bash::builder().limits(limits()).restore(&back).build().unwrap_or_else(|e| panic!("a snapshot does not restore: {e}"));
    let again = restored.snapshot().unwrap_or_else(|e| panic!("a restored session has no snapshot: {e}")).to_bytes();
    assert!(again == bytes, "a restored session's snapshot differs from the one it came from");
    let cut = data.len() % bytes.len();
    assert!(Snapshot::from_bytes(&bytes[..cut]).is_err(), "a truncated snapshot was accepted");
    let mut flipped = bytes.clone();
    let at = (data.len() * 7919) % flipped.len();
    flipped[at] ^= 0x40;
    assert!(Snapshot::from_bytes(&flipped).is_err(), "a bit-flipped snapshot was accepted");
    Outcome { status: r.exit_code, stderr_head: head_and_tail(&r.stderr) }
}

/// Tokens the driver inserts, per target (beside random bytes).
pub fn dictionary(target: &str) -> &'static [&'static str] {
    const SHELL: &[&str] = &[
        "$(", "${", "((", "))", "$((", "[[", "]]", "<<", "<<<", "<<-EOF\n", "\nEOF\n", "|", "&", "&&", "||", ";",
        ";;", ";&", "{1..", "..3}", "{a,b}", "}", "'", "\"", "`", "\\", "${#", "${!", "${x:", "${x//", "${x@Q}",
        "${x^^}", "${x:-", "${x:=", "${x?", "case ", " in ", "esac", "for ", "do ", "done", "while ", "until ",
        "if ", "then ", "else ", "fi", "function ", "f() {", "f; ", "<(", ">(", ">&", "2>&1", "|&", "coproc ",
        "declare -A ", "local ", "eval ", "$@", "\"$@\"", "[@]", "[*]", "=(", "+=", "\n", "#", "!", "*", "?",
        "@(", "+(", "!(", "[[:alpha:]]", "~", "$'", "$\"", "printf ", "read ", "mapfile ", "trap ", "set -e",
        "set -u", "shopt -s extglob ", "source ", "x=", "a[", "]", "$x", "$1", "$#", "$?", "$$", "echo ",
        "exec ", "exit ", "return ", "break ", "continue ", "shift ", "getopts ", "unset ", "readonly ",
        "declare -n ", "/dev/stdin", "> /tmp/f", "< /tmp/f", "cat ", "yes ", "seq 1 100000", "{1..100000}",
        "time ", "wait", "( ", " )", "{ ", " }", "[ ", " ]", "test ", "let ", "typeset ", "jq .", "awk ",
        "sed ", "grep ", "sort ", "xargs ", "find / ", "tr ", "cut ", "$RANDOM", "$LINENO", "$BASH_SOURCE",
        "${FUNCNAME[@]}", "PIPESTATUS", "IFS=", "\t", " ",
    ];
    match target {
        "parse" | "script" | "snapshot" => SHELL,
        "arith" => &[
            "+", "-", "*", "**", "/", "%", "<<", ">>", "&", "|", "^", "~", "!", "&&", "||", "?", ":", ",", "=",
            "+=", "<<=", "**=", "++", "--", "(", ")", "0x", "08", "2#", "64#", "36#z", "x", "a[", "]", "a[1]",
            "$x", "9223372036854775807", "-9223372036854775808", "${#x}", "$((", "1/0", " ", "==", "!=", "<=",
            ">=", "<", ">", "y", "x=x+1", "1?2:3", "#", "@", "0", "07777777777777777777777", "1e3", "a",
        ],
        "printf_fmt" => &[
            "%", "%d", "%s", "%b", "%q", "%*d", "%.*f", "%-10s", "%05d", "%x", "%X", "%o", "%e", "%g", "%c",
            "%i", "%u", "%(%Y)T", "%(%s)T", "%%", "\\n", "\\x41", "\\0101", "\\u00e9", "\\U0001F600", "\\c",
            "%99999999d", "%.99999f", "%1$s", "%+d", "%#x", "%'d", "%a", "%E", "%G", "%n", "%-", "%.", "*",
            "9", "\\", "%*.*s", "%.0s", "%hhd", "%ld", "%lld", "%zu", "%5b", "%.3q",
        ],
        "glob_pattern" => &[
            "*", "?", "[", "]", "[!", "[^", "[a-", "[[:alpha:]]", "[[:", ":]]", "@(", "*(", "+(", "?(", "!(",
            "|", ")", "\\", "abc", "a", "b", "c", "#", "%", "/", "**", "[]]", "[-]", "[z-a]", "[[.a.]]",
            "[[=a=]]", "'", "\"", "$", "{a,b}", "~", "@(a|b)", "!(*)", "*(*(*(",
        ],
        "jq_filter" => &[
            ".", ".[]", ".a", "..", "|", ",", "map(", "select(", "reduce ", "foreach ", " as $x ", "def f: ",
            "def f(g): ", ";", "recurse", "path(", "getpath(", "setpath(", "limit(", "range(", "until(",
            "label $out | ", "break $out", "try ", "catch ", "?", "//", "@base64", "@base64d", "@sh", "@csv",
            "\"\\(", "tojson", "fromjson", "test(", "sub(", "gsub(", "splits(", "ltrimstr(", "$__loc__",
            "input", "inputs", "env", "$ENV", "tostream", "fromstream(", "paths", "infinite", "nan",
            "1e1000", "[", "]", "{", "}", "(", ")", "if ", " then ", " else ", " end", " and ", " or ", "not",
            ".[1:", "-1", "==", "+", "*", "/", "%", "implode", "explode", "walk(", "tostring", "repeat(",
            "$x", "\"", "ascii", "@text", "splits", "ltrimstr", "indices(", "group_by(", "sort_by(",
            "min_by(", "todate", "strptime(", "mktime", "pow(", "log", "getpath([\"a\",0])", "error(",
            "halt_error", "$__prog_args", "input_line_number", "ascii_downcase", "@json", "@uri", "@html",
            "tojson|fromjson", "[.[]?]", "..|numbers", "limit(3;repeat(1))", "[range(1e9)]", "9e18",
        ],
        "awk_prog" => &[
            "{", "}", "BEGIN", "END", "print", "printf \"%", "$0", "$NF", "$(", "NR", "NF", "FS", "OFS", "RS",
            "getline", "getline x <", "| getline", "while (", "for (", " in ", "delete ", "split(", "sub(",
            "gsub(", "match(", "substr(", "sprintf(", "index(", "length", "toupper(", "function f(",
            "return", "next", "exit", "/", "~", "!~", "^", "**", "++", "--", "?", ":", ";", "\n", "\"", ">",
            ">>", "|", "system(", "close(", "srand(", "rand()", "int(", "a[", "]", "SUBSEP", "1e308", "-",
            "$-1", "$99999999", "NF=", "$NF=", "x", "(", ")", ",", "\"/tmp/f\"", "printf \"%*d\", ",
            "ENVIRON", "ARGV", "nextfile", "RSTART", "&&", "||", "!", "=", "+=", "%", "\\", "[",
        ],
        "sed_script" => &[
            "s/", "/", "g", "p", "d", "n", "N", "D", "P", "h", "H", "G", "x", "b", "t", "T", ":a", "ba", "y/",
            "a\\", "i\\", "c\\", "a ", "=", "l", "q", "Q", "r ", "w /tmp/f", "{", "}", ";", "!", "$", "1,",
            "~", "0,/", "\\(", "\\)", "\\1", "&", "\\n", "*", "\\{1,", "\\}", "[", "]", "^", ".*", "I", "M",
            "e", "z", "F", "W", "\n", "+", "s/x*/-/g", "\\", "2", "1~2", "$!N", "/a/,/b/", "l 1", "q5",
        ],
        "scripted_flags" => &[
            "--name", "--count", "--ratio", "--verbose", "--no-verbose", "--tags", "--ids", "--meta", "--tier",
            "--maybe", "--weird", "=", "\0", "-h", "--help", "--dry-run", "--", "{\"a\":1}", "[1,2]", "1e999",
            "-1", "true", "false", "9223372036854775808", "--count=", "--tags=", "null", "gold", "\"", "-",
            "{\"name\":\"x\"}\0", "--meta={", "}", "0x10", "NaN", "--name=",
        ],
        "kit_def" => &[
            "return tools.define_tool{", "}", "{", "source = \"./t\",", "description = \"d\",", "schema = {",
            "input = {", "output = {", "x = \"string\",", "n = { type = \"integer\", default = 1 },", "\"boolean?\"",
            "type = \"array\",", "items = ", "enum = {\"a\", \"b\"},", "input_adapter = \"json\",",
            "input_adapter = \"mixed\",", "stdin_fields = {\"x\"},", "output_adapter = \"json\",",
            "output_adapter = \"lines\",", "executor = \"native\",", "executor = \"docker\",", "timeout = 5,",
            "deps = {\"requests\"},", "env = {\"A=1\"},", "network = true,", "type = \"python\",", "tags = {\"t\"},",
            "while true do end", "string.rep(\"x\", 1e9)", "require(\"helper\")", "pcall(", "error(\"e\")", "nil", "--",
            "tag = \"v1\",", "subdir = \"a/b\",", "git@host:x.git", "https://", "../../", "\\", "\"", "=", ",", "1e308",
        ],
        _ => &[],
    }
}

/// The drivers' PRNG: xorshift64* (no dependency; reproducible from `--seed`).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    /// One of `xs`.
    pub fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}
