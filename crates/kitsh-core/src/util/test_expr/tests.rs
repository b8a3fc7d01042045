//! `test` cases verified against bash 5.2, and file tests on a small mock filesystem.

use super::*;
use crate::fs::{DirEntry, FsError, FsResult, WriteMode};
use std::collections::HashMap;
use std::io::Read;
use std::time::{Duration, SystemTime};

/// (args, status, stderr message without the shell prefix)
const CASES: &[(&[&str], i32, &str)] = &[
    (&[], 1, ""),
    (&[""], 1, ""),
    (&["x"], 0, ""),
    (&["-a"], 0, ""),
    (&["-o"], 0, ""),
    (&["!"], 0, ""),
    (&["("], 0, ""),
    (&[")"], 0, ""),
    (&["-z"], 0, ""),
    (&["-n"], 0, ""),
    (&["!", "-z"], 1, ""),
    (&["!", "x"], 1, ""),
    (&["!", ""], 0, ""),
    (&["-x", "x"], 1, ""),
    (&["x", "y"], 2, "test: x: unary operator expected"),
    (&["-q", "x"], 2, "test: -q: unary operator expected"),
    (&["x", "-a", "y"], 0, ""),
    (&["x", "-a", ""], 1, ""),
    (&["", "-o", "y"], 0, ""),
    (&["!", "-z", "x"], 0, ""),
    (&["(", "x", ")"], 0, ""),
    (&["(", "", ")"], 1, ""),
    (&["(x", "y", ")z"], 0, ""),
    (&["x", "y", "z"], 2, "test: y: binary operator expected"),
    (&["!", "x", "y"], 2, "test: x: unary operator expected"),
    (&["!", "-n", ""], 0, ""),
    (&["!", "!", "x"], 0, ""),
    (&["(", "!", "x", ")"], 1, ""),
    (&["x", "=", "x"], 0, ""),
    (&["x", "!=", "y"], 0, ""),
    (&["-n", "=", "-n"], 0, ""),
    (&["-z", "-z"], 1, ""),
    (&["!", "=", "!"], 0, ""),
    (&["(", "=", "("], 0, ""),
    (&["-a", "-a", "-a"], 0, ""),
    (&["-o", "-o", "-o"], 0, ""),
    (&["!", "x", "-a", "y"], 1, ""),
    (&["x", "-a", "!", "y"], 1, ""),
    (&["(", "x", "-a", "y", ")"], 0, ""),
    (&["(", "(", "x", ")", ")"], 0, ""),
    (&["(", "x"], 2, "test: (: unary operator expected"),
    (&["x", ")"], 2, "test: x: unary operator expected"),
    (&["!", "(", "x", ")"], 1, ""),
    (&["(", "-n", "x", ")"], 0, ""),
    (&["!", "!", "!", "x"], 1, ""),
    (&["1", "-eq", "1"], 0, ""),
    (&[" 1 ", "-eq", "1"], 0, ""),
    (&["1x", "-eq", "1"], 2, "test: 1x: integer expression expected"),
    (&["1", "-eq", ""], 2, "test: : integer expression expected"),
    (&["-1", "-lt", "0"], 0, ""),
    (&["99999999999999999999", "-eq", "1"], 2, "test: 99999999999999999999: integer expression expected"),
    (&["+3", "-eq", "3"], 0, ""),
    (&["0x10", "-eq", "16"], 2, "test: 0x10: integer expression expected"),
    (&["010", "-eq", "10"], 0, ""),
    (&["-t"], 0, ""),
    (&["-t", "1"], 1, ""),
    (&["-t", "x"], 1, ""),
    (&["-t", "1", "-a", "x"], 1, ""),
    (&["x", "-a", "-t"], 0, ""),
    (&["-o", "nonsense"], 1, ""),
    (&["-R", "x"], 1, ""),
    (&["a", "<", "b"], 0, ""),
    (&["b", ">", "a"], 0, ""),
    (&["a", "-lt", "b"], 2, "test: a: integer expression expected"),
    (&["a", "-foo", "b"], 2, "test: -foo: binary operator expected"),
    (&["-e"], 0, ""),
    (&["-e", "x", "y"], 2, "test: x: binary operator expected"),
    (&["x", "-a", "y", "-o", "z"], 0, ""),
    (&["", "-a", "", "-o", "y"], 0, ""),
    (&["x", "-o", "", "-a", ""], 0, ""),
    (&["(", ")"], 2, "test: (: unary operator expected"),
    (&["(", ")", ")"], 0, ""),
    (&["!"], 0, ""),
    (&["!", "!"], 1, ""),
    (&["-"], 0, ""),
    (&["--"], 0, ""),
    (&["--", "x"], 2, "test: --: unary operator expected"),
    (&["x", "-a"], 2, "test: x: unary operator expected"),
    (&["x", "-o"], 2, "test: x: unary operator expected"),
    (&["-a", "x"], 1, ""),
    (&["-o", "x"], 1, ""),
    (&["-a", "-z"], 1, ""),
    (&["-z", "", "-a", "-n", "x", "-a", "x", "=", "x"], 0, ""),
    (&["(", "x", ")", "-a", "(", "y", ")"], 0, ""),
    (&["(", "", ")", "-o", "(", "", ")"], 1, ""),
    (&["1", "-eq", "1", "-a"], 2, "test: argument expected"),
    (&["(", "x", "("], 2, "test: x: binary operator expected"),
    (&["x", "="], 2, "test: x: unary operator expected"),
    (&["=", "x"], 2, "test: =: unary operator expected"),
    (&["=", "=", "="], 0, ""),
    (&["=", "="], 2, "test: =: unary operator expected"),
    (&["-n", "-a", "-n"], 0, ""),
    (&["!", "!", "=", "!"], 1, ""),
    (&["(", "x", "-a", "y"], 2, "test: `)' expected"),
    (&["(", "x", "y", ")", "z"], 2, "test: `)' expected, found y"),
    (&["(", "x", "-a", "y", "z", ")"], 2, "test: `)' expected, found z"),
    (&["x", "y", "z", "w"], 2, "test: too many arguments"),
    (&["x", "y", "z", "w", "v"], 2, "test: too many arguments"),
    (&["-z", "x", "y", "z"], 2, "test: too many arguments"),
    (&["!", "!", "!", "!", "x"], 0, ""),
    (&["(", "!", ")"], 0, ""),
    (&["(", "(", ")", ")"], 2, "test: (: unary operator expected"),
    (&["x", "-eq", "1", "-a"], 2, "test: x: integer expression expected"),
    (&["a", "=", "b", "=", "c"], 2, "test: too many arguments"),
    (&["1", "-eq", "1", "1"], 2, "test: too many arguments"),
    (&["-n", "x", "y"], 2, "test: x: binary operator expected"),
    (&["!", "-n", "x", "y"], 2, "test: x: binary operator expected"),
    (&["(", "x", ")", "y"], 2, "test: too many arguments"),
    (&["-l", "x"], 2, "test: -l: unary operator expected"),
    (&["-l", "x", "=", "1"], 2, "test: too many arguments"),
    (&["x", "-a", "-n"], 0, ""),
    (&["(", ")", ")", ")"], 2, "test: ): unary operator expected"),
    (&["(", "-a", ")"], 0, ""),
    (&["(", "!", "!", ")"], 1, ""),
    (&["-a", "-a"], 1, ""),
    (&["!", "("], 1, ""),
    (&["(", "("], 2, "test: (: unary operator expected"),
    (&["!", "!", "-a", "x"], 1, ""),
    (&["!", "", "-a", "x"], 0, ""),
    (&["1", "-eq", "2", "-o", "1", "-eq", "1", "-a", "2", "-eq", "3"], 1, ""),
    (&["x", "-o", "y", "-a", ""], 0, ""),
    (&["", "-o", "y", "-a", ""], 1, ""),
    (&["-n", "", "-o", "-z", ""], 0, ""),
    (&["x", "-a", "y", "-a", "-z"], 0, ""),
    (&["x", "-a", "y", "-a", "-t"], 0, ""),
    (&["-l", "x", "-a", "y", "z"], 2, "test: too many arguments"),
    (&["x", "-a", "y", "-a", "-l"], 0, ""),
    (&["-l", "-a", "x", "-a", "y"], 0, ""),
    (&["-t", "-a", "x", "-a", "y"], 1, ""),
    (&["-t", "1", "-a", "x", "-a", "y"], 1, ""),
    (&["!", "x", "-a", "y", "-a", "z"], 1, ""),
    (&["x", "-a", "(", "y", ")", "-a", "z"], 0, ""),
    (&["(", "x", ")", "-a", "y", "-o", ""], 0, ""),
    (&["x", "-a", ")"], 0, ""),
    (&[")", "-a", "x", "-a", "y"], 0, ""),
    (&["(", "x", "-a", "y", ")", "-o", "z"], 0, ""),
    (&["-z", "-a", "-z", "-a", "-z"], 2, "test: syntax error: `-z' unexpected"),
    (&["!", "-z", "-a", "!", "-z", "-a", "x"], 2, "test: too many arguments"),
    (&["x", "=", "y", "-o", "a", "=", "a"], 0, ""),
    (&["-n", "x", "-a", "-n", "y", "-a", "x"], 0, ""),
    (&["!", "=", "x", "-a", "y"], 2, "test: too many arguments"),
    (&["!", "=", "!", "-a", "y"], 2, "test: too many arguments"),
    (&["=", "=", "=", "-a", "y"], 0, ""),
    (&["-a", "=", "-a", "-a", "y"], 0, ""),
    (&["x", "-a", "!"], 0, ""),
    (&["!", "(", ")", "x"], 2, "test: ): binary operator expected"),
    (&["(", "x", ")", ")"], 2, "test: x: unary operator expected"),
    (&["-n"], 0, ""),
    (&["(", "-n", ")"], 0, ""),
    (&["a", "-eq"], 2, "test: a: unary operator expected"),
    (&["b", "==", "b"], 0, ""),
    (&["b", "==", "c"], 1, ""),
    (&["abc", "<", "abd"], 0, ""),
    (&["B", "<", "a"], 0, ""),
    (&["é", ">", "z"], 0, ""),
    (&["-9223372036854775808", "-lt", "9223372036854775807"], 0, ""),
    (&[" 5\t", "-gt", "4"], 0, ""),
];

