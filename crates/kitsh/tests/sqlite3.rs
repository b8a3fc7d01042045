//! `sqlite3` (feature `sqlite`): differential sessions against the real sqlite3 CLI (3.40 on
//! Debian 12; CI installs it), and the sandbox: no host file is ever opened or created.
//!
//! Every case is a bash script run both by `/bin/bash -c` in a fresh host directory (with the
//! real `/usr/bin/sqlite3`) and by kitsh in the same path of its virtual filesystem; stdout,
//! stderr and the exit status must match exactly. Set `KITSH_SQLITE_FILTER=substring` to run
//! only the cases whose name contains it.

#![allow(clippy::panic, clippy::unwrap_used)] // tests report failures by panicking

mod common;

use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const REAL: &str = "/usr/bin/sqlite3";

/// A small table most cases start from.
const T: &str = "create table t(id integer primary key, name text, score real, note);
insert into t values(1,'alice',9.5,NULL),(2,'bob',7.25,'x y'),(3,'carol',NULL,'tab\there'),(4,'dave',10.0,'quote\"d'),(5,'émile',-3.5,'');";

/// (name, script). `$T` in a script is replaced by [`T`] (single-quote safe).
const CASES: &[(&str, &str)] = &[
    ("list_default", "sqlite3 :memory: \"$T\" 'select * from t'"),
    ("list_header", "sqlite3 -header :memory: \"$T\" 'select id, name from t order by id desc'"),
    ("csv", "sqlite3 -csv :memory: \"$T\" 'select * from t'"),
    ("csv_header", "sqlite3 -csv -header :memory: \"$T\" 'select * from t'"),
    ("json", "sqlite3 -json :memory: \"$T\" 'select * from t'"),
    ("json_empty", "sqlite3 -json :memory: \"$T\" 'select * from t where 0'; echo rc=$?"),
    ("line", "sqlite3 -line :memory: \"$T\" 'select id, name as the_name, note from t'"),
    ("column", "sqlite3 -column :memory: \"$T\" 'select * from t'"),
    ("column_header", "sqlite3 -column -header :memory: \"$T\" 'select * from t'"),
    ("box", "sqlite3 -box :memory: \"$T\" 'select * from t'"),
    ("markdown", "sqlite3 -markdown :memory: \"$T\" 'select * from t'"),
    ("table", "sqlite3 -table :memory: \"$T\" 'select * from t'"),
    ("html", "sqlite3 -html -header :memory: \"$T\" 'select * from t'"),
    ("quote", "sqlite3 -quote -header :memory: \"$T\" 'select * from t'"),
    ("tabs", "sqlite3 -tabs :memory: \"$T\" 'select * from t'"),
    ("ascii", "sqlite3 -ascii :memory: \"$T\" 'select id,name from t' | od -c"),
    ("nullvalue_separator", "sqlite3 -nullvalue NULL -separator ' ; ' :memory: \"$T\" 'select id, score, note from t'"),
    ("newline", "sqlite3 -newline '<EOL>' :memory: 'select 1; select 2'"),
    ("reals", "sqlite3 :memory: 'select 1.0, 0.1, 1e20, 1.5e-7, 123456789012345678.0, 3.14159265358979, -0.5, 1e300*1e10, 100.0/3'"),
    ("reals_json_quote", "sqlite3 -json :memory: 'select 1.0 a, 0.5 b, 1e20 c, 2 d'; sqlite3 -quote :memory: 'select 1.0, 0.5, 1e20, 2'"),
    ("blobs", "sqlite3 :memory: \"select x'414243', quote(x'00ff'), typeof(x'00')\"; sqlite3 -quote :memory: \"select x'00ff'\"; sqlite3 -json :memory: \"select x'4142' b\""),
    ("mode_dot_stdin", "printf '.mode csv\\n.headers on\\nselect 1 as a, 2 as b;\\n.mode column\\nselect 1 as a, 2 as b;\\n.mode\\n' | sqlite3"),
    ("modes_stdin", "printf '%s\\n' \"$T\" '.mode box' 'select id,name from t limit 2;' '.mode markdown' 'select id,name from t limit 2;' '.mode table' 'select 1;' '.mode line' 'select 1 as x, 2 as yy;' | sqlite3"),
    ("headers_off_mode_column", "printf '.headers off\\n.mode column\\nselect 1 as a;\\n' | sqlite3"),
    ("multiline_statements", "printf 'select 1\\n,\\n2;\\nselect\\n 3;select 4;\\n\\n-- comment\\nselect 5; -- trailing\\n' | sqlite3"),
    ("trigger_body", "printf '%s\\n' 'create table a(x); create table log(y);' 'create trigger tr after insert on a begin' '  insert into log values(new.x * 2);' 'end;' 'insert into a values(21);' 'select * from log;' | sqlite3"),
    ("no_semicolon_at_eof", "printf 'select 42' | sqlite3; echo rc=$?"),
    ("syntax_error_args", "sqlite3 :memory: 'selec 1'; echo rc=$?"),
    ("syntax_error_stdin", "printf 'select 1;\\nselec 2;\\nselect 3;\\n' | sqlite3; echo rc=$?"),
    ("syntax_error_context_long", "sqlite3 :memory: 'select 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 17 from nowhere'; echo rc=$?"),
    ("missing_table_args", "sqlite3 :memory: 'select * from nope'; echo rc=$?"),
    ("missing_table_stdin", "printf 'select 1;\\nselect\\n * from nope;\\nselect 2;\\n' | sqlite3; echo rc=$?"),
    ("missing_column", "sqlite3 :memory: \"$T\" 'select nope from t'; echo rc=$?"),
    ("constraint_args", "sqlite3 :memory: 'create table u(a primary key); insert into u values(1); insert into u values(1)'; echo rc=$?"),
    ("constraint_stdin", "printf 'create table u(a not null);\\ninsert into u values(null);\\nselect 7;\\n' | sqlite3; echo rc=$?"),
    ("error_stops_args", "sqlite3 :memory: 'select 1' 'select * from nope' 'select 3'; echo rc=$?"),
    ("error_stops_chunk", "printf 'select 1; select * from nope; select 3;\\nselect 4;\\n' | sqlite3; echo rc=$?"),
    ("bail_stdin", "printf 'select 1;\\nselect * from nope;\\nselect 3;\\n' | sqlite3 -bail; echo rc=$?"),
    ("bail_dot", "printf '.bail on\\nselect 1;\\nselec 2;\\nselect 3;\\n' | sqlite3; echo rc=$?"),
    ("runtime_error_after_rows", "sqlite3 :memory: \"select 1 union all select abs(-9223372036854775807-1)\"; echo rc=$?"),
    ("unknown_option", "sqlite3 -nope; echo rc=$?"),
    ("missing_option_arg", "sqlite3 -separator; echo rc=$?"),
    ("unknown_dot", "sqlite3 :memory: .frobnicate 'select 1'; echo rc=$?; printf '.frob\\nselect 2;\\n' | sqlite3; echo rc=$?"),
    ("bad_mode", "printf '.mode bogus\\nselect 1;\\n' | sqlite3; echo rc=$?"),
    ("headers_usage", "printf '.headers\\n.headers maybe\\nselect 1 as a;\\n' | sqlite3; echo rc=$?"),
    ("tables", "sqlite3 :memory: 'create table b(x); create table a(y); create view v as select 1; create index i on a(y); create table \"with space\"(q)' .tables '.tables a%'"),
    ("tables_many", "sqlite3 :memory: 'create table t1(a); create table t2(a); create table long_table_name_one(a); create table t3(a); create table t4(a); create table t5(a); create table t6(a);' .tables"),
    ("schema", "sqlite3 :memory: 'create table b(x); create table a(y integer primary key, z text default \"q\"); create view v as select 1, y from a; create index i on a(z); create table \"with space\"(q)' .schema '.schema a%'"),
    ("dump", "sqlite3 :memory: \"$T\" 'create index tn on t(name)' 'create view vv as select name from t' .dump"),
    ("dump_table", "sqlite3 :memory: \"$T\" 'create table other(z); insert into other values(1)' '.dump other'"),
    ("dump_escapes", "sqlite3 :memory: \"create table s(a); insert into s values('line1'||char(10)||'line2'), ('it''s'), (x'0001'), (2.0), (0.5), (1e20);\" .dump"),
    ("dump_roundtrip", "sqlite3 :memory: \"$T\" .dump > d.sql; sqlite3 :memory: '.read d.sql' 'select count(*), sum(score) from t'"),
    ("import_csv_new", "printf 'a,b\\n1,2\\n\"x,y\",3\\n4\\n5,6,7\\n' > t.csv; sqlite3 :memory: '.import --csv t.csv t' '.schema' 'select * from t'; echo rc=$?"),
    ("import_csv_existing_skip", "printf 'h1,h2\\n1,2\\n3,4\\n' > t.csv; sqlite3 -csv -header :memory: 'create table x(p,q)' '.import --csv --skip 1 t.csv x' 'select * from x'"),
    ("import_mode_csv", "printf 'a,b\\r\\n1,\"two\"\"s\"\\r\\n' > t.csv; printf '.mode csv\\n.import t.csv t\\nselect * from t;\\n.mode list\\nselect b, length(b) from t;\\n' | sqlite3"),
    ("import_list_mode", "printf 'a|b\\n1|2\\n' > t.txt; sqlite3 :memory: '.import t.txt t3' 'select * from t3'"),
    ("import_missing_file", "sqlite3 :memory: '.import nope.csv t4'; echo rc=$?"),
    ("import_usage", "sqlite3 :memory: '.import'; echo rc=$?"),
    ("import_pipeline_example", "printf 'a,b\\n1,2\\n' > /tmp/kitsh-sq-t.csv; sqlite3 -csv -header :memory: '.import --csv /tmp/kitsh-sq-t.csv t' 'select * from t'; rm -f /tmp/kitsh-sq-t.csv"),
    ("persist_db", "sqlite3 my.db \"$T\"; sqlite3 my.db 'select count(*) from t' 'update t set score = 1 where id = 1'; sqlite3 -line my.db 'select * from t where id = 1'"),
    ("persist_file_created_lazily", "sqlite3 empty.db 'select 1'; test -f empty.db && echo exists; wc -c < empty.db; printf '' | sqlite3 never.db; test -f never.db || echo absent"),
    ("persist_after_error", "sqlite3 p.db 'create table k(a)' 'insert into k values(1)' 'select * from nope' 'insert into k values(2)'; echo rc=$?; sqlite3 p.db 'select * from k'"),
    ("persist_uncommitted_rolled_back", "sqlite3 r.db 'create table k(a)'; printf 'begin;\\ninsert into k values(1);\\n' | sqlite3 r.db; sqlite3 r.db 'select count(*) from k'"),
    ("readonly", "sqlite3 ro.db 'create table k(a)'; sqlite3 -readonly ro.db 'insert into k values(1)'; echo rc=$?; sqlite3 -readonly ro.db 'select count(*) from k'"),
    ("readonly_memory", "sqlite3 -readonly :memory: 'create table k(a)'; echo rc=$?"),
    ("db_in_missing_dir", "sqlite3 nodir/x.db 'select 1'; echo rc=$?"),
    ("cmd_option", "sqlite3 -cmd '.mode csv' -cmd 'select 9' :memory: 'select 1,2'; echo 'select 2;' | sqlite3 -cmd 'select 8'"),
    ("sql_from_stdin_with_db", "sqlite3 s.db \"$T\"; echo 'select name from t where score > 8 order by name;' | sqlite3 s.db"),
    ("output_once", "sqlite3 :memory: '.output o.txt' 'select 42' '.output' 'select 43'; cat o.txt; printf '.once once.txt\\nselect 1;\\nselect 2;\\n' | sqlite3; cat once.txt"),
    ("read_file", "printf 'create table r(a);\\ninsert into r values(1),(2);\\nselect sum(a) from r;\\nselec 9;\\nselect 5;\\n' > in.sql; sqlite3 :memory: '.read in.sql' 'select 6'; echo rc=$?"),
    ("read_missing", "sqlite3 :memory: '.read nope.sql'; echo rc=$?"),
    ("quit_stops", "sqlite3 :memory: 'select 1' .quit 'select 2'; echo rc=$?; printf 'select 1;\\n.exit\\nselect 2;\\n' | sqlite3; echo rc=$?"),
    ("separator_dot", "printf '.separator , \\\\n\\nselect 1, 2;\\n.separator \"\\\\t\"\\nselect 3, 4;\\n.nullvalue -\\nselect null;\\n' | sqlite3"),
    ("print_and_show_mode", "printf '.print hello \"big world\"\\n.mode json\\n.mode\\n' | sqlite3"),
    ("width", "printf '.mode column\\n.width 6 -4\\nselect 1 as a, 2 as b;\\n' | sqlite3"),
    ("insert_mode", "printf '.mode insert things\\nselect 1, '\\''o'\\''\\''\\''k'\\'', null;\\n' | sqlite3"),
    ("unicode_column", "sqlite3 -box :memory: \"select 'héllo' as a, 'ñ' as b union all select 'x', 'wide'\""),
    ("multiline_box", "sqlite3 -box :memory: \"select 'a'||char(10)||'b' as x, 'c' as y union all select 'd', 'e'\""),
    ("group_by", "sqlite3 -header -column :memory: \"$T\" 'select score > 8 as hi, count(*) n, round(avg(score),2) a from t group by 1 order by 1'"),
    ("window_cte", "sqlite3 :memory: 'with recursive c(x) as (select 1 union all select x+1 from c where x < 5) select x, sum(x) over (order by x) from c'"),
    ("json_functions", "sqlite3 :memory: \"select json_object('a', 1, 'b', json_array(1,2)), json_extract('{\\\"k\\\":[5,6]}', '\\$.k[1]')\""),
    ("pipe_jq", "sqlite3 -json :memory: \"$T\" 'select id, name from t where score > 5' | jq -r '.[] | \"\\(.id):\\(.name)\"'"),
    ("pipe_awk", "sqlite3 -csv :memory: \"$T\" 'select name, score from t where score is not null' | awk -F, '{ s += $2 } END { print NR, s }'"),
    ("pipe_into_sqlite", "printf 'insert into n values(%d);\\n' 1 2 3 | sqlite3 -cmd 'create table n(v)' :memory:; seq 3 | awk '{ print \"select \" $1 \" * 10;\" }' | sqlite3"),
    ("csv_special_chars", "sqlite3 -csv :memory: \"select 'a,b', 'say \\\"hi\\\"', 'plain', '', null, ' lead', 'x'||char(10)||'y'\""),
    ("html_escape", "sqlite3 -html :memory: \"select '<b>&amp;</b>', 'it''s'\""),
    ("changes_of_insert_no_output", "sqlite3 :memory: 'create table z(a)' 'insert into z values(1)' 'update z set a = 2' 'delete from z'; echo rc=$?"),
    ("comments_only", "printf -- '-- nothing\\n/* here */\\n\\n' | sqlite3; echo rc=$?"),
    ("hash_lines", "printf '# a comment line\\nselect 1;\\n' | sqlite3"),
    ("dot_abbrev", "printf '.he on\\n.mo csv\\nselect 1 as a;\\n' | sqlite3"),
    ("integer_overflow_and_types", "sqlite3 :memory: 'select 9223372036854775807, typeof(9223372036854775808), 1/0, 5 % 3, 7/2, 7/2.0'"),
    ("strings_functions", "sqlite3 :memory: \"select upper('abc'), substr('hello', 2, 3), replace('a-b-c', '-', '+'), length('héllo'), printf('%05d|%-4s|', 42, 'x'), trim('  x  ')\""),
    ("date_functions", "sqlite3 :memory: \"select date('2024-02-28', '+1 day'), strftime('%Y', '2000-01-01'), julianday('2000-01-01')\""),
    ("transactions", "sqlite3 tx.db 'create table a(x)' 'begin' 'insert into a values(1)' 'rollback' 'insert into a values(2)'; sqlite3 tx.db 'select * from a'"),
    ("not_a_database", "printf 'hello world, not sqlite\\n' > bad.db; sqlite3 bad.db .tables; echo rc=$?; sqlite3 bad.db .schema; echo rc=$?; cat bad.db"),
    ("directory_as_db", "mkdir d; sqlite3 d 'select 1'; echo rc=$?"),
    ("empty_file_db", ": > e.db; sqlite3 e.db 'create table t(a)' 'insert into t values(5)'; sqlite3 e.db 'select * from t'"),
    ("autoincrement_dump", "sqlite3 :memory: 'create table a(id integer primary key autoincrement, v)' \"insert into a(v) values('x'),('y')\" .dump .schema"),
    ("echo_option", "printf 'select 1;\\n.mode csv\\nselect 2, 3;\\n' | sqlite3 -echo"),
    ("show", "printf '.headers on\\n.nullvalue N\\n.separator ;\\n.show\\n' | sqlite3"),
    ("mode_box_wraps_at_60", "printf '.mode box\\nselect printf(\"%%.75c\", \"x\") as long, 1 as n;\\n.mode\\n.mode box --wrap 10 --wordwrap on\\nselect \"the quick brown fox jumps over\" as t;\\n.mode qbox\\nselect 1, \"a\", null;\\n' | sqlite3"),
    ("insert_mode_header", "printf '.mode insert tbl\\n.headers on\\nselect 1 as a, \"x\" as b;\\n' | sqlite3"),
    ("html_no_header", "sqlite3 -html :memory: 'select 1, 2'"),
    ("read_nested_line_numbers", "printf 'select 1;\\n\\nselect nope;\\n' > inner.sql; printf '.read inner.sql\\nselect 2;\\nselect bad;\\n' > outer.sql; sqlite3 :memory: '.read outer.sql'; echo rc=$?"),
    ("import_schema_and_fewer_columns", "printf '1,2,3\\n4,5,6\\n' > n.csv; sqlite3 :memory: 'create table w(a, b)' '.import --csv --schema main n.csv w' 'select * from w'"),
    ("line_mode_nulls", "sqlite3 -line -nullvalue '<null>' :memory: 'select 1 as a, null as bb union all select 2, 3'"),
    ("tables_attached", "sqlite3 :memory: \"attach ':memory:' as aux\" 'create table aux.x(a)' 'create table y(b)' .tables"),
    ("unicode_error_context", "sqlite3 :memory: \"select 'héllo wörld ünïcode', 'more text here to push the offset', nope\"; echo rc=$?"),
    ("heredoc_sql", "sqlite3 -csv h.db <<'SQL'\ncreate table t(a, b);\ninsert into t values (1, 'one'), (2, 'two');\nselect * from t order by a desc;\nSQL\nsqlite3 h.db 'select count(*) from t'"),
    ("schema_sequence", "sqlite3 :memory: 'create table a(id integer primary key autoincrement)' 'insert into a default values' .schema '.schema --indent'"),
    ("cmd_bail_error", "sqlite3 -bail -cmd 'select nope' :memory: 'select 1'; echo rc=$?; sqlite3 -cmd 'select nope' :memory: 'select 1'; echo rc=$?"),
    ("column_empty_result", "sqlite3 -column -header :memory: 'create table e(a)' 'select * from e' 'select 1 as x'"),
    ("separator_args_csv_import", "printf 'x;y\\n1;2\\n' > s.txt; sqlite3 -separator ';' :memory: '.import s.txt t' 'select y, x from t'"),
    ("typeof_and_affinity", "sqlite3 :memory: 'create table a(i integer, r real, t text, b blob, n numeric)' \"insert into a values('1','2','3','4','5.0')\" 'select typeof(i), typeof(r), typeof(t), typeof(b), typeof(n), * from a'"),
    ("leading_space_dot_is_sql", "printf ' .tables\\n;\\nselect 1;\\n' | sqlite3; echo rc=$?"),
    ("crlf_sql", "printf 'select 1;\\r\\nselect 2;\\r\\n' | sqlite3 | od -c"),
    ("string_with_semicolon_newline", "printf \"select 'a;\\nb';\\nselect 2;\\n\" | sqlite3"),
    ("block_comment_multiline", "printf 'select /* a;\\n b; */ 1;\\nselect 2; /* x\\n*/ select 3;\\n' | sqlite3"),
    ("import_existing_more_columns", "printf '1,2\\n3,4\\n' > m.csv; sqlite3 -csv :memory: 'create table w(a, b, c)' '.import m.csv w' 'select * from w'"),
    ("json_unicode_control", "sqlite3 -json :memory: \"select 'tab'||char(9)||'nl'||char(10)||'bell'||char(7) as s, 'ünï ✓' as u, '\\\\/' as b\""),
    ("once_without_file", "printf '.once\\nselect 1;\\n' | sqlite3; echo rc=$?"),
    ("separator_escapes_cmdline", "sqlite3 -separator '\\t' :memory: 'select 1, 2'; printf '.separator \"\\\\t\" \"\\\\n\\\\n\"\\nselect 1, 2;\\nselect 3, 4;\\n' | sqlite3"),
    ("nullvalue_csv_json", "sqlite3 -csv -nullvalue NA :memory: 'select null, 1'; sqlite3 -json -nullvalue NA :memory: 'select null as n'"),
    ("csv_headers_per_statement", "sqlite3 -csv -header :memory: 'select 1 as a; select 2 as b' 'select 3 as c where 0'"),
    ("quote_numeric_text", "sqlite3 -quote :memory: \"select '42', '4.5', 'x', 42, -0.0\""),
    ("print_escapes", "printf '.print a\\\\tb \"c\\\\nd\" '\"'\"'e\\\\tf'\"'\"'\\n' | sqlite3"),
    ("many_rows_column", "sqlite3 -column -header :memory: 'with recursive c(x) as (select 1 union all select x+1 from c where x < 200) select x, x*x as sq, printf(\"%.*c\", x % 7, \"*\") as stars from c' | tail -5"),
    ("update_returning", "sqlite3 -header :memory: 'create table a(x)' 'insert into a values(1),(2) returning x * 10 as t'"),
    ("upsert_and_fk_off", "sqlite3 :memory: 'create table p(id primary key); create table c(pid references p(id)); insert into c values(99); pragma foreign_keys' 'select * from c'"),
    ("dump_view_and_trigger_order", "sqlite3 :memory: 'create table a(x); create view v as select * from a; create trigger t after insert on a begin select 1; end; create index ia on a(x); insert into a values(1)' .dump"),
    ("schema_view_columns", "sqlite3 :memory: 'create table a(x, \"y z\"); create view v2(p, q) as select * from a; create view v3 as select x+1, \"y z\" from a' .schema"),
    ("column_right_align_negative_width", "printf '.mode column\\n.width -5 3\\nselect \"ab\" as a, \"cdefg\" as b;\\n' | sqlite3"),
    ("table_unicode_wide", "sqlite3 -table :memory: \"select '日本語' as j, 'x' as y\""),
    ("explain_query_plan", "sqlite3 :memory: 'create table t(a,b); create index ta on t(a)' 'explain query plan select * from t where a=1 union select * from t where b in (select a from t)' 'explain query plan select 1'; sqlite3 -json :memory: 'create table t(a)' 'explain query plan select * from t order by a'"),
    ("explain_bytecode", "sqlite3 :memory: 'explain select 1'; sqlite3 -csv :memory: 'create table t(a, b)' 'explain select a, count(*) from t where b > 1 group by a' | awk '{ print $1, $2 }' | wc -l"),
    ("quit_and_exit_in_read", "printf 'select 1;\\n.quit\\nselect 2;\\n' > q.sql; printf '.read q.sql\\nselect 3;\\n' | sqlite3; echo rc=$?; printf 'select 1;\\n.exit 4\\nselect 2;\\n' | sqlite3; echo rc=$?; printf 'select 1;\\n.exit 4\\n' > e.sql; printf '.read e.sql\\nselect 3;\\n' | sqlite3; echo rc=$?; sqlite3 :memory: '.exit 5' 'select 1'; echo rc=$?"),
    ("box_control_chars", "printf '.mode box\\nselect \"a\" || char(13) || \"b\", 2;\\nselect char(1,2,9,13,10,11) as c, 1;\\n' | sqlite3 | od -c"),
    ("import_ascii", "printf 'a\\037b\\036 1\\0372\\036' > a.txt; sqlite3 -csv :memory: '.import --ascii a.txt t' 'select * from t'"),
    ("tcl_and_html_headers", "sqlite3 -header :memory: '.mode tcl' \"select 'a b' as \\\"x y\\\", 2\" '.mode html' \"select '<' as lt\""),
    ("line_header_irrelevant", "sqlite3 -line -header :memory: 'select 1 as a, 2 as b'"),
    ("without_rowid_and_quoted_names_dump", "sqlite3 :memory: 'create table \"my t\"(k text primary key, \"v v\") without rowid' \"insert into \\\"my t\\\" values('a', 1), ('b', null)\" .dump"),
    ("explain_indentation", "sqlite3 :memory: 'create table t(a,b)' 'explain select a from t where b > 1'"),
    ("indexes_databases_changes", "sqlite3 z1.db 'create table a(x); create index ia on a(x); create table b(y); create index ib on b(y)' .indexes '.indexes a' .databases | sed \"s|$PWD|PWD|\"; sqlite3 :memory: .databases \"attach ':memory:' as m\" .databases; printf '.changes on\\ncreate table a(x);\\ninsert into a values(1),(2);\\nselect 1;\\n' | sqlite3; sqlite3 :memory: '.changes on' 'create table a(x)' 'insert into a values(1)'"),
];

