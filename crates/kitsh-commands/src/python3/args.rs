//! The command line of `python3`, parsed as CPython 3.11 parses it: options up to `-c CMD`,
//! `-m MOD`, the script file or `-`; everything after that is the script's `sys.argv[1:]`.

/// What to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Script {
    /// `-c CMD`.
    Command(String),
    /// `-m MOD`.
    Module(String),
    /// A file of the virtual filesystem.
    File(String),
    /// Standard input (`-`, or no script argument).
    Stdin {
        /// `-` was given (it becomes `sys.argv[0]`; otherwise `sys.argv[0]` is empty).
        dash: bool,
    },
}

/// The parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// What to run.
    pub script: Script,
    /// The arguments after the script (`sys.argv[1:]`).
    pub args: Vec<String>,
    /// `-u`: unbuffered stdout and stderr.
    pub unbuffered: bool,
    /// `-I` (isolated) or `-P`: the script's directory is not put on `sys.path`.
    pub isolated: bool,
}

/// Why parsing stopped without a script to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exit {
    /// Print this on stdout and exit 0 (`-V`, `-h`).
    Print(String),
    /// Print this on stderr and exit 2 (a bad option).
    Usage(String),
}

/// Options taking an argument (attached, `-Wignore`, or the next word).
const WITH_ARG: &[char] = &['c', 'm', 'W', 'X'];
/// Options accepted and ignored (they change nothing kitsh's interpreter does differently).
const FLAGS: &[char] = &['b', 'B', 'd', 'E', 'i', 'O', 'q', 's', 'S', 'v', 'x', 'R'];

fn usage(argv0: &str, first: &str) -> Exit {
    Exit::Usage(format!(
        "{first}\nusage: {argv0} [option] ... [-c cmd | -m mod | file | -] [arg] ...\nTry `python -h' for more information.\n"
    ))
}

fn help(argv0: &str) -> String {
    format!(
        "usage: {argv0} [option] ... [-c cmd | -m mod | file | -] [arg] ...\n\
Options (kitsh's embedded Python: RustPython with the standard library frozen in):\n\
-c cmd : program passed in as string (terminates option list)\n\
-I     : isolate Python from the user's environment (the script's directory is not on sys.path)\n\
-m mod : run library module as a script (terminates option list)\n\
-u     : force the stdout and stderr streams to be unbuffered\n\
-V     : print the Python version number and exit (also --version)\n\
-h     : print this help message and exit (also --help)\n\
-b -B -d -E -i -O -q -s -S -v -x -R -P -W arg -X opt : accepted; they change nothing here\n\
file   : program read from script file (in the virtual filesystem)\n\
-      : program read from stdin (default)\n\
arg ...: arguments passed to program in sys.argv[1:]\n"
    )
}

/// The version line `-V` prints (CPython's format, RustPython's language level).
pub const VERSION: &str = "Python 3.14.0\n";

/// Parse `args` (the words after the command name); `argv0` is the name for messages.
pub fn parse(argv0: &str, args: &[String]) -> Result<Options, Exit> {
    let mut opts = Options { script: Script::Stdin { dash: false }, args: Vec::new(), unbuffered: false, isolated: false };
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "-" {
            opts.script = Script::Stdin { dash: true };
            opts.args = args[i + 1..].to_vec();
            return Ok(opts);
        }
        if a == "--" {
            i += 1;
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "version" => return Err(Exit::Print(VERSION.into())),
                "help" | "help-all" | "help-env" | "help-xoptions" => return Err(Exit::Print(help(argv0))),
                _ => return Err(usage(argv0, &format!("unknown option {a}"))),
            }
        }
        let Some(flags) = a.strip_prefix('-') else { break };
        let chars: Vec<char> = flags.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if WITH_ARG.contains(&c) {
                let rest: String = chars[j + 1..].iter().collect();
                let value = if !rest.is_empty() {
                    rest
                } else if i + 1 < args.len() {
                    i += 1;
                    args[i].clone()
                } else {
                    return Err(usage(argv0, &format!("Argument expected for the -{c} option")));
                };
                match c {
                    'c' => {
                        opts.script = Script::Command(value);
                        opts.args = args[i + 1..].to_vec();
                        return Ok(opts);
                    }
                    'm' => {
                        opts.script = Script::Module(value);
                        opts.args = args[i + 1..].to_vec();
                        return Ok(opts);
                    }
                    _ => break, // -W / -X: accepted, ignored
                }
            }
            match c {
                'u' => opts.unbuffered = true,
                'I' | 'P' => opts.isolated = true,
                'V' => return Err(Exit::Print(VERSION.into())),
                'h' | '?' => return Err(Exit::Print(help(argv0))),
                c if FLAGS.contains(&c) => {}
                c => return Err(usage(argv0, &format!("Unknown option: -{c}"))),
            }
            j += 1;
        }
        i += 1;
    }
    if i < args.len() {
        if args[i] == "-" {
            opts.script = Script::Stdin { dash: true };
        } else {
            opts.script = Script::File(args[i].clone());
        }
        opts.args = args[i + 1..].to_vec();
    }
    Ok(opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Options, Exit> {
        parse("python3", &args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn forms() {
        let o = p(&["-u", "-c", "print(1)", "a", "-x"]).unwrap_or_else(|_| unreachable!());
        assert_eq!(o.script, Script::Command("print(1)".into()));
        assert_eq!(o.args, vec!["a", "-x"]);
        assert!(o.unbuffered);
        let o = p(&["-uc", "x"]).unwrap_or_else(|_| unreachable!());
        assert_eq!(o.script, Script::Command("x".into()));
        let o = p(&["-I", "f.py", "-u"]).unwrap_or_else(|_| unreachable!());
        assert_eq!((o.script, o.args, o.unbuffered), (Script::File("f.py".into()), vec!["-u".to_string()], false));
        assert_eq!(p(&[]).map(|o| o.script), Ok(Script::Stdin { dash: false }));
        assert_eq!(p(&["-", "a"]).map(|o| (o.script, o.args)), Ok((Script::Stdin { dash: true }, vec!["a".to_string()])));
        assert_eq!(p(&["-m", "json.tool", "f"]).map(|o| o.script), Ok(Script::Module("json.tool".into())));
        assert!(matches!(p(&["-z"]), Err(Exit::Usage(m)) if m.starts_with("Unknown option: -z\nusage: python3 ")));
        assert!(matches!(p(&["-c"]), Err(Exit::Usage(m)) if m.starts_with("Argument expected for the -c option")));
        assert_eq!(p(&["-V"]), Err(Exit::Print(VERSION.into())));
    }
}
