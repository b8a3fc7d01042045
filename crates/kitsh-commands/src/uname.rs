//! `uname`: fixed facts about the virtual system (`Linux`, kernel `6.0.0-kitsh`, `x86_64`,
//! `GNU/Linux`) and its host name.

use super::args::{self, quote, usage_error, Config, OptSpec};
use super::hostname::host_name;
use super::{Builtin, Ctx};

/// The `uname` command.
pub struct Uname;

const ALL: u8 = 0xff;
const KERNEL: u8 = 1;
const NODE: u8 = 2;
const RELEASE: u8 = 4;
const VERSION: u8 = 8;
const MACHINE: u8 = 16;
const PROCESSOR: u8 = 32;
const PLATFORM: u8 = 64;
const OS: u8 = 128;

const SPECS: &[OptSpec<u8>] = &[
    OptSpec::flag('a', "all", ALL),
    OptSpec::flag('s', "kernel-name", KERNEL),
    OptSpec::flag('n', "nodename", NODE),
    OptSpec::flag('r', "kernel-release", RELEASE),
    OptSpec::flag('r', "release", RELEASE),
    OptSpec::flag('v', "kernel-version", VERSION),
    OptSpec::flag('m', "machine", MACHINE),
    OptSpec::flag('p', "processor", PROCESSOR),
    OptSpec::flag('i', "hardware-platform", PLATFORM),
    OptSpec::flag('o', "operating-system", OS),
];
const USAGE: &str = "Usage: uname [OPTION]...\nPrint certain system information.  With no OPTION, same as -s.";

impl Builtin for Uname {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        if let Some(extra) = parsed.operands.first() {
            usage_error(ctx, &format!("extra operand {}", quote(extra)));
            return 1;
        }
        let mut want = parsed.opts.iter().fold(0u8, |acc, (bit, _)| acc | bit);
        if want == 0 {
            want = KERNEL;
        }
        let all = parsed.opts.iter().any(|(bit, _)| *bit == ALL);
        let node = host_name(ctx);
        let fields: [(u8, &str); 8] = [
            (KERNEL, "Linux"),
            (NODE, &node),
            (RELEASE, "6.0.0-kitsh"),
            (VERSION, "#1 SMP PREEMPT_DYNAMIC"),
            (MACHINE, "x86_64"),
            (PROCESSOR, "unknown"),
            (PLATFORM, "unknown"),
            (OS, "GNU/Linux"),
        ];
        let line: Vec<&str> = fields
            .iter()
            .filter(|(bit, _)| want & bit != 0)
            .filter(|(bit, _)| !(all && (*bit == PROCESSOR || *bit == PLATFORM) && want == ALL))
            .map(|(_, v)| *v)
            .collect();
        match writeln!(ctx.stdout, "{}", line.join(" ")) {
            Ok(()) => 0,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn u(args: &[&str]) -> String {
        let o = run(&Uname, "uname", args, b"", &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn fields() {
        assert_eq!(u(&[]), "Linux\n");
        assert_eq!(u(&["-a"]), "Linux localhost 6.0.0-kitsh #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\n");
        assert_eq!(u(&["--all", "-s"]), "Linux localhost 6.0.0-kitsh #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\n");
        assert_eq!(u(&["-snrvmpio"]), "Linux localhost 6.0.0-kitsh #1 SMP PREEMPT_DYNAMIC x86_64 unknown unknown GNU/Linux\n");
        assert_eq!(u(&["-ms"]), "Linux x86_64\n");
        assert_eq!(u(&["-r"]), "6.0.0-kitsh\n");
        assert_eq!(u(&["-o", "-n"]), "localhost GNU/Linux\n");
        assert_eq!(u(&["-p"]), "unknown\n");
    }

    #[test]
    fn errors() {
        assert_eq!(u(&["a"]), "uname: extra operand ‘a’\nTry 'uname --help' for more information.\n");
        assert_eq!(u(&["-x"]), "uname: invalid option -- 'x'\nTry 'uname --help' for more information.\n");
    }
}