#[derive(Debug, Default)]
struct MockFs {
    nodes: HashMap<String, (Metadata, Option<String>)>,
}

impl MockFs {
    fn add(&mut self, path: &str, file_type: FileType, mode: u32, len: u64, mtime: u64, uid: u32) {
        let meta = Metadata {
            file_type,
            len,
            mode,
            mtime: SystemTime::UNIX_EPOCH + Duration::from_secs(mtime),
            uid,
            gid: uid,
            nlink: 1,
            ino: self.nodes.len() as u64 + 1,
        };
        self.nodes.insert(path.to_string(), (meta, None));
    }

    fn link(&mut self, path: &str, target: &str) {
        self.add(path, FileType::Symlink, 0o777, target.len() as u64, 0, 1000);
        if let Some(n) = self.nodes.get_mut(path) {
            n.1 = Some(target.to_string());
        }
    }
}

impl FileSystem for MockFs {
    fn stat(&self, path: &str) -> FsResult<Metadata> {
        let (m, target) = self.nodes.get(path).ok_or(FsError::NotFound)?;
        match target {
            Some(t) => self.stat(t),
            None => Ok(m.clone()),
        }
    }
    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        self.nodes.get(path).map(|n| n.0.clone()).ok_or(FsError::NotFound)
    }
    fn read_file(&self, _: &str) -> FsResult<Vec<u8>> {
        Err(FsError::Invalid)
    }
    fn open_read(&self, _: &str) -> FsResult<Box<dyn Read + Send>> {
        Err(FsError::Invalid)
    }
    fn read_at(&self, _: &str, _: u64, _: &mut [u8]) -> FsResult<usize> {
        Err(FsError::Invalid)
    }
    fn write_file(&self, _: &str, _: &[u8], _: WriteMode) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn write_at(&self, _: &str, _: u64, _: &[u8]) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn set_len(&self, _: &str, _: u64) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn read_dir(&self, _: &str) -> FsResult<Vec<DirEntry>> {
        Err(FsError::Invalid)
    }
    fn mkdir(&self, _: &str, _: bool) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn remove_file(&self, _: &str) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn remove_dir(&self, _: &str) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn rename(&self, _: &str, _: &str) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn symlink(&self, _: &str, _: &str) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn hard_link(&self, _: &str, _: &str) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn read_link(&self, _: &str) -> FsResult<String> {
        Err(FsError::Invalid)
    }
    fn set_mode(&self, _: &str, _: u32) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn set_mtime(&self, _: &str, _: SystemTime) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn canonicalize(&self, path: &str) -> FsResult<String> {
        Ok(path.to_string())
    }
}

