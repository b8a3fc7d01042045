//! Tests of `history`; expectations checked against bash 5.2.

use super::super::run_for_test as out;

#[test]
fn listing() {
    assert_eq!(out("history; echo $?"), "0\n0");
    assert_eq!(out("history -s a b; history -s c; history"), "    1  a b\n    2  c\n0");
    assert_eq!(out("history -s a; history -s b; history -s c; history 2; history +1; history -- -2; history 0"), "    2  b\n    3  c\n    3  c\n    2  b\n    3  c\n0");
    assert_eq!(out("history -s a; history 9; history ' 1 '"), "    1  a\n    1  a\n0");
    assert_eq!(out("history f; echo $?"), "1\nbash: line 1: history: f: numeric argument required\n0");
    assert_eq!(out("history -5; echo $?"), "2\nbash: line 1: history: -5: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n0");
    assert_eq!(out("history -z; echo $?"), "2\nbash: line 1: history: -z: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n0");
    assert_eq!(out("history -s; echo $?; history; history -s '' ''; history"), "0\n    1   \n0");
    assert_eq!(out("history -ps a; history -sp b; history"), "    1  a\n    2  b\n0");
}

#[test]
fn too_many_arguments_abandons_the_line() {
    assert_eq!(out("history 1 2; echo same\necho next"), "next\nbash: line 1: history: too many arguments\n0");
    assert_eq!(out("history f g; echo $?"), "1\nbash: line 1: history: f: numeric argument required\n0");
}

#[test]
fn clear() {
    assert_eq!(out("history -s a; history -c; history -s b; history"), "    1  b\n0");
    assert_eq!(out("history -s a; history -cs b; history"), "    1  b\n0");
    assert_eq!(out("history -s a; history -c x; echo $?; history"), "0\n0");
}

#[test]
fn delete() {
    assert_eq!(out("for x in a b c d e; do history -s $x; done; history -d -3; echo $?; history -d -4; echo $?; history -d -5; echo $?; history -d 0; echo $?; history -d ' 2 '; echo $?; history"), "0\n0\n1\n1\n0\n    1  b\n    2  e\nbash: line 1: history: -5: history position out of range\nbash: line 1: history: 0: history position out of range\n0");
    assert_eq!(out("for x in a b c d e f g; do history -s $x; done; history -d 2-3; echo $?; history; history -d -2--1; echo $?; history; history -d 3-2; echo $?; history -d 0-1; echo $?; history"), "0\n    1  a\n    2  d\n    3  e\n    4  f\n    5  g\n0\n    1  a\n    2  d\n    3  e\n1\n0\n    1  d\n    2  e\n0");
    assert_eq!(out("for x in a b c d e f g; do history -s $x; done; history -d 2-9; echo $?; history -d 9-10; echo $?; history -d -9-1; echo $?; history -d 1-x; echo $?; history -d x-1; echo $?; history -d -x; echo $?; history -d 1--9; echo $?;history -d --1;echo $?; history -d 1-; echo $?"), "1\n1\n1\n1\n1\n1\n1\n1\n1\nbash: line 1: history: 9: history position out of range\nbash: line 1: history: 9: history position out of range\nbash: line 1: history: -9: history position out of range\nbash: line 1: history: 1-x: history position out of range\nbash: line 1: history: x-1: history position out of range\nbash: line 1: history: -x: history position out of range\nbash: line 1: history: -9: history position out of range\nbash: line 1: history: --1: history position out of range\nbash: line 1: history: 1-: history position out of range\n0");
    assert_eq!(out("for x in a b c; do history -s $x; done; history -d -3--1; echo $?; history"), "0\n0");
    assert_eq!(out("for x in a b c; do history -s $x; done; history -d 1--3; echo $?; history"), "0\n    1  b\n    2  c\n0");
    assert_eq!(out("history -s a; history -d1; history; history -d; echo $?"), "2\nbash: line 1: history: -d: option requires an argument\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n0");
    assert_eq!(out("history -s a; history -d ' -1'; echo $?"), "1\nbash: line 1: history:  -1: history position out of range\n0");
}

