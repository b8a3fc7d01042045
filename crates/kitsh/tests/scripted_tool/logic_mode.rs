//! Logic mode (ST-8..ST-12): what a logic-only shell refuses, one test per construct, and what
//! it keeps.

use crate::common::{out, tool};

fn check(script: &str, stdout: &str, stderr: &str) {
    let (o, e, _) = out(&tool(), script);
    assert_eq!((o.as_str(), e.as_str()), (stdout, stderr), "script: {script}");
}

#[test]
fn file_commands_are_not_found() {
    for cmd in ["ls", "cp a b", "rm -rf /", "mkdir d", "touch f", "find /", "cd /tmp", "pwd", "source x", ". x", "exec ls", "curl http://x", "xargs echo", "timeout 1 true", "command -v jq"] {
        let name = cmd.split(' ').next().unwrap_or_default();
        check(&format!("{cmd}; echo $?"), "127\n", &format!("kitsh: line 1: {name}: command not found\n"));
    }
}

#[test]
fn python3_runs_without_files_where_the_build_has_it() {
    if kitsh::builtins::lookup("python3").is_some() {
        check("echo 2 | python3 -c 'import sys; print(int(sys.stdin.read()) + 1)'; echo $?", "3\n0\n", "");
        check("python3 -c 'open(\"/etc/passwd\")'; echo $?", "2\n", "python3: /etc/passwd: filesystem access disabled\n");
    } else {
        check("python3 -c 1; echo $?", "127\n", "kitsh: line 1: python3: command not found\n");
    }
}

#[test]
fn path_execution_is_not_found() {
    check("/tmp/x.sh; echo $?", "127\n", "kitsh: line 1: /tmp/x.sh: command not found\n");
    check("./run; echo $?", "127\n", "kitsh: line 1: ./run: command not found\n");
    check("/usr/bin/cat </dev/null; echo $?", "127\n", "kitsh: line 1: /usr/bin/cat: command not found\n");
    check("PATH=/usr/bin:/bin; ls; echo $?", "127\n", "kitsh: line 1: ls: command not found\n");
}

#[test]
fn file_redirections_are_refused_and_the_command_not_run() {
    let msg = |p: &str| format!("kitsh: line 1: {p}: redirection disabled in logic mode (only /dev/null is allowed)\n");
    check("get_user --id 1 > out; echo $?", "1\n", &msg("out"));
    check("echo x >> log; echo $?", "1\n", &msg("log"));
    check("upper < in.json; echo $?", "1\n", &msg("in.json"));
    check("fail_tool 2> err; echo $?", "1\n", &msg("err"));
    check("echo x &> both; echo $?", "1\n", &msg("both"));
    check("{ echo x; } > grouped; echo $?", "1\n", &msg("grouped"));
    check("read -r line < /etc/passwd; echo $?", "1\n", &msg("/etc/passwd"));
    let (o, e, s) = out(&tool(), "set -e; echo x > f; echo never");
    assert_eq!((o.as_str(), e.as_str(), s), ("", msg("f").as_str(), 1));
}

#[test]
fn dev_null_and_standard_streams_are_allowed() {
    check("echo x > /dev/null; echo y", "y\n", "");
    check("fail_tool 2>/dev/null; echo $?", "1\n", "");
    check("echo a >/dev/stderr; echo b 1>&2; echo c > /dev/stdout", "c\n", "a\nb\n");
    check("get_user --id 1 &>/dev/null; echo $?", "0\n", "");
    check("echo x >> /dev/null 2>&1; echo ok", "ok\n", "");
    check("cat <<'EOF'\nheredoc\nEOF", "heredoc\n", "");
    check("cat <<< here; cat <<-EOF\n\tdash\n\tEOF", "here\ndash\n", "");
    check("upper 2>&-; echo $?", "(no stdin)\n0\n", "");
}