struct Env {
    fs: MockFs,
    uid: u32,
}

impl TestEnv for &Env {
    fn fs(&self) -> &dyn FileSystem {
        &self.fs
    }
    fn cwd(&self) -> &str {
        "/home"
    }
    fn var_is_set(&mut self, name: &str) -> bool {
        name == "PATH" || name == "a[1]"
    }
    fn option_is_set(&self, name: &str) -> Option<bool> {
        match name {
            "errexit" => Some(false),
            "noglob" => Some(true),
            _ => None,
        }
    }
    fn is_tty(&self, fd: i32) -> bool {
        fd == 5
    }
    fn uid(&self) -> u32 {
        self.uid
    }
    fn gid(&self) -> u32 {
        self.uid
    }
}

fn env() -> Env {
    let mut fs = MockFs::default();
    fs.add("/", FileType::Dir, 0o755, 0, 0, 0);
    fs.add("/home", FileType::Dir, 0o755, 0, 0, 1000);
    fs.add("/home/f", FileType::File, 0o644, 5, 100, 1000);
    fs.add("/home/empty", FileType::File, 0o600, 0, 200, 1000);
    fs.add("/home/run", FileType::File, 0o4755, 1, 50, 1000);
    fs.add("/home/root", FileType::File, 0o640, 1, 50, 0);
    fs.add("/home/tmp", FileType::Dir, 0o1777, 0, 50, 0);
    fs.add("/dev/null", FileType::CharDevice, 0o666, 0, 0, 0);
    fs.add("/home/fifo", FileType::Fifo, 0o644, 0, 0, 1000);
    fs.link("/home/l", "/home/f");
    fs.link("/home/dangling", "/nowhere");
    Env { fs, uid: 1000 }
}