#[test]
fn histsize() {
    assert_eq!(out("for x in a b c d e; do history -s $x; done; HISTSIZE=3; history; history -d 1; echo $?; history -d 3; echo $?; history"), "    2  c\n    3  d\n    4  e\n1\n0\n    2  c\n    3  e\nbash: line 1: history: 1: history position out of range\n0");
    assert_eq!(out("history -s a; history -c; history -s b; HISTSIZE=2; history -s c; history -s d; history; history -c; history -s e; history"), "    2  c\n    3  d\n    1  e\n0");
    assert_eq!(out("HISTSIZE=0; history -s a; history; echo $?"), "0\n0");
    assert_eq!(out("HISTSIZE=2; history -s a; history -s b; history -s c; HISTSIZE=x; history -s d; history; HISTSIZE=-1; history -s e; history"), "    3  c\n    4  d\n    3  c\n    4  d\n    5  e\n0");
}

#[test]
fn print_expanded() {
    assert_eq!(out("history -p a 'b c'; echo $?; history -p; echo $?"), "a\nb c\n0\n0\n0");
    assert_eq!(out("history -p '!!'; echo $?"), "1\nbash: line 1: history: !!: history expansion failed\n0");
    assert_eq!(out("history -s 'echo a \"b c\" d;ls>x'; history -s 'cat /a/b.txt'; history -p '!!' '!-2' '!e' '!?a?' '!1:2' '!1:$' '!e:0' '!$' '!^' '!*' '!1:1-2' '!1:2*' '!1:2-' 'x!!y' '!!:h' '!!:t' '!!:t:r' '!!:e' '\\!!' '!' '! x' '!=' '!!:5' '!9' '!-9' '!1:3' '!1:4'"), "cat /a/b.txt\necho a \"b c\" d;ls>x\necho a \"b c\" d;ls>x\ncat /a/b.txt\n\"b c\"\nx\necho\n/a/b.txt\n/a/b.txt\n/a/b.txt\na \"b c\"\n\"b c\" d ; ls > x\n\"b c\" d ; ls >\nxcat /a/b.txty\ncat /a\nb.txt\nb\n.txt\n\\!!\n!\n! x\n!=\nd\n;\nbash: line 1: history: !!:5: history expansion failed\nbash: line 1: history: !9: history expansion failed\nbash: line 1: history: !-9: history expansion failed\n1");
    assert_eq!(out("history -s 'echo a b c'; history -p '!!:1-$' '!!:-2' '!!:s/a/X/' '!:1' '!:$' '^a^Z' '!?b' \"'!!'\" '!!:q'"), "a b c\necho a b\necho X b c\na\nc\necho Z b c\necho a b c\n'!!'\n'echo a b c'\n0");
    assert_eq!(out("history -s 'echo aa aa'; history -p '!!:s/a/b/' '!!:gs/a/b/' '!!:s/q/b/'; echo $?"), "echo ba aa\necho bb bb\n1\nbash: line 1: history: !!:s/q/b/: history expansion failed\n0");
}

#[test]
fn histcontrol_histignore() {
    assert_eq!(out("history -s ' a'; HISTCONTROL=ignorespace; history -s ' b'; history -s c; history -s c; HISTCONTROL=ignoredups; history -s c; history -s ' d'; HISTCONTROL=erasedups; history -s ' a'; history -s x; HISTIGNORE='x*:&'; history -s xy; history -s ' a'; history -s q; history"), "    1  c\n    2  c\n    3   d\n    4  x\n    5   a\n    6  q\n0");
    assert_eq!(out("HISTIGNORE='a\\:b'; history -s a:b; history -s 'a\\:b'; history -s ab; history"), "    1  a\\:b\n    2  ab\n0");
    assert_eq!(out("HISTCONTROL=ignoreboth; history -s a; history -s a; history -s ' b'; history"), "    1  a\n0");
}

#[test]
fn options() {
    assert_eq!(out("help -s history; type history"), "history: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\nhistory is a shell builtin\n0");
    assert_eq!(out("history -rw; echo $?; history -an f; echo $?"), "1\n1\nbash: line 1: history: cannot use more than one of -anrw\nbash: line 1: history: cannot use more than one of -anrw\n0");
    assert_eq!(out("history --help | head -2; history -c --help >/dev/null; echo $?"), "history: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n    Display or manipulate the history list.\n2\n0");
    assert_eq!(out("history -x 2>&1 | tail -1"), "history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n0");
}