/// A fresh directory path (the same path is used on the host and in kitsh's VFS).
fn fresh_dir() -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    std::env::temp_dir().join(format!("kitsh-sqlite3-{}-{}", std::process::id(), n)).to_string_lossy().into_owned()
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn script_text(script: &str) -> String {
    format!("T='{}'\n{}", T.replace('\'', "'\\''"), script)
}

fn run_bash(script: &str, dir: &str) -> Outcome {
    std::fs::create_dir_all(dir).unwrap();
    let child = Command::new("/bin/bash")
        .arg0("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", dir)
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(dir);
    Outcome { stdout: out.stdout, stderr: out.stderr, status: out.status.code().unwrap_or(-1) }
}

fn kitsh_shell(dir: &str) -> kitsh::Bash {
    kitsh::Bash::builder()
        .name("bash")
        .cwd(dir)
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", dir)
        .env("LC_ALL", "C")
        .limits(kitsh::ExecutionLimits::new().timeout(Duration::from_secs(10)))
        .build()
        .unwrap()
}

fn run_kitsh(script: &str, dir: &str) -> Outcome {
    let mut sh = kitsh_shell(dir);
    let r = sh.exec_sync(script);
    Outcome { stdout: r.stdout_bytes, stderr: r.stderr_bytes, status: r.exit_code }
}

