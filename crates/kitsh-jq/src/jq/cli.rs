//! jq 1.8's command line: options may come before or after the program, short options combine
//! (`-rc`), `--arg NAME VALUE` takes two arguments, `--args`/`--jsonargs` turn the remaining
//! operands into `$ARGS.positional`.

/// Parsed command line.
#[derive(Debug, Default, Clone)]
pub struct Opts {
    /// The program text (or the `-f` file's name until it is read).
    pub program: Option<String>,
    /// `-f FILE`.
    pub from_file: Option<String>,
    /// Input files (empty: standard input).
    pub files: Vec<String>,
    /// `-n`.
    pub null_input: bool,
    /// `-R`.
    pub raw_input: bool,
    /// `-s`.
    pub slurp: bool,
    /// `-r`.
    pub raw_output: bool,
    /// `-j`.
    pub join_output: bool,
    /// `--raw-output0`.
    pub raw_output0: bool,
    /// `-a`.
    pub ascii: bool,
    /// `-c`.
    pub compact: bool,
    /// `--tab`.
    pub tab: bool,
    /// `--indent N`.
    pub indent: Option<usize>,
    /// `-S`.
    pub sort_keys: bool,
    /// `-C`.
    pub color: bool,
    /// `-e`.
    pub exit_status: bool,
    /// `--seq`.
    pub seq: bool,
    /// `--stream`.
    pub stream: bool,
    /// `--arg`, `--argjson`, `--slurpfile`, `--rawfile` in order: (name, kind, value).
    pub named: Vec<(String, NamedKind, String)>,
    /// `--args`/`--jsonargs` operands: (is JSON, text).
    pub positional: Vec<(bool, String)>,
    /// `-h`.
    pub help: bool,
    /// `-V`.
    pub version: bool,
    /// `-L DIR` / `--library-path DIR`, in order: the module search path.
    pub lib_paths: Vec<String>,
}

/// The kind of a named argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamedKind {
    /// `--arg`: a string.
    Arg,
    /// `--argjson`: JSON text.
    Json,
    /// `--slurpfile`: a file of JSON values, as an array.
    SlurpFile,
    /// `--rawfile`: a file's text.
    RawFile,
}

