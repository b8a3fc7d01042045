//! `node`'s command line, as Node 20 parses it: options up to the script (a file, `-e CODE`,
//! `-p CODE`, `-` or standard input); every word after the script, options too, goes to
//! `process.argv`.

/// The Node version whose behaviour `node` follows (`node --version`, `process.version`).
pub const NODE_VERSION: &str = "v20.20.2";

/// Where the script comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Script {
    /// `-e CODE` (`print`: `-p CODE`, the completion value is printed).
    Eval { code: String, print: bool },
    /// A file of the virtual filesystem.
    File(String),
    /// Standard input (`node -` or `node` with no script).
    Stdin,
}

/// A parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opts {
    /// The script.
    pub script: Script,
    /// The words after it (`process.argv.slice(2)`; for `node -`, `-` comes first).
    pub args: Vec<String>,
    /// `-c`/`--check`: only check the file's syntax.
    pub check: bool,
    /// `-r MODULE`: modules required before the script.
    pub preload: Vec<String>,
    /// `--input-type=module`: `-e` code and standard input are ES modules.
    pub module: bool,
}

/// What parsing ends with when it does not run a script.
#[derive(Debug, PartialEq, Eq)]
pub enum Exit {
    /// Print this to standard output; status 0 (`--version`, `--help`).
    Print(String),
    /// Print this to standard error; with this status.
    Usage(String, i32),
}

const HELP: &str = "Usage: node [options] [ script.js ] [arguments]
       node -e \"script\" [arguments]
       node -p \"script\" [arguments]

kitsh's node: JavaScript on an embedded QuickJS engine, following Node 20's behaviour, with
the virtual filesystem for `fs` and no processes, sockets or host files.

Options:
  -                     script read from stdin (default if no file name is provided)
  --                    indicate the end of node options
  -c, --check           syntax check script without executing
  -e, --eval script     evaluate script
  -h, --help            print node command line options
  -p, --print [...]     evaluate script and print result
  -r, --require module  module to preload
  -v, --version         print Node.js version
";

/// Options Node takes that change nothing here (tuning, warnings, experiments), with or
/// without a value after `=`.
const IGNORED: &[&str] = &[
    "--no-warnings",
    "--no-deprecation",
    "--trace-warnings",
    "--trace-uncaught",
    "--enable-source-maps",
    "--max-old-space-size",
    "--max-semi-space-size",
    "--stack-size",
    "--expose-gc",
    "--unhandled-rejections",
    "--input-type",
    "--experimental-vm-modules",
    "--experimental-fetch",
    "--experimental-default-type",
    "--preserve-symlinks",
    "--use-strict",
    "--throw-deprecation",
    "--pending-deprecation",
    "--harmony",
    "--title",
    "--abort-on-uncaught-exception",
];