fn require_real_sqlite3() {
    assert!(
        std::path::Path::new(REAL).exists(),
        "{REAL} is missing: the sqlite3 differential tests need the real sqlite3 CLI as their oracle \
         (install it: apt-get install -y sqlite3)"
    );
}

#[test]
fn differential_sessions() {
    require_real_sqlite3();
    assert!(CASES.len() >= 50, "at least 50 sessions");
    let filter = std::env::var("KITSH_SQLITE_FILTER").unwrap_or_default();
    let mut failures = Vec::new();
    let mut ran = 0;
    for (name, script) in CASES {
        if !name.contains(filter.as_str()) {
            continue;
        }
        ran += 1;
        let text = script_text(script);
        let dir = fresh_dir();
        let real = run_bash(&text, &dir);
        let kit = run_kitsh(&text, &dir);
        let mut d = String::new();
        if real.status != kit.status {
            d.push_str(&format!("  exit status: real {} / kitsh {}\n", real.status, kit.status));
        }
        if real.stdout != kit.stdout {
            d.push_str(&format!(
                "  stdout:\n    real:  {:?}\n    kitsh: {:?}\n",
                String::from_utf8_lossy(&real.stdout),
                String::from_utf8_lossy(&kit.stdout)
            ));
        }
        if real.stderr != kit.stderr {
            d.push_str(&format!(
                "  stderr:\n    real:  {:?}\n    kitsh: {:?}\n",
                String::from_utf8_lossy(&real.stderr),
                String::from_utf8_lossy(&kit.stderr)
            ));
        }
        if !d.is_empty() {
            failures.push(format!("{name}:\n{d}"));
        }
    }
    assert!(failures.is_empty(), "{} of {ran} sessions differ:\n{}", failures.len(), failures.join("\n"));
}