fn run(args: &[&str], e: &Env) -> Result<bool, String> {
    let v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    eval_test(&v, &mut { e })
}

#[test]
fn matches_bash() {
    let e = env();
    for &(args, status, err) in CASES {
        let got = run(args, &e);
        let (st, msg) = match &got {
            Ok(true) => (0, String::new()),
            Ok(false) => (1, String::new()),
            Err(m) => (2, m.clone()),
        };
        assert_eq!((st, msg.as_str()), (status, err), "test {args:?}");
    }
}

#[test]
fn file_tests() {
    let e = env();
    let t = |a: &[&str]| run(a, &e);
    assert_eq!(t(&["-f", "f"]), Ok(true));
    assert_eq!(t(&["-f", "/home/f"]), Ok(true));
    assert_eq!(t(&["-d", "f"]), Ok(false));
    assert_eq!(t(&["-d", "."]), Ok(true));
    assert_eq!(t(&["-d", "tmp/"]), Ok(true));
    assert_eq!(t(&["-e", "f/"]), Ok(false));
    assert_eq!(t(&["-e", ""]), Ok(false));
    assert_eq!(t(&["-s", "f"]), Ok(true));
    assert_eq!(t(&["-s", "empty"]), Ok(false));
    assert_eq!(t(&["-L", "l"]), Ok(true));
    assert_eq!(t(&["-h", "f"]), Ok(false));
    assert_eq!(t(&["-f", "l"]), Ok(true));
    assert_eq!(t(&["-e", "dangling"]), Ok(false));
    assert_eq!(t(&["-L", "dangling"]), Ok(true));
    assert_eq!(t(&["-c", "/dev/null"]), Ok(true));
    assert_eq!(t(&["-p", "fifo"]), Ok(true));
    assert_eq!(t(&["-u", "run"]), Ok(true));
    assert_eq!(t(&["-k", "tmp"]), Ok(true));
    assert_eq!(t(&["-g", "run"]), Ok(false));
    assert_eq!(t(&["-r", "f"]), Ok(true));
    assert_eq!(t(&["-w", "f"]), Ok(true));
    assert_eq!(t(&["-x", "f"]), Ok(false));
    assert_eq!(t(&["-x", "run"]), Ok(true));
    assert_eq!(t(&["-r", "root"]), Ok(false));
    assert_eq!(t(&["-O", "f"]), Ok(true));
    assert_eq!(t(&["-O", "root"]), Ok(false));
    assert_eq!(t(&["-G", "f"]), Ok(true));
    assert_eq!(t(&["empty", "-nt", "f"]), Ok(true));
    assert_eq!(t(&["f", "-ot", "empty"]), Ok(true));
    assert_eq!(t(&["f", "-nt", "nope"]), Ok(true));
    assert_eq!(t(&["nope", "-ot", "f"]), Ok(true));
    assert_eq!(t(&["nope", "-nt", "nope"]), Ok(false));
    assert_eq!(t(&["l", "-ef", "f"]), Ok(true));
    assert_eq!(t(&["f", "-ef", "empty"]), Ok(false));
}