#[test]
fn files() {
    assert_eq!(out("history -s a; history -w h1; cat h1; history -s b; history -a h1; echo $?; cat h1; history -a h1; cat h1; history -a h2; echo $?; cat h2"), "a\n0\na\na\nb\na\na\nb\n0\ncat: h2: No such file or directory\n1");
    assert_eq!(out("printf 'x\\ny\\n\\nz' > f; history -r f; echo $?; history; history -r f; history"), "0\n    1  x\n    2  y\n    1  x\n    2  y\n    3  x\n    4  y\n0");
    assert_eq!(out("printf 'x\\ny\\n' > g; history -n g; history; echo more >> g; history -n g; history; history -n g; history"), "    1  x\n    2  y\n    1  x\n    2  y\n    3  more\n    1  x\n    2  y\n    3  more\n0");
    assert_eq!(out("printf '#123\\nfoo\\n#x\\nbar\\n' > ts; history -r ts; history; HISTTIMEFORMAT='%s ' history | head -1"), "    1  foo\n    2  #x\n    3  bar\n    1  123 foo\n0");
    assert_eq!(out("printf 'a\\n#1\\n\\nb\\n' > nf; history -r nf; history; printf 'c\\n' >> nf; history -n nf; history; history -a nf2; cat nf2"), "    1  a\n    2  #1\n    3  b\n    1  a\n    2  #1\n    3  b\n    4  c\nc\n0");
    assert_eq!(out("HISTTIMEFORMAT='[%Y] '; history -s a; history -w tw; grep -c '^#[0-9]' tw; grep -v '^#' tw"), "1\na\n0");
    assert_eq!(out("history -r nofile; echo $?; history -n nofile; echo $?; history -w /nodir/x; echo $?; history -s a; history -a /nodir/x; echo $?; history -a /nodir/x; echo $?"), "1\n1\n1\n1\n1\nbash: line 1: history: /nodir/x: cannot create: No such file or directory\nbash: line 1: history: /nodir/x: cannot create: No such file or directory\n0");
    assert_eq!(out("mkdir -p dd; history -r dd; echo $?; history -s a; history -w dd; echo $?; history -a dd; echo $?"), "1\n1\n1\n0");
    assert_eq!(out("history -s a; history -a newf; echo $?; cat newf; ls -l newf | cut -c1-10"), "0\na\n-rw-------\n0");
    assert_eq!(out("HISTFILE=hf; history -s a; history -w; cat hf; HISTFILE=(x y); history -w; cat x"), "a\na\n0");
    assert_eq!(out("HISTFILE=; history -s a; history -a; echo $?; history -w; echo $?; history -r; echo $?"), "1\n1\n1\nbash: line 1: history: : cannot create: No such file or directory\n0");
    assert_eq!(out("unset HISTFILE; HOME=$PWD; history -s a; history -a; echo $?; history -w; echo $?; cat .history; history -r; history"), "1\n0\na\n    1  a\n    2  a\n0");
    assert_eq!(out("history -s a; history -s b; history -w /dev/stdout"), "a\nb\n0");
    assert_eq!(out("HISTTIMEFORMAT='T '; history -s a; history; HISTTIMEFORMAT=; history"), "    1  T a\n    1  a\n0");
    assert_eq!(out("printf '#100\\na\\nb\\n#200\\nc\\n' > m; HISTTIMEFORMAT='%s '; history -r m; history"), "    1  100 a\nb\n    2  200 c\n0");
}