/// Host paths the escape tests try to reach; none may exist afterwards.
fn host_path(tag: &str) -> String {
    format!("/tmp/kitsh-sqlite3-escape-{}-{tag}", std::process::id())
}

fn kitsh_exec(script: &str) -> kitsh::ExecResult {
    let mut sh = kitsh_shell("/work");
    sh.exec_sync(&format!("mkdir -p /work; cd /work; {script}"))
}

#[test]
fn attach_of_files_is_refused() {
    let x = host_path("attach.db");
    for sql in [
        "ATTACH '/etc/passwd' AS p; SELECT * FROM p.sqlite_schema;".to_string(),
        format!("ATTACH '{x}' AS x; CREATE TABLE x.t(a);"),
        format!("ATTACH 'file:{x}?vfs=unix' AS x; CREATE TABLE x.t(a);"),
        format!("ATTACH 'file:{x}' || '' AS x; CREATE TABLE x.t(a);"),
        format!("ATTACH DATABASE 'file:{x}?mode=rwc' AS x; CREATE TABLE x.t(a);"),
    ] {
        let r = kitsh_exec(&format!("sqlite3 :memory: \"{sql}\""));
        // 23: SQLITE_AUTH, the status sqlite3 exits with for a refused statement.
        assert_eq!(r.exit_code, 23, "{sql}: {r:?}");
        assert!(r.stderr.contains("not authorized"), "{sql}: {}", r.stderr);
        assert!(!std::path::Path::new(&x).exists(), "{x} was created by {sql}");
    }
    let r = kitsh_exec(&format!("sqlite3 :memory: \"ATTACH '{x}' AS x\""));
    assert!(r.stderr.contains("only ATTACH ':memory:' is supported"), "{}", r.stderr);
    // The in-memory kinds still work.
    let r = kitsh_exec(
        "sqlite3 :memory: \"ATTACH ':memory:' AS m; CREATE TABLE m.t(a); INSERT INTO m.t VALUES(7); ATTACH '' AS e; SELECT * FROM m.t;\"",
    );
    assert_eq!((r.stdout.as_str(), r.exit_code), ("7\n", 0), "{}", r.stderr);
}