/// Parse `node`'s words (`argv[0]` excluded).
pub fn parse(argv: &[String]) -> Result<Opts, Exit> {
    let mut script = None;
    let mut check = false;
    let mut print = false;
    let mut preload = Vec::new();
    let mut module = false;
    let mut i = 0;
    let value = |i: &mut usize, opt: &str| -> Result<String, Exit> {
        *i += 1;
        argv.get(*i).cloned().ok_or_else(|| Exit::Usage(format!("node: {opt} requires an argument\n"), 9))
    };
    while i < argv.len() {
        let a = argv[i].as_str();
        match a {
            "--" => {
                i += 1;
                break;
            }
            "-" => break,
            "-v" | "--version" => return Err(Exit::Print(format!("{NODE_VERSION}\n"))),
            "-h" | "--help" => return Err(Exit::Print(HELP.to_string())),
            "-c" | "--check" => check = true,
            "-e" | "--eval" => script = Some(value(&mut i, a)?),
            "-p" | "--print" => {
                print = true;
                // `-p` takes the script when one follows and `-e` has not given it.
                if script.is_none() {
                    script = Some(value(&mut i, a)?);
                }
            }
            "-pe" | "-ep" => {
                print = true;
                script = Some(value(&mut i, a)?);
            }
            "-r" | "--require" => preload.push(value(&mut i, a)?),
            _ if a.starts_with("--eval=") || a.starts_with("--print=") || a.starts_with("--require=") => {
                let (k, v) = a.split_once('=').unwrap_or((a, ""));
                match k {
                    "--require" => preload.push(v.to_string()),
                    "--print" => {
                        print = true;
                        script = Some(v.to_string());
                    }
                    _ => script = Some(v.to_string()),
                }
            }
            "--input-type=module" | "--input-type=commonjs" => module = a.ends_with("module"),
            "--input-type" => {
                module = value(&mut i, a)? == "module";
            }
            _ if a.starts_with('-') => {
                let name = a.split_once('=').map_or(a, |(k, _)| k);
                let known = IGNORED.contains(&name) || name.starts_with("--experimental-") || name.starts_with("--no-experimental-");
                if !known {
                    return Err(Exit::Usage(format!("node: bad option: {a}\n"), 9));
                }
                // `--input-type module` and the like take the next word when no `=` was given.
                if !a.contains('=') && matches!(name, "--max-old-space-size" | "--stack-size" | "--input-type" | "--title" | "--unhandled-rejections") {
                    i += 1;
                }
            }
            _ => break,
        }
        i += 1;
    }
    let rest = argv.get(i..).unwrap_or(&[]);
    if let Some(code) = script {
        return Ok(Opts { script: Script::Eval { code, print }, args: rest.to_vec(), check, preload, module });
    }
    match rest.first().map(String::as_str) {
        None => Ok(Opts { script: Script::Stdin, args: Vec::new(), check, preload, module }),
        Some("-") => Ok(Opts { script: Script::Stdin, args: rest.to_vec(), check, preload, module }),
        Some(f) => Ok(Opts { script: Script::File(f.to_string()), args: rest[1..].to_vec(), check, preload, module }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn scripts_and_their_arguments() {
        let o = parse(&words("-e code a --foo b")).unwrap();
        assert_eq!(o.script, Script::Eval { code: "code".into(), print: false });
        assert_eq!(o.args, words("a --foo b"));
        // Options go on after `-e CODE` up to the first operand; `--` ends them and goes.
        assert_eq!(parse(&words("-e code -- a b")).unwrap().args, words("a b"));
        assert_eq!(parse(&words("-e code --no-warnings a -- b")).unwrap().args, words("a -- b"));
        assert_eq!(parse(&words("-e code -- -- b")).unwrap().args, words("-- b"));
        let o = parse(&words("-p 1+1 x")).unwrap();
        assert_eq!(o.script, Script::Eval { code: "1+1".into(), print: true });
        let o = parse(&words("-pe x")).unwrap();
        assert_eq!(o.script, Script::Eval { code: "x".into(), print: true });
        let o = parse(&words("--no-warnings f.js --x y")).unwrap();
        assert_eq!(o.script, Script::File("f.js".into()));
        assert_eq!(o.args, words("--x y"));
        let o = parse(&words("- q")).unwrap();
        assert_eq!((o.script, o.args), (Script::Stdin, words("- q")));
        assert_eq!(parse(&[]).unwrap().script, Script::Stdin);
        assert!(parse(&words("-c f.js")).unwrap().check);
        assert!(parse(&words("--input-type=module -e x")).unwrap().module);
        assert!(parse(&words("--input-type module")).unwrap().module);
    }

    #[test]
    fn bad_options_and_versions() {
        assert_eq!(parse(&words("--bogus")), Err(Exit::Usage("node: bad option: --bogus\n".into(), 9)));
        assert_eq!(parse(&words("-e")), Err(Exit::Usage("node: -e requires an argument\n".into(), 9)));
        assert_eq!(parse(&words("--version")), Err(Exit::Print("v20.20.2\n".into())));
    }
}