#[test]
fn interactive() {
    assert_eq!(out("printf 'history -c\\necho 1\\nhistory\\n' | bash -i 2>/dev/null"), "1\n    1  echo 1\n    2  history\n0");
    assert_eq!(out("printf 'history -c\\nhistory -s a b; history -s c\\nhistory -p x y\\nhistory\\n' | bash -i 2>/dev/null"), "x\ny\n    1  a b\n    2  c\n    3  history\n0");
    assert_eq!(out("printf 'history -c\\necho 1\\necho 2\\nhistory -d 2\\nhistory\\nhistory -d -1\\nhistory\\n' | bash -i 2>/dev/null"), "1\n2\n    1  echo 1\n    2  history -d 2\n    3  history\n    1  echo 1\n    2  history -d 2\n    3  history\n    4  history\n0");
    assert_eq!(out("printf 'history -c\\necho a; echo b\\n\\n  echo c\\n# comment\\nfor i in 1 2\\ndo echo $i\\ndone\\nhistory\\n' | bash -i 2>/dev/null"), "a\nb\nc\n1\n2\n    1  echo a; echo b\n    2    echo c\n    3  # comment\n    4  for i in 1 2; do echo $i; done\n    5  history\n0");
    assert_eq!(out("printf 'history -c\\nHISTFILE=tmp\\necho 1\\nhistory -a\\ncat tmp\\necho 2\\ncat tmp\\n' | bash -i 2>/dev/null"), "1\nHISTFILE=tmp\necho 1\nhistory -a\n2\nHISTFILE=tmp\necho 1\nhistory -a\n0");
    assert_eq!(out("echo foo > tmp; printf 'history -c\\nHISTFILE=tmp\\nhistory -r\\nhistory\\n' | bash -i 2>/dev/null"), "    1  HISTFILE=tmp\n    2  history -r\n    3  foo\n    4  history\n0");
    assert_eq!(out("printf 'history -c\\nHISTFILE=_does_not_exist\\nhistory -r\\necho status=$?\\n' | bash -i 2>/dev/null"), "status=1\n0");
    assert_eq!(out("printf 'history -c\\nunset HISTFILE\\nhistory -a\\necho status=$?\\n' | bash -i 2>/dev/null"), "status=1\n0");
    assert_eq!(out("printf 'history -c\\nHISTSIZE=2\\necho x\\nhistory\\n' | bash -i 2>/dev/null"), "x\n    2  echo x\n    3  history\n0");
    assert_eq!(out("printf 'history -c\\nHISTCONTROL=ignorespace\\n echo hidden\\necho shown\\nhistory\\n' | bash -i 2>/dev/null"), "hidden\nshown\n    1  HISTCONTROL=ignorespace\n    2  echo shown\n    3  history\n0");
    assert_eq!(out("printf 'history -c\\nf() { history -s replaced; }\\nf\\nhistory\\n' | bash -i 2>/dev/null"), "    1  f() { history -s replaced; }\n    2  replaced\n    3  history\n0");
    assert_eq!(out("printf 'history -c\\neval \"echo e\"\\nhistory\\n' | bash -i 2>/dev/null"), "e\n    1  eval \"echo e\"\n    2  history\n0");
    assert_eq!(out("printf 'set -o history\\necho a\\nhistory\\nset +o history\\necho b\\nhistory\\n' | bash"), "a\n    1  echo a\n    2  history\nb\n    1  echo a\n    2  history\n    3  set +o history\n0");
    assert_eq!(out("bash -c 'set -o history; echo a\nhistory\necho b; history 1'"), "a\n    1  history\nb\n    2  echo b; history 1\n0");
    assert_eq!(out("bash -c 'history -s a; history'; history"), "    1  a\n0");
    assert_eq!(out("history -s a; (history -s b; history); history"), "    1  a\n    2  b\n    1  a\n0");
}