#[test]
fn vacuum_into_and_temp_files_stay_off_the_host() {
    let y = host_path("vacuum.db");
    for sql in [format!("VACUUM INTO '{y}'"), format!("VACUUM INTO 'file:{y}?vfs=unix'")] {
        let r = kitsh_exec(&format!("sqlite3 :memory: \"CREATE TABLE t(a); INSERT INTO t VALUES(1); {sql};\""));
        assert_eq!(r.exit_code, 23, "{sql}: {r:?}");
        assert!(r.stderr.contains("cannot attach"), "{sql}: {}", r.stderr);
        assert!(!std::path::Path::new(&y).exists(), "{y} was created by {sql}");
    }
    for sql in ["PRAGMA temp_store=FILE", "PRAGMA temp_store_directory='/tmp'", "PRAGMA temp_store=1"] {
        let r = kitsh_exec(&format!("sqlite3 :memory: \"{sql}\""));
        assert_eq!(r.exit_code, 23, "{sql}: {r:?}");
        assert!(r.stderr.contains("cannot be changed"), "{sql}: {}", r.stderr);
    }
    // Temporary tables and big sorts work (in memory).
    let r = kitsh_exec(
        "sqlite3 :memory: 'CREATE TEMP TABLE tt AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 20000) SELECT x, randomblob(100) b FROM c; SELECT count(DISTINCT b), max(x) FROM (SELECT * FROM tt ORDER BY b)'",
    );
    assert_eq!((r.stdout.as_str(), r.exit_code), ("20000|20000\n", 0), "{}", r.stderr);
}

