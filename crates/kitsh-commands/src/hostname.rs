//! `hostname`: print the virtual system's host name (`SystemInfo::Hostname`, `localhost` when
//! the embedder set none), with net-tools' `-s -f -d -a -A -i -I -y`. Setting the name is refused
//! as for an unprivileged user.

use super::args::{self, Config, OptSpec};
use super::{Builtin, Ctx, SystemInfo};

/// The `hostname` command.
pub struct Hostname;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Alias,
    AllFqdns,
    Boot,
    Domain,
    Fqdn,
    File,
    Ip,
    AllIp,
    Short,
    Nis,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('a', "alias", O::Alias),
    OptSpec::flag('A', "all-fqdns", O::AllFqdns),
    OptSpec::flag('b', "boot", O::Boot),
    OptSpec::flag('d', "domain", O::Domain),
    OptSpec::flag('f', "fqdn", O::Fqdn),
    OptSpec::flag('f', "long", O::Fqdn),
    OptSpec::req('F', "file", O::File),
    OptSpec::flag('i', "ip-address", O::Ip),
    OptSpec::flag('I', "all-ip-addresses", O::AllIp),
    OptSpec::flag('s', "short", O::Short),
    OptSpec::flag('y', "yp", O::Nis),
    OptSpec::flag('y', "nis", O::Nis),
];
const USAGE: &str = "Usage: hostname [-b] {hostname|-F file}         set host name (from file)\n       hostname [-a|-A|-d|-f|-i|-I|-s|-y]       display formatted name\n       hostname                                 display host name";

/// The host name of the virtual system.
pub fn host_name(ctx: &Ctx<'_>) -> String {
    ctx.env.system(SystemInfo::Hostname).filter(|h| !h.is_empty()).unwrap_or_else(|| "localhost".to_string())
}

impl Builtin for Hostname {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 255, ..Config::new(ctx.name, USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(args::ArgError::Version) => {
                let _ = writeln!(ctx.stderr, "hostname 3.23");
                return 0;
            }
            Err(e @ args::ArgError::Help) => return e.report(ctx, &cfg),
            Err(e) => {
                ctx.error(&e.to_string());
                let _ = writeln!(ctx.stderr, "{USAGE}");
                return 255;
            }
        };
        let setting = parsed.opts.iter().any(|(o, _)| *o == O::File) || !parsed.operands.is_empty();
        if setting {
            ctx.error("you must be root to change the host name");
            return 1;
        }
        let name = host_name(ctx);
        let text = match parsed.opts.last().map(|(o, _)| *o) {
            None | Some(O::Fqdn | O::Boot | O::File) => name,
            Some(O::Short) => name.split('.').next().unwrap_or("").to_string(),
            Some(O::Domain) => name.split_once('.').map(|(_, d)| d.to_string()).unwrap_or_default(),
            Some(O::Alias) => String::new(),
            Some(O::AllFqdns) => format!("{name} "),
            Some(O::Ip) => "127.0.0.1".to_string(),
            Some(O::AllIp) => "127.0.0.1 ".to_string(),
            Some(O::Nis) => {
                ctx.error("Local domain name not set");
                return 1;
            }
        };
        match writeln!(ctx.stdout, "{text}") {
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

    fn h(args: &[&str]) -> (String, String, i32) {
        let o = run(&Hostname, "hostname", args, b"", &*NOFS, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn prints_the_name() {
        assert_eq!(h(&[]).0, "localhost\n");
        assert_eq!(h(&["-s"]).0, "localhost\n");
        assert_eq!(h(&["--fqdn"]).0, "localhost\n");
        assert_eq!(h(&["-d"]).0, "\n");
        assert_eq!(h(&["-i"]).0, "127.0.0.1\n");
        assert_eq!(h(&["-s", "-i"]).0, "127.0.0.1\n");
    }

    #[test]
    fn errors() {
        assert_eq!(h(&["foo"]), (String::new(), "hostname: you must be root to change the host name\n".into(), 1));
        let (_, err, st) = h(&["-x"]);
        assert_eq!(st, 255);
        assert!(err.starts_with("hostname: invalid option -- 'x'\nUsage: hostname [-b]"));
        assert_eq!(h(&["-y"]).2, 1);
    }
}