#[test]
fn multi_line_entries() {
    assert_eq!(out("printf 'history -c\\ncat <<EOF && echo y\\nx\\nEOF\\nhistory 2\\n' | bash -i 2>/dev/null"), "x\ny\n    1  cat <<EOF && echo y\nx\nEOF\n\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\nif true; then\\ncat <<EOF\\nx\\nEOF\\nfi\\nhistory 2\\n' | bash -i 2>/dev/null"), "x\n    1  if true; then\ncat <<EOF\nx\nEOF\n fi\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\nif true # c\\nthen echo y\\nfi\\nhistory 2\\n' | bash -i 2>/dev/null"), "y\n    1  if true # c\nthen echo y; fi\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\nif true\\n\\n\\nthen echo y\\nfi\\nhistory 2\\n' | bash -i 2>/dev/null"), "y\n    1  if true;  then echo y; fi\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\nif true\\n  \\nthen echo y\\nfi\\nhistory 2\\n' | bash -i 2>/dev/null"), "y\n    1  if true;    then echo y; fi\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\necho a |\\nwc -l\\necho a &&\\necho b\\nhistory 3\\n' | bash -i 2>/dev/null"), "1\na\nb\n    1  echo a | wc -l\n    2  echo a && echo b\n    3  history 3\n0");
    assert_eq!(out("printf 'history -c\\ncase x in\\nx) echo x;;\\nesac\\nhistory 2\\n' | bash -i 2>/dev/null"), "x\n    1  case x in x) echo x;; esac\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\nf()\\n{\\necho\\n}\\nfunction g\\n{\\necho\\n}\\nhistory 3\\n' | bash -i 2>/dev/null"), "    1  f() { echo; }\n    2  function g { echo; }\n    3  history 3\n0");
    assert_eq!(out("printf 'history -c\\na=(1\\n2)\\necho $(echo a\\necho b)\\nhistory 3\\n' | bash -i 2>/dev/null"), "a b\n    1  a=(1 2)\n    2  echo $(echo a\necho b)\n    3  history 3\n0");
    assert_eq!(out("printf 'history -c\\nwhile false\\ndo\\n  # inner comment\\n  echo\\ndone\\nhistory 2\\n' | bash -i 2>/dev/null"), "    1  while false; do\n  echo; done\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\n(echo a\\necho b)\\n{ echo c\\necho d; }\\nhistory 3\\n' | bash -i 2>/dev/null"), "a\nb\nc\nd\n    1  (echo a; echo b)\n    2  { echo c; echo d; }\n    3  history 3\n0");
    assert_eq!(out("printf 'history -c\\necho a \\\\\\necho b\\necho \"x\\ny\"\\nhistory 3\\n' | bash -i 2>/dev/null"), "a echo b\nx\ny\n    1  echo a echo b\n    2  echo \"x\ny\"\n    3  history 3\n0");
    assert_eq!(out("printf 'history -c\\nfor i\\ndo echo $i\\ndone\\nhistory 2\\n' | bash -i 2>/dev/null"), "    1  for i;do echo $i; done\n    2  history 2\n0");
    assert_eq!(out("printf 'history -c\\ncat <<-E1; cat <<\"E2\"\\n\\ta\\n\\tE1\\nb\\nE2\\nhistory 2\\n' | bash -i 2>/dev/null"), "a\nb\n    1  cat <<-E1; cat <<\"E2\"\na\nE1\nb\nE2\n\n    2  history 2\n0");
}

#[test]
fn odd_inputs() {
    assert_eq!(out("history -s a; history -d ''; echo $?; history -d -; echo $?; history -d 99999999999999999999; echo $?; history -d -9223372036854775808; echo $?; history -d 9223372036854775807; echo $?"), "1\n1\n1\n1\n1\nbash: line 1: history: : history position out of range\nbash: line 1: history: -: history position out of range\nbash: line 1: history: 99999999999999999999: history position out of range\nbash: line 1: history: 9223372036854775807: history position out of range\n0");
    assert_eq!(out("history -s 'é ü'; history -p '!é' '!!:1' '!-' '!:' '!!:' '!?' '^' '^^' '!!:0-' '!!:$-'; echo $?"), "é ü\nü\né\nü-\n1\nbash: line 1: history: !-: history expansion failed\nbash: line 1: history: !:: history expansion failed\nbash: line 1: history: !!:: history expansion failed\nbash: line 1: history: !?: history expansion failed\nbash: line 1: history: ^: history expansion failed\nbash: line 1: history: ^^: history expansion failed\n0");
    assert_eq!(out("history -s a; history -9223372036854775808; history -- -9223372036854775808; history 99999999999999999999; echo $?"), "    1  a\n1\nbash: line 1: history: -9: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\nbash: line 1: history: 99999999999999999999: numeric argument required\n0");
    assert_eq!(out("history -s a; history -d -1-; echo $?; history -d 1-1-1; echo $?"), "1\n1\nbash: line 1: history: -1-: history position out of range\nbash: line 1: history: 1-1-1: history position out of range\n0");
}