#[test]
fn load_extension_is_refused() {
    for sql in ["SELECT load_extension('/usr/lib/x86_64-linux-gnu/libsqlite3.so.0')", "SELECT load_extension('x')"] {
        let r = kitsh_exec(&format!("sqlite3 :memory: \"{sql}\""));
        assert_eq!(r.exit_code, 1, "{sql}: {r:?}");
        assert!(r.stderr.contains("load_extension() is not available"), "{}", r.stderr);
    }
}

#[test]
fn files_are_virtual() {
    let db = host_path("file.db");
    let out = host_path("out.txt");
    let csv = host_path("host.csv");
    let sql = host_path("host.sql");
    std::fs::write(&csv, "a,b\nhost,secret\n").unwrap();
    std::fs::write(&sql, "select 'host secret';\n").unwrap();
    let r = kitsh_exec(&format!(
        "sqlite3 {db} 'create table t(a)' \"insert into t values('in vfs')\" && sqlite3 {db} 'select * from t' && test -s {db} && echo vfs-db;
         sqlite3 :memory: '.output {out}' 'select 42' && cat {out};
         sqlite3 :memory: '.import --csv {csv} h'; echo import=$?;
         sqlite3 :memory: '.read {sql}'; echo read=$?"
    ));
    assert_eq!(r.stdout, "in vfs\nvfs-db\n42\nimport=1\nread=1\n", "{}", r.stderr);
    assert!(r.stderr.contains(&format!("cannot open \"{csv}\"")), "{}", r.stderr);
    assert!(!std::path::Path::new(&db).exists(), "{db} was created on the host");
    assert!(!std::path::Path::new(&out).exists(), "{out} was created on the host");
    let _ = std::fs::remove_file(&csv);
    let _ = std::fs::remove_file(&sql);
}