#[test]
fn process_substitution_is_refused() {
    let msg = "kitsh: line 1: process substitution disabled in logic mode\n";
    check("cat <(get_user --id 1); echo $?", "1\n", msg);
    check("upper < <(echo x); echo $?", "1\n", msg);
    check("echo x > >(upper); echo $?", "1\n", msg);
}

#[test]
fn transforms_read_stdin_only() {
    check("grep x /etc/passwd; echo $?", "2\n", "grep: /etc/passwd: filesystem access disabled\n");
    check("jq . /data/f.json; echo $?", "2\n", "jq: /data/f.json: filesystem access disabled\n");
    check("echo a | sed -i s/a/b/ /x; echo $?", "2\n", "sed: /x: filesystem access disabled\n");
    check("echo b | sort -o /out; echo $?", "2\n", "sort: /out: filesystem access disabled\n");
    check("cat /etc/hosts; echo $?", "2\n", "cat: /etc/hosts: filesystem access disabled\n");
    check("cat - data.txt </dev/null; echo $?", "2\n", "cat: data.txt: filesystem access disabled\n");
    check("echo x | grep -f ./pats; echo $?", "2\n", "grep: ./pats: filesystem access disabled\n");
    check("echo . | jq -f /prog.jq; echo $?", "2\n", "jq: /prog.jq: filesystem access disabled\n");
    check("awk 'BEGIN { getline l < \"/secret\" }'; echo $?", "2\n", "awk: /secret: filesystem access disabled\n");
    check("awk 'BEGIN { print 1 > \"/out\" }'; echo $?", "2\n", "awk: /out: filesystem access disabled\n");
    check("awk 'BEGIN { system(\"ls\") }'; echo $?", "2\n", "awk: ls: filesystem access disabled\n");
    check("awk 'BEGIN { \"date\" | getline d }'; echo $?", "2\n", "awk: date: filesystem access disabled\n");
}

#[test]
fn transforms_work_on_stdin() {
    let script = r#"
printf 'b 2\na 1\nb 3\n' > /dev/null
printf 'b 2\na 1\nb 3\n' | sort | uniq -c | awk '{print $2}' | tr '\n' ,; echo
printf 'x,y\n' | cut -d, -f2; seq 3 | paste -sd+ | wc -c; echo hello | rev | tac | nl -ba | head -1 | tail -1
echo aGk= | base64 -d; echo; echo abcdef | fold -w2 | sed -n 2p; expr 6 \* 7; date -d @0 -u +%Y; sleep 0
echo '{"a":[1,2]}' | jq -c '.a | map(.*2)'; echo x | grep -c x; echo abc | cat - | cat
"#;
    check(script, "a,b,b,\ny\n6\n     1\tolleh\nhi\ncd\n42\n1970\n[2,4]\n1\nabc\n", "");
}

#[test]
fn kept_shell_grammar() {
    let script = r#"
declare -A m=([k]=v); typeset -i n=2; local_test() { local x=1; echo $x; }; local_test
readonly R=1; let 'n += 1'; echo "${m[k]} $n $R"
mapfile -t lines <<< $'a\nb'; echo "${#lines[@]}"
set -- p q; shift; echo "$1"; export E=1; unset E; echo "${E:-unset}"
trap 'echo bye' EXIT; eval 'echo evaled'; type echo | head -1
getopts ab: opt -b val; echo "$opt $OPTARG"; [ 1 -lt 2 ] && test a = a && echo tests; : ok
for i in 1 2 3; do [ $i = 2 ] && continue; [ $i = 3 ] && break; echo $i; done
(echo subshell); echo $(( 6 * 7 )); x=$(echo cs); echo $x; false || true
sleep 0 & wait; echo waited; return 2>/dev/null; echo after
"#;
    check(script, "1\nv 3 1\n2\nq\nunset\nevaled\necho is a shell builtin\nb val\ntests\n1\nsubshell\n42\ncs\nwaited\nafter\nbye\n", "");
}

#[test]
fn globs_see_no_files() {
    check("echo *; echo /etc/*; [ -e /etc/passwd ] || echo none", "*\n/etc/*\nnone\n", "");
}