#[test]
fn root_access_and_env_queries() {
    let mut e = env();
    e.uid = 0;
    assert_eq!(run(&["-r", "/home/f"], &e), Ok(true));
    assert_eq!(run(&["-x", "/home/f"], &e), Ok(false));
    assert_eq!(run(&["-x", "/home"], &e), Ok(true));
    let e = env();
    assert_eq!(run(&["-v", "PATH"], &e), Ok(true));
    assert_eq!(run(&["-v", "a[1]"], &e), Ok(true));
    assert_eq!(run(&["-o", "noglob"], &e), Ok(true));
    assert_eq!(run(&["-t", "5"], &e), Ok(true));
    assert_eq!(run(&["-t", " 5 "], &e), Ok(true));
}

#[test]
fn helpers() {
    assert!(is_unary_op("-f") && !is_unary_op("-q") && !is_unary_op("f"));
    assert!(is_binary_op("-ef") && is_binary_op("==") && !is_binary_op("=~"));
    assert_eq!(legal_number(" -12\t"), Some(-12));
    assert_eq!(legal_number("1 2"), None);
    assert_eq!(legal_number(""), None);
    let e = env();
    assert_eq!(binary("-eq", "a", "1", &mut &e), Err("a: integer expression expected".to_string()));
    assert_eq!(unary("z", "", &mut &e), Ok(true));
    assert_eq!(eval_test_as("[", &["x".into(), "y".into()], &mut &e), Err("[: x: unary operator expected".to_string()));
}

#[test]
fn deep_nesting_is_bounded() {
    let e = env();
    let mut args: Vec<String> = vec!["(".to_string(); 5000];
    args.push("x".into());
    args.extend(std::iter::repeat(")".to_string()).take(5000));
    assert!(eval_test(&args, &mut &e).is_err());
    let mut args: Vec<String> = vec!["(".to_string(); 500];
    args.push("x".into());
    args.extend(std::iter::repeat(")".to_string()).take(500));
    assert_eq!(eval_test(&args, &mut &e), Ok(true));
}