#[test]
fn runaway_query_stops_at_the_timeout() {
    common::guarded(|| {
        let mut sh = common::shell(kitsh::ExecutionLimits::new().timeout(Duration::from_millis(1500)));
        let t = Instant::now();
        let r = sh.exec_sync(
            "sqlite3 :memory: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;'",
        );
        let took = t.elapsed();
        assert!(took < Duration::from_secs(6), "took {took:?}");
        assert_ne!(r.exit_code, 0);
        assert!(r.stderr.contains("interrupted"), "{}", r.stderr);
        common::assert_still_works(&mut sh);
    });
}

#[test]
fn output_limit_stops_a_runaway_select() {
    common::guarded(|| {
        let limits = kitsh::ExecutionLimits::new().timeout(Duration::from_secs(10)).max_output_bytes(1 << 20);
        let mut sh = common::shell(limits);
        let t = Instant::now();
        let r = sh.exec_sync("sqlite3 :memory: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c;'");
        assert!(t.elapsed() < Duration::from_secs(6), "took {:?}", t.elapsed());
        assert_ne!(r.exit_code, 0);
        assert!(r.stdout.len() <= 1 << 20);
        let r = sh.exec_sync("sqlite3 :memory: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c;' | head -3");
        assert_eq!(r.stdout, "1\n2\n3\n");
    });
}

#[test]
fn big_values_are_bounded() {
    let r = kitsh_exec("sqlite3 :memory: 'select length(randomblob(100000000))'; echo rc=$?");
    assert!(r.stderr.contains("string or blob too big"), "{}", r.stderr);
    assert!(r.stdout.ends_with("rc=18\n"), "{}", r.stdout);
}

#[test]
fn db_writes_respect_the_filesystem_limit() {
    let mut sh = kitsh::Bash::builder()
        .name("bash")
        .limits(kitsh::ExecutionLimits::new().max_fs_bytes(200_000))
        .build()
        .unwrap();
    let r = sh.exec_sync(
        "sqlite3 /big.db 'create table t(b); insert into t with recursive c(x) as (select 1 union all select x+1 from c where x < 1000) select randomblob(1000) from c' ; echo rc=$?; ls /big.db",
    );
    // sqlite3 says why, then the run stops at the filesystem limit (TC-9)
    assert_eq!((r.stdout.as_str(), r.exit_code), ("", kitsh::limits::LIMIT_EXIT_STATUS), "{r:?}");
    assert!(r.stderr.contains("cannot save \"/big.db\": No space left on device\n"), "{}", r.stderr);
    assert!(r.stderr.ends_with("maximum filesystem size exceeded (200000 bytes)\n"), "{}", r.stderr);
}

