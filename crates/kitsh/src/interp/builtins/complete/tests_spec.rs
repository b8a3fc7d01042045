//! Tests of `complete`, `compopt`, the builtins' help, and file and command completion;
//! every expected value is what bash 5.2 gives (file listings sorted by name, as kitsh lists them).

use super::super::run_for_test as out;

/// `compopt`: no completion is running in a script.
#[test]
fn compopt_errors_and_display() {
    assert_eq!(out(r"compopt -o invalid; echo status=$?"), r"status=2
bash: line 1: compopt: invalid: invalid option name
0");
    assert_eq!(out(r"compopt -o filenames +o nospace; echo status=$?"), r"status=1
bash: line 1: compopt: not currently executing completion function
0");
    assert_eq!(out(r"compopt -x"), r"bash: line 1: compopt: -x: invalid option
compopt: usage: compopt [-o|+o option] [-DEI] [name ...]
2");
    assert_eq!(out(r"compopt +x"), r"bash: line 1: compopt: +x: invalid option
compopt: usage: compopt [-o|+o option] [-DEI] [name ...]
2");
    assert_eq!(out(r"compopt -o"), r"bash: line 1: compopt: -o: option requires an argument
compopt: usage: compopt [-o|+o option] [-DEI] [name ...]
2");
    assert_eq!(out(r"compopt +o bad"), r"bash: line 1: compopt: bad: invalid option name
2");
    assert_eq!(out(r"compopt +D"), r"bash: line 1: compopt: _DefaultCmD_: no completion specification
1");
    assert_eq!(out(r"compopt -D -E x"), r"bash: line 1: compopt: _DefaultCmD_: no completion specification
1");
    assert_eq!(out(r"compopt -o nospace -- -x"), r"bash: line 1: compopt: -x: no completion specification
1");
    assert_eq!(out(r"compopt; echo $?"), r"1
bash: line 1: compopt: not currently executing completion function
0");
    assert_eq!(out(r"compopt c; echo $?"), r"1
bash: line 1: compopt: c: no completion specification
0");
}

/// `complete`: storing, printing (bash's order and quoting) and removing.
#[test]
fn complete_store_print_remove() {
    assert_eq!(out(r"complete -r nosuch; echo $?"), r"0
0");
    assert_eq!(out(r"complete -p nosuch; echo $?"), r"1
bash: line 1: complete: nosuch: no completion specification
0");
    assert_eq!(out(r"complete foo; echo $?; complete -p"), r"0
complete foo
0");
    assert_eq!(out(r"complete -W x a; complete -r a; echo $?; complete -p a; echo $?"), r"0
1
bash: line 1: complete: a: no completion specification
0");
    assert_eq!(out(r"complete; echo $?"), r"0
0");
    assert_eq!(out(r"complete -D; complete -pD"), r"complete -D
0");
    assert_eq!(out(r#"complete -o nosort -o noquote -o default -o bashdefault -o dirnames -o filenames -o nospace -o plusdirs -abcdefgjksuv -A arrayvar -A binding -A disabled -A enabled -A function -A helptopic -A hostname -A running -A setopt -A shopt -A signal -A stopped -G '*.c' -W 'a b' -P "p'" -S s -X x -C cmd -F func -I x y; complete -p"#), r"complete -o bashdefault -o default -o dirnames -o filenames -o noquote -o nosort -o nospace -o plusdirs -a -b -c -d -e -f -g -j -k -s -u -v -A arrayvar -A binding -A disabled -A enabled -A function -A helptopic -A hostname -A running -A setopt -A shopt -A signal -A stopped -G '*.c' -W 'a b' -P 'p'\''' -S 's' -X 'x' -C 'cmd' -F func -I
0");
    assert_eq!(out(r"complete -W x a b c d git ls foo bar zz k _DefaultCmD_; complete -W y c; complete"), r"complete -W 'x' foo
complete -W 'x' bar
complete -W 'x' git
complete -W 'x' ls
complete -W 'x' -D
complete -W 'x' k
complete -W 'x' d
complete -W 'y' c
complete -W 'x' b
complete -W 'x' a
complete -W 'x' zz
0");
    assert_eq!(out(r"complete -E; complete -I; complete -D; complete; complete -r -I -D; complete"), r"complete -I
complete -D
complete -E
complete -I
complete -E
0");
    assert_eq!(out(r"complete -W x a b; compopt -o nospace a; complete -p a b; compopt a b; compopt +o nospace -o filenames b; compopt a b"), r"complete -o nospace -W 'x' a
complete -o nospace -W 'x' b
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort -o nospace +o plusdirs a
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort -o nospace +o plusdirs b
compopt +o bashdefault +o default +o dirnames -o filenames +o noquote +o nosort +o nospace +o plusdirs a
compopt +o bashdefault +o default +o dirnames -o filenames +o noquote +o nosort +o nospace +o plusdirs b
0");
    assert_eq!(out(r"complete -D -W d; compopt -D -o default; compopt -D; compopt -E; complete -pE"), r"compopt +o bashdefault -o default +o dirnames +o filenames +o noquote +o nosort +o nospace +o plusdirs -D
bash: line 1: compopt: _EmptycmD_: no completion specification
bash: line 1: complete: _EmptycmD_: no completion specification
1");
    assert_eq!(out(r"complete -W x; echo $?"), r"2
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
0");
    assert_eq!(out(r"complete -o nospace; echo $?"), r"2
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
0");
    assert_eq!(out(r"complete -W x a; complete -pr a; echo $?; complete -p"), r"complete -W 'x' a
0
complete -W 'x' a
0");
    assert_eq!(out(r"complete -W x a; complete -r a b; echo $?; complete -p"), r"1
bash: line 1: complete: b: no completion specification
0");
    assert_eq!(out(r"complete -W x a; complete -r; echo $?; complete -p; echo $?; complete -r a; echo $?"), r"0
0
1
bash: line 1: complete: a: no completion specification
0");
    assert_eq!(out(r"complete -W x a; complete -p a b; echo $?"), r"complete -W 'x' a
1
bash: line 1: complete: b: no completion specification
0");
    assert_eq!(out(r"complete -F 'a b' -W x a; echo $?; complete -p"), r"2
bash: line 1: complete: `a b': not a valid identifier
0");
    assert_eq!(out(r"complete -W x -r -D; echo $?"), r"0
0");
    assert_eq!(out(r"complete -F f a; complete -W y a; complete -p"), r"complete -W 'y' a
0");
    assert_eq!(out(r"complete -F f a b c; complete -r b; compopt -o nospace a; complete -p"), r"complete -o nospace -F f c
complete -o nospace -F f a
0");
    assert_eq!(out(r"complete -W '$(echo x)' a; complete -p"), r"complete -W '$(echo x)' a
0");
    assert_eq!(out(r#"complete -W "it's" -P '\\' a; complete -p"#), r"complete -W 'it'\''s' -P '\\' a
0");
    assert_eq!(out(r"complete -G '' -W '' -X '' -F '' -C '' a; complete -p"), r"complete -G '' -W '' -X '' -C '' -F  a
0");
    assert_eq!(out(r"complete -a -A alias a; complete -p"), r"complete -a a
0");
    assert_eq!(out(r"complete -p -D; echo $?"), r"1
bash: line 1: complete: _DefaultCmD_: no completion specification
0");
    assert_eq!(out(r"complete -r -D; echo $?"), r"0
0");
    assert_eq!(out(r"complete -o bad a; echo $?"), r"2
bash: line 1: complete: bad: invalid option name
0");
    assert_eq!(out(r"complete -A bad a; echo $?"), r"2
bash: line 1: complete: bad: invalid action name
0");
    assert_eq!(out(r"complete -A; echo $?"), r"2
bash: line 1: complete: -A: option requires an argument
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
0");
    assert_eq!(out(r"complete -x; echo $?"), r"2
bash: line 1: complete: -x: invalid option
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
0");
    assert_eq!(out(r"complete -E -D -W z; complete -p"), r"complete -W 'z' -D
0");
    assert_eq!(out(r"complete -I -D -W z; complete -p"), r"complete -W 'z' -D
0");
    assert_eq!(out(r"complete -I -E -W z; complete -p"), r"complete -W 'z' -E
0");
    assert_eq!(out(r"complete -W x -- -a; complete -p"), r"complete -W 'x' -a
0");
    assert_eq!(out(r"complete -F _x -o nospace a; complete -o filenames -F _x a; complete -p"), r"complete -o filenames -F _x a
0");
    assert_eq!(out(r"complete -W x 'a b' 'a:~b' 'a^b' a%b '#a' a# '~a' a~ ''; complete -p"), r"complete -W 'x' a%b
complete -W 'x' '#a'
complete -W 'x' a~
complete -W 'x' 'a^b'
complete -W 'x' 'a b'
complete -W 'x' a#
complete -W 'x' 'a:~b'
complete -W 'x' ''
complete -W 'x' '~a'
0");
    assert_eq!(out(r"complete -pr; echo $?"), r"0
0");
    assert_eq!(out(r"f() { complete -W x inner; }; f; complete -p; (complete -W y sub; complete -p); complete -p"), r"complete -W 'x' inner
complete -W 'x' inner
complete -W 'y' sub
complete -W 'x' inner
0");
    assert_eq!(out(r"foo() { echo foo; }; wrapper=foo; complete -o default -o nospace -F $wrapper git; echo $?"), r"0
0");
    assert_eq!(out(r"complete -F invalidZZ -D; echo status=$?"), r"status=0
0");
    assert_eq!(out(r"complete -W '${' foo; echo status=$?"), r"status=0
0");
}

/// `--help` and `type`.
#[test]
fn help_and_type() {
    assert_eq!(out(r"compgen --help; echo st=$?"), r"compgen: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
    Display possible completions depending on the options.
    
    Intended to be used from within a shell function generating possible
    completions.  If the optional WORD argument is supplied, matches against
    WORD are generated.
    
    Exit Status:
    Returns success unless an invalid option is supplied or an error occurs.
st=2
0");
    assert_eq!(out(r"complete --help | tail -4; complete --help >/dev/null; echo st=$?"), r"    the -D option takes precedence over -E, and both take precedence over -I.
    
    Exit Status:
    Returns success unless an invalid option is supplied or an error occurs.
st=2
0");
    assert_eq!(out(r"compopt --help | head -3; compopt --help | wc -l"), r"compopt: compopt [-o|+o option] [-DEI] [name ...]
    Modify or display completion options.
    
26
0");
    assert_eq!(out(r"compgen -W a --help"), r"compgen: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
    Display possible completions depending on the options.
    
    Intended to be used from within a shell function generating possible
    completions.  If the optional WORD argument is supplied, matches against
    WORD are generated.
    
    Exit Status:
    Returns success unless an invalid option is supplied or an error occurs.
2");
    assert_eq!(out(r"type compgen complete compopt"), r"compgen is a shell builtin
complete is a shell builtin
compopt is a shell builtin
0");
}

/// Files, directories, `-G`, `-c` and the `-o` fallbacks (listings sorted by name).
#[test]
fn file_and_command_completion() {
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c1/dd/sub /tmp/c1/dd/.hid '/tmp/c1/sp ace'; cd /tmp/c1; touch dd/f1 dd/.h .dotf aa ab s.sh; ln -s dd ldir; ln -s nowhere broken; cg -f; echo st=$?"#), r".dotf
aa
ab
broken
dd
ldir
s.sh
sp ace
st=0
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c1/dd/sub; cd /tmp/c1; touch .dotf aa; cg -f ."#), r".
..
.dotf
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c1/dd/sub /tmp/c1/dd/.hid; cd /tmp/c1; touch dd/f1 dd/.h; cg -f dd/; cg -f dd/.; cg -f dd; cg -f dd//"#), r"dd/.h
dd/.hid
dd/f1
dd/sub
dd/.
dd/..
dd/.h
dd/.hid
dd
dd//.h
dd//.hid
dd//f1
dd//sub
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c1/dd/sub /tmp/c1/dd/.hid '/tmp/c1/sp ace'; cd /tmp/c1; ln -s dd ldir; touch aa; cg -d; echo --; cg -d d; echo --; cg -d dd/; echo --; cg -d ldir/"#), r"dd
ldir
sp ace
--
dd
--
dd/.hid
dd/sub
--
ldir/.hid
ldir/sub
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c1; cd /tmp/c1; touch aa ab; cg -f ./a; cg -f ../c1/a; cg -f A; echo st=$?; cg -f /nonexist/; echo st=$?; cg -f .."#), r"./aa
./ab
../c1/aa
../c1/ab
st=1
st=1
..
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c1; cd /tmp/c1; touch 'foo bar' "foo'bar"; cg -f 'foo b'; cg -f "foo'"; cg -f 'foo\ '; echo st=$?"#), r"foo bar
foo'bar
st=1
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c2/dd/sub; cd /tmp/c2; touch aa ab s.sh dd/x; chmod +x s.sh; ln -s dd ldir; cg -c ./; echo --; cg -c dd/"#), r"./dd
./ldir
./s.sh
--
dd/sub
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c3/bin /tmp/c3/b2; cd /tmp/c3; touch bin/sx bin/sy b2/sz bin/.sh bin/nox; chmod +x bin/sx bin/sy b2/sz bin/.sh; mkdir bin/sdir; PATH=/tmp/c3/bin:/tmp/c3/b2; cg -c s; echo --; cg -c no; echo st=$?; PATH=; cg -c sx; echo st=$?"#), r"select
set
shift
shopt
source
sx
sy
sz
--
st=1
st=1
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c4/dd; cd /tmp/c4; touch aa ab dd/f1 dd/.h; cg -G '*'; echo --; cg -G 'a*' b; echo --; cg -G 'nomatch*'; echo st=$?; cg -G 'dd/*'; cg -G '$HOME'; echo st=$?; cg -G aa; cg -G zz; echo st=$?"#), r"aa
ab
dd
--
aa
ab
--
st=1
dd/f1
st=1
aa
st=1
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c4/dd; cd /tmp/c4; touch dd/f1 dd/.h; shopt -s dotglob; cg -G 'dd/*'"#), r"dd/f1
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c5/dd /tmp/c5/de; cd /tmp/c5; touch s1 s2 dx; cg -o plusdirs -W 'a d1' d; echo --; cg -o plusdirs -W zz d; echo --; cg -o dirnames -W zz d; echo --; cg -o dirnames -W dx d"#), r"d1
dd
de
--
dd
de
--
dd
de
--
dx
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c5/dd /tmp/c5/de; cd /tmp/c5; touch s1 s2 dx; cg -o default -W zz s; echo --; cg -o default -P '<' -W zz s; echo --; cg -o dirnames -P '<' -X dd d; echo --; cg -o plusdirs -P '<' -X dd d"#), r"s1
s2
--
s1
s2
--
dd
de
--
dd
de
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c5/dd /tmp/c5/de; cd /tmp/c5; touch s1 s2 dx; cg -o bashdefault 's*'; echo --; cg -o default; echo --; cg -o dirnames; echo --; cg -o plusdirs"#), r"s1
s2
--
dd
de
dx
s1
s2
--
dd
de
--
dd
de
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c6; cd /tmp/c6; touch spam.py spam.sh; cg -f -- sp; shopt -s extglob; cg -f -X '!*.@(py)' -- sp"#), r"spam.py
spam.sh
spam.py
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c7/web; cd /tmp/c7; cg -W 'w1 w2 three' -A directory w; cg -A directory -W 'w1 w2 three' w"#), r"web
w1
w2
web
w1
w2
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c8; cd /tmp/c8; touch PA_FILE Q_FILE; PA_FUNC() { echo P; }; Q_FUNC() { echo Q; }; cg -A function -A variable -A file PA"#), r"PA_FUNC
PATH
PA_FILE
0");
    assert_eq!(out(r#"cg() { compgen "$@"; }; mkdir -p /tmp/c9/xdir; cd /tmp/c9; touch xfile; xfn() { :; }; cg -d -f -A function -W xw x"#), r"xfn
xdir
xfile
xdir
xw
0");
}