/// Parse jq's arguments. `Err` holds the message for stderr (without the `jq: ` prefix).
pub fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts::default();
    let mut rest_mode: Option<bool> = None; // Some(json?) after --args / --jsonargs
    let mut i = 0;
    let mut no_more_opts = false;
    let need = |i: usize, n: usize, opt: &str| -> Result<(), String> {
        if i + n >= args.len() {
            Err(format!("{opt} takes {} parameter{}", if n == 1 { "one" } else { "two" }, if n == 1 { "" } else { "s" }))
        } else {
            Ok(())
        }
    };
    while i < args.len() {
        let a = &args[i];
        // jq's `isoptish`: `-` then `-` or a letter (`-(.)` and `-1` are programs or files).
        let is_opt = !no_more_opts && a.strip_prefix('-').is_some_and(|r| r.starts_with(|c: char| c == '-' || c.is_ascii_alphabetic()));
        if !is_opt {
            if o.program.is_none() && o.from_file.is_none() {
                o.program = Some(a.clone());
            } else if let Some(json) = rest_mode {
                o.positional.push((json, a.clone()));
            } else {
                o.files.push(a.clone());
            }
            i += 1;
            continue;
        }
        if a == "--" {
            no_more_opts = true;
            i += 1;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "null-input" => o.null_input = true,
                "raw-input" => o.raw_input = true,
                "slurp" => o.slurp = true,
                "raw-output" => o.raw_output = true,
                "join-output" => {
                    o.raw_output = true;
                    o.join_output = true
                }
                "raw-output0" => {
                    o.raw_output = true;
                    o.raw_output0 = true
                }
                "ascii-output" => o.ascii = true,
                "compact-output" => o.compact = true,
                "tab" => o.tab = true,
                "sort-keys" => o.sort_keys = true,
                "color-output" => o.color = true,
                "monochrome-output" => o.color = false,
                "exit-status" => o.exit_status = true,
                "seq" => o.seq = true,
                "stream" => o.stream = true,
                "unbuffered" | "stream-errors" => {}
                "help" => o.help = true,
                "version" => o.version = true,
                "args" => rest_mode = Some(false),
                "jsonargs" => rest_mode = Some(true),
                "indent" => {
                    need(i, 1, "--indent")?;
                    let n: i64 = args[i + 1].parse().ok().filter(|n| (-1..=7).contains(n)).ok_or("--indent takes a number between -1 and 7")?;
                    o.indent = Some(n.max(0) as usize);
                    i += 1;
                }
                "from-file" => {
                    need(i, 1, "--from-file")?;
                    o.from_file = Some(args[i + 1].clone());
                    i += 1;
                }
                "arg" | "argjson" | "slurpfile" | "rawfile" => {
                    if i + 2 >= args.len() {
                        let what = if long == "arg" { "value" } else if long == "argjson" { "text" } else { "filename" };
                        return Err(format!("--{long} takes two parameters (e.g. --{long} varname {what})"));
                    }
                    let kind = match long {
                        "arg" => NamedKind::Arg,
                        "argjson" => NamedKind::Json,
                        "slurpfile" => NamedKind::SlurpFile,
                        _ => NamedKind::RawFile,
                    };
                    o.named.push((args[i + 1].clone(), kind, args[i + 2].clone()));
                    i += 2;
                }
                "library-path" => {
                    need(i, 1, a)?;
                    o.lib_paths.push(args[i + 1].clone());
                    i += 1;
                }
                _ => return Err(format!("Unknown option: {a}")),
            }
            i += 1;
            continue;
        }
        // `-LDIR`: the directory in the same argument.
        if let Some(dir) = a.strip_prefix("-L").filter(|d| !d.is_empty()) {
            o.lib_paths.push(dir.to_string());
            i += 1;
            continue;
        }
        // Short options, possibly combined.
        let flags: Vec<char> = a[1..].chars().collect();
        let mut consumed = 0;
        for c in flags {
            match c {
                'n' => o.null_input = true,
                'R' => o.raw_input = true,
                's' => o.slurp = true,
                'r' => o.raw_output = true,
                'j' => {
                    o.raw_output = true;
                    o.join_output = true
                }
                'a' => o.ascii = true,
                'c' => o.compact = true,
                'S' => o.sort_keys = true,
                'C' => o.color = true,
                'M' => o.color = false,
                'e' => o.exit_status = true,
                'h' => o.help = true,
                'V' => o.version = true,
                'f' => {
                    need(i + consumed, 1, "-f")?;
                    consumed += 1;
                    o.from_file = Some(args[i + consumed].clone());
                }
                'L' => {
                    need(i + consumed, 1, "-L")?;
                    consumed += 1;
                    o.lib_paths.push(args[i + consumed].clone());
                }
                _ => return Err(format!("Unknown option: {a}")),
            }
        }
        i += 1 + consumed;
    }
    // With -f, jq treats the first operand as an input file.
    if o.from_file.is_some() {
        if let Some(p) = o.program.take() {
            o.files.insert(0, p);
        }
    }
    Ok(o)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    fn p(a: &[&str]) -> Result<Opts, String> {
        parse(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn options() {
        let o = p(&["-rc", ".a", "f.json", "--arg", "x", "1", "-S"]).unwrap();
        assert!(o.raw_output && o.compact && o.sort_keys);
        assert_eq!(o.program.as_deref(), Some(".a"));
        assert_eq!(o.files, ["f.json"]);
        assert_eq!(o.named[0].0, "x");
        let o = p(&["-n", "$ARGS", "--args", "a", "b"]).unwrap();
        assert_eq!(o.positional.len(), 2);
        assert!(p(&["--bogus", "."]).unwrap_err().contains("Unknown option"));
        assert!(p(&[".", "--arg", "x"]).is_err());
        assert_eq!(p(&["-f", "prog.jq", "in.json"]).unwrap().files, ["in.json"]);
        assert_eq!(p(&["-L", "/a", "-L/b", "--library-path", "c", "."]).unwrap().lib_paths, ["/a", "/b", "c"]);
    }
}