#[test]
fn memory_is_bounded() {
    common::guarded(|| {
        let mut sh = common::shell(kitsh::ExecutionLimits::new().timeout(Duration::from_secs(10)).max_fs_bytes(8 << 20));
        let t = Instant::now();
        // A database (even :memory:, even attached) cannot outgrow the filesystem budget.
        let r = sh.exec_sync(
            "sqlite3 :memory: 'create table t(b); insert into t with recursive c(x) as (select 1 union all select x+1 from c) select randomblob(10000) from c'; echo rc=$?;
             sqlite3 :memory: \"attach ':memory:' as m; create table m.t(b); insert into m.t with recursive c(x) as (select 1 union all select x+1 from c) select randomblob(10000) from c\"; echo rc=$?;
             sqlite3 :memory: 'PRAGMA max_page_count = 100000000'; echo rc=$?",
        );
        assert!(t.elapsed() < Duration::from_secs(6), "took {:?}", t.elapsed());
        assert_eq!(r.stdout, "rc=13\nrc=13\nrc=23\n", "{}", r.stderr);
        assert!(r.stderr.contains("database or disk is full"), "{}", r.stderr);
        // The columnar modes keep rows to size columns: bounded too.
        let r = sh.exec_sync(
            "sqlite3 -box :memory: 'with recursive c(x) as (select 1 union all select x+1 from c) select x, randomblob(1000) from c'; echo rc=$?",
        );
        assert!(r.stdout.ends_with("rc=1\n"), "{}", &r.stdout[..r.stdout.len().min(300)]);
        assert!(r.stderr.contains("result too large for the box mode"), "{}", r.stderr);
    });
}

#[test]
fn host_cancellation_stops_a_runaway_query() {
    common::guarded(|| {
        let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let mut sh = common::shell(kitsh::ExecutionLimits::new().timeout(Duration::from_secs(15)));
            let token = kitsh::CancellationToken::new();
            let t2 = token.clone();
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(500)).await;
                t2.cancel();
            });
            let t = Instant::now();
            let r = sh
                .exec_cancellable(
                    "sqlite3 :memory: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;'",
                    &token,
                )
                .await
                .unwrap();
            assert!(t.elapsed() < Duration::from_secs(5), "took {:?}", t.elapsed());
            assert_eq!(r.exit_code, 130, "{r:?}");
        });
    });
}

#[test]
fn version_and_help() {
    let r = kitsh_exec("sqlite3 -version; echo rc=$?; sqlite3 --help 2>&1 | head -1; sqlite3 -help >/dev/null 2>&1; echo rc=$?");
    let first = r.stdout.lines().next().unwrap_or("");
    assert!(first.starts_with("3.") && first.split(' ').count() >= 3, "{first}");
    assert!(r.stdout.contains("rc=0\nUsage: sqlite3 [OPTIONS] FILENAME [SQL]\nrc=1\n"), "{}", r.stdout);
}

#[test]
fn odd_input_never_panics() {
    let inputs = [
        "select 'unterminated",
        "select \"x",
        "/* open comment",
        "create trigger t after insert on x begin select 1;",
        ".",
        ". ",
        ".mode",
        ".mode column --wrap",
        ".mode box --wrap 0 --ww",
        ".width abc -0 99999999999999999999",
        ".separator \"\"",
        ".separator '' ''",
        ".import --skip x a b",
        ".import --csv '' t",
        ".import /",
        ".read /",
        ".output /",
        ".once /nonexistent/dir/f",
        ".dump '''\"",
        ".schema '%",
        ".tables \\",
        ".print \\777 \\",
        ".headers 99999999999999999999999",
        ".exit abc",
        ".nullvalue",
        "select x'zz';",
        "select char(0), 'a' || char(0) || 'b';",
        "select 1e999, -1e999, 0.0 * -1;",
        ".mode json\nselect char(0, 1, 31, 127, 128, 65533);",
        ".mode box\nselect char(1,2,9,13,10,11) as c;",
        ".mode column\n.width 1\nselect 'abcdefghijklmnop' as x, '日本語テキスト' as y;",
        ".mode qbox\nselect x'00', 1.5, null;",
        "explain query plan select 1; explain select 1;",
        ".mode line\nselect 1 as '';",
        ".mode insert\nselect 1 as \"a b\";",
    ];
    for input in inputs {
        let escaped = input.replace('\'', "'\\''");
        for script in [format!("printf '%s\\n' '{escaped}' | sqlite3 x.db"), format!("sqlite3 :memory: '{escaped}'")] {
            let r = kitsh_exec(&script);
            assert!(
                !r.stderr.contains("panicked") && r.exit_code != 101 && r.exit_code < 124,
                "{script}: {r:?}"
            );
        }
    }
    // Invalid UTF-8 in SQL and in data.
    let r = kitsh_exec("printf 'select \"\\377\\376\";\\n' | sqlite3; printf '\\377,\\376\\n1,2\\n' > b.csv; sqlite3 -csv :memory: '.import b.csv t' 'select * from t'");
    assert!(!r.stderr.contains("panicked"), "{r:?}");
}