#[test]
fn oils_cases() {
    assert_eq!(out("history\necho status=$?\nhistory +5\necho status=$?\nhistory -5\necho status=$?\nhistory f\necho status=$?\nhistory too many args\necho status=$?"), "status=0\nstatus=0\nstatus=2\nstatus=1\nstatus=1\nbash: line 5: history: -5: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\nbash: line 7: history: f: numeric argument required\nbash: line 9: history: too: numeric argument required\n0");
    assert_eq!(out("printf 'HISTFILE=(a b c)\\nhistory -a\\necho status=$?\\ncat a\\n' | bash -i 2>/dev/null"), "status=0\nHISTFILE=(a b c)\nhistory -a\n0");
    assert_eq!(out("printf 'unset HISTFILE\\nhistory -a\\necho status=$?\\n' | bash -i 2>/dev/null"), "status=1\n0");
    assert_eq!(out("export HISTFILE=myhist\nbash --norc -i <<EOF 2>/dev/null\necho 42\necho 43\nhistory -a\nhistory -d 1\necho status=\\$?\nhistory -d -1\necho status=\\$?\nhistory -d -2\necho status=\\$?\ncat myhist\nhistory\nEOF"), "42\n43\nstatus=0\nstatus=0\nstatus=0\necho 42\necho 43\nhistory -a\n    1  echo 43\n    2  history -a\n    3  history -d 1\n    4  echo status=$?\n    5  history -d -2\n    6  echo status=$?\n    7  cat myhist\n    8  history\n0");
}

#[test]
fn interactive_start_and_exit() {
    use crate::interp::shared::Shared;
    use crate::interp::Shell;
    use std::sync::Arc;
    let fs = crate::fs::default_fs(Default::default());
    let shared = Arc::new(Shared::new(Default::default(), Default::default()));
    let mut sh = Shell::new(fs.clone(), shared, "/".into());
    sh.vars.entry("HOME").value = Some(crate::interp::vars::Value::Str("/tmp".into()));
    let _ = fs.write_file("/tmp/.bash_history", b"old 1\nold 2\n", crate::fs::WriteMode::Truncate);
    sh.load_history_at_start();
    assert_eq!(sh.vars.get_str("HISTFILE"), Some("/tmp/.bash_history"));
    assert_eq!(sh.vars.get_str("HISTSIZE"), Some("500"));
    assert_eq!(sh.history.lines().collect::<Vec<_>>(), ["old 1", "old 2"]);
    sh.record_history("echo new\n");
    sh.save_history_at_exit();
    assert_eq!(fs.read_file("/tmp/.bash_history").ok(), Some(b"old 1\nold 2\necho new\n".to_vec()));
    sh.save_history_at_exit();
    assert_eq!(fs.read_file("/tmp/.bash_history").map(|v| v.len()).ok(), Some(21));
}

#[test]
fn entries_of_source_text() {
    use super::record::entries;
    assert_eq!(entries("echo a\n"), ["echo a"]);
    assert_eq!(entries("  \n"), Vec::<String>::new());
    assert_eq!(entries("\n\n# c\n\necho a\n"), ["# c", "echo a"]);
    assert_eq!(entries("for i in 1\ndo echo\ndone\n"), ["for i in 1; do echo; done"]);
    assert_eq!(entries("echo 'a\nb' c\n"), ["echo 'a\nb' c"]);
    assert_eq!(entries("x=$'a\nb'\n"), ["x=$'a\nb'"]);
    assert_eq!(entries("echo ${a:-\n}\n"), ["echo ${a:- }"]);
    assert_eq!(entries("echo `a\nb`\n"), ["echo `a\nb`"]);
}

#[test]
fn odd_text_never_panics() {
    let samples = [
        "", "\\", "'", "\"", "$(", "${", "$'", "`", "<<", "<<-", "<< \\", "a <<'E\n", "(((", ")))", "a=(", "\u{e9}\\\n\u{fc}",
        "case\nin\n)\n;;&\nesac", "\"$(\"'`\n\\", "# \n#", "!", "!!:", "!:s", "!!:s/", "!!:s/a", "!!:&", "!!:g", "!!:1-", "!!:-", "^a",
        "!-99999999999999999999999", "!99999999999999999999999", "!!:99999999999999999999", "!!:0-99999999999999999999*",
    ];
    let lines = ["echo a b", "\u{e9} \u{fc}", ""];
    for s in samples {
        let _ = super::record::entries(s);
        let _ = super::record::entries(&format!("{s}\n{s}\n"));
        let _ = super::expand::expand(s, &lines, 1);
        let _ = super::expand::expand(s, &[], 1);
    }
}
