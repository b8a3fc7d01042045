//! Tests of `compgen`; every expected value is what bash 5.2 gives
//! (file listings sorted by name, as kitsh lists them).

use super::super::run_for_test as out;

/// Option parsing, statuses and usage errors of `compgen`.
#[test]
fn compgen_options_and_statuses() {
    assert_eq!(out(r"add () { :; }; __ec () { :; }; _ab () { :; }; Zed() { :; }; compgen -A function"), r"Zed
__ec
_ab
add
0");
    assert_eq!(out(r"__ec () { :; }; _ab () { :; }; add() { :; }; compgen -A function _"), r"__ec
_ab
0");
    assert_eq!(out(r"compgen -A foo; echo status=$?"), r"status=2
bash: line 1: compgen: foo: invalid action name
0");
    assert_eq!(out(r"compgen; echo $?"), r"0
0");
    assert_eq!(out(r"compgen -W 'a b'; echo $?"), r"a
b
0
0");
    assert_eq!(out(r"compgen -Z; echo $?"), r"2
bash: line 1: compgen: -Z: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
0");
    assert_eq!(out(r"compgen -A"), r"bash: line 1: compgen: -A: option requires an argument
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
2");
    assert_eq!(out(r"compgen -o"), r"bash: line 1: compgen: -o: option requires an argument
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
2");
    assert_eq!(out(r"compgen -o bad"), r"bash: line 1: compgen: bad: invalid option name
2");
    assert_eq!(out(r"compgen -p"), r"bash: line 1: compgen: -p: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
2");
    assert_eq!(out(r"compgen -D"), r"bash: line 1: compgen: -D: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
2");
    assert_eq!(out(r"compgen --hel"), r"bash: line 1: compgen: --: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
2");
    assert_eq!(out(r"compgen -- -W"), r"0");
    assert_eq!(out(r"compgen -W '-a -b' -- -"), r"-a
-b
0");
    assert_eq!(out(r"compgen -W 'a' -"), r"1");
    assert_eq!(out(r"compgen -ofilenames -W a"), r"a
0");
    assert_eq!(out(r"compgen -Afunction -W a"), r"a
0");
    assert_eq!(out(r"compgen -fW 'b' bb"), r"1");
    assert_eq!(out(r"compgen -W 'ab ac' a b"), r"ab
ac
0");
    assert_eq!(out(r"compgen -W 'a a b' a"), r"a
a
0");
    assert_eq!(out(r"compgen -W '' -- foo; echo status=$?"), r"status=1
0");
    assert_eq!(out(r"compgen -o filenames -o nospace -W 'bin build'"), r"bin
build
0");
    assert_eq!(out(r"compgen -o nosort -W 'b a'"), r"b
a
0");
}

/// `-F`: how the function is called and what is taken from `COMPREPLY`.
#[test]
fn compgen_function_calls() {
    assert_eq!(out(r#"f() { echo "args: $# [$1] [$2] [$3]"; declare -p COMP_WORDS COMP_CWORD COMP_LINE COMP_POINT COMP_KEY COMP_TYPE; COMPREPLY=(one two three); }; compgen -F f foo a b c"#), r#"args: 3 [compgen] [foo] []
declare -a COMP_WORDS=()
declare -- COMP_CWORD="-1"
declare -- COMP_LINE=""
declare -- COMP_POINT="0"
declare -- COMP_KEY="0"
declare -- COMP_TYPE="0"
one
two
three
bash: line 1: compgen: warning: -F option may not work as you expect
0"#);
    assert_eq!(out(r"f() { COMPREPLY=(zz 'a b' '' yy); return 3; }; COMPREPLY=(old); compgen -F f x 2>/dev/null; echo st=$?; declare -p COMP_WORDS COMPREPLY"), r"zz
a b

yy
st=0
bash: line 1: declare: COMP_WORDS: not found
bash: line 1: declare: COMPREPLY: not found
1");
    assert_eq!(out(r"f() { declare -p COMPREPLY; }; COMPREPLY=(old); compgen -F f 2>/dev/null; echo st=$?"), r#"declare -a COMPREPLY=([0]="old")
old
st=0
0"#);
    assert_eq!(out(r"COMP_WORDS=k; COMP_LINE=keep; f() { declare -p COMP_WORDS COMP_LINE; }; compgen -F f 2>/dev/null; declare -p COMP_LINE"), r#"declare -a COMP_WORDS=([0]="k")
declare -- COMP_LINE=""
bash: line 1: declare: COMP_LINE: not found
1"#);
    assert_eq!(out(r"g() { local COMPREPLY=(loc); }; COMPREPLY=(glob); compgen -F g 2>/dev/null"), r"glob
0");
    assert_eq!(out(r"compgen -F nosuch x; echo st=$?"), r"st=1
bash: line 1: compgen: warning: -F option may not work as you expect
bash: line 1: completion: function `nosuch' not found
0");
    assert_eq!(out(r"h() { COMPREPLY=aa; }; compgen -F h -W 'b c' -P '<' -S '>' 2>/dev/null"), r"<b>
<c>
<aa>
0");
    assert_eq!(out(r"k() { COMPREPLY=([3]=x [7]=y); }; compgen -F k 2>/dev/null"), r"x
y
0");
    assert_eq!(out(r"a-b() { COMPREPLY=(q); }; compgen -F a-b 2>/dev/null"), r"q
0");
    assert_eq!(out(r"compgen -F 'h x'; echo st=$?"), r"st=2
bash: line 1: compgen: `h x': not a valid identifier
0");
    assert_eq!(out(r"compgen -F 'a;b' -W x; echo st=$?"), r"st=2
bash: line 1: compgen: `a;b': not a valid identifier
0");
    assert_eq!(out(r"readonly COMP_CWORD=1; f() { COMPREPLY=(r); }; compgen -F f 2>/dev/null; echo $?"), r"r
0
0");
    assert_eq!(out(r"f() { compopt -o nospace; echo in=$?; }; compgen -F f 2>/dev/null"), r"in=1
1");
    assert_eq!(out(r"_foo() { COMPREPLY=( foo bar ); COMPREPLY+=( $(( 1 / 0 )) ); }; compgen -F _foo foo 2>/dev/null"), r"1");
}

/// `-C`: the command's output lines.
#[test]
fn compgen_command_output() {
    assert_eq!(out(r#"compgen -C 'printf "%s\n" aa bb "" cc' a; echo st=$?"#), r"aa
bb
cc
compgen
a
st=0
bash: line 1: compgen: warning: -C option may not work as you expect
0");
    assert_eq!(out(r#"compgen -C 'printf "[%s]\n"' "a b'c" 2>/dev/null"#), r"[compgen]
[a b'c]
[]
0");
    assert_eq!(out(r"x=1; compgen -C 'x=2; echo $x' 2>/dev/null; echo $x"), r"2 compgen  
1
0");
    assert_eq!(out(r"compgen -C 'echo ${COMP_CWORD-unset} x${COMP_LINE-unset} $COMP_POINT' 2>/dev/null"), r"unset x 0 compgen  
0");
    assert_eq!(out(r"compgen -C 'env | grep ^COMP_ | sort' 2>/dev/null"), r"1");
    assert_eq!(out(r"compgen -C 'exit 3' a 2>/dev/null; echo st=$?"), r"st=1
0");
    assert_eq!(out(r"compgen -C 'echo a' -X a 2>/dev/null"), r"a compgen  
0");
}

/// `-X` filtering, `-P` and `-S`.
#[test]
fn compgen_filter_prefix_suffix() {
    assert_eq!(out(r"shopt -s extglob; fun() { COMPREPLY=(one two three bin); }; compgen -X '@(two|bin)' -F fun 2>/dev/null; echo --; compgen -X '!@(two|bin)' -F fun 2>/dev/null"), r"one
three
--
two
bin
0");
    assert_eq!(out(r"compgen -X '@(two|bin)' -W 'one two three bin'"), r"one
two
three
bin
0");
    assert_eq!(out(r"shopt -s extglob; compgen -X '@(two|bin)' -W 'one two three bin'"), r"one
three
0");
    assert_eq!(out(r"compgen -X 't*' -W 'one two three bin'"), r"one
bin
0");
    assert_eq!(out(r"compgen -X '!t*' -W 'one two three bin'"), r"two
three
0");
    assert_eq!(out(r"compgen -X '&e' -W 'one two three bin onee' on"), r"onee
0");
    assert_eq!(out(r"compgen -X '\&*' -W '&a b'"), r"b
0");
    assert_eq!(out(r"compgen -X '!' -W 'a b'; echo st=$?"), r"st=1
0");
    assert_eq!(out(r"compgen -X '' -W 'a b'"), r"a
b
0");
    assert_eq!(out(r"compgen -X '*' -W 'a b'; echo st=$?"), r"st=1
0");
    assert_eq!(out(r"compgen -X '.*' -W '.a b'"), r"b
0");
    assert_eq!(out(r"compgen -X '*a' -W '.a b'"), r"b
0");
    assert_eq!(out(r"compgen -X 'a/*' -W 'a/b a/b/c c'"), r"c
0");
    assert_eq!(out(r"compgen -X '!(two)' -W 'one two (two)'"), r"(two)
0");
    assert_eq!(out(r"shopt -s nocasematch; compgen -X 'A*' -W 'a b'"), r"b
0");
    assert_eq!(out(r"compgen -W 'ab' -P x -X 'x*'"), r"xab
0");
    assert_eq!(out(r"compgen -W 'ab ac' -P x -S y -X ac a"), r"xaby
0");
    assert_eq!(out(r"compgen -W 'a b' -X a -X b"), r"a
0");
}

/// `-W`: splitting at `$IFS` and expansion of each word.
#[test]
fn compgen_wordlists() {
    assert_eq!(out(r#"IFS=':%'; compgen -W '$(echo "spam:eggs%ham cheese")'"#), r"spam
eggs
ham cheese
0");
    assert_eq!(out(r"IFS=':%'; compgen -W 'spam:eggs%ham cheese\:colon'"), r"spam
eggs
ham cheese:colon
0");
    assert_eq!(out(r#"compgen -W "a* {x,y} \"q r\" 's t' a=b if ; #x a#b (g) a|b c&d e>f""#), r"a*
x
y
q r
s t
a=b
if
;
#x
a#b
(g)
a|b
c&d
e>f
0");
    assert_eq!(out(r"IFS=':'; compgen -W 'a::b:'"), r"a
b
0");
    assert_eq!(out(r"IFS=': '; compgen -W ' a : b  c:'"), r"a
b
c
0");
    assert_eq!(out(r"IFS=''; compgen -W 'a b'"), r"a b
0");
    assert_eq!(out(r#"unset IFS; compgen -W "a b	c""#), r"a
b
c
0");
    assert_eq!(out(r#"compgen -W "'' \"\" x""#), r"

x
0");
    assert_eq!(out(r#"compgen -W "a\\ b 'c d'e f\"g h\"""#), r"a b
c de
fg h
0");
    assert_eq!(out(r#"compgen -W '$(echo a b) "$(echo c d)" `echo e f`'"#), r"a
b
c d
e
f
0");
    assert_eq!(out(r"compgen -W '${x:-p q} $((1 + 2))'"), r"p
q
3
0");
    assert_eq!(out(r#"set -- p1 'p 2'; compgen -W '"$@" $#'"#), r"p1
p 2
2
0");
    assert_eq!(out(r#"arr=(x 'y z'); compgen -W '"${arr[@]}"'"#), r"x
y z
0");
    assert_eq!(out(r"x='*'; compgen -W '$x'"), r"*
0");
    assert_eq!(out(r#"compgen -W 'x$(echo "a b")y'"#), r"xa
by
0");
    assert_eq!(out(r"compgen -W '$(echo a; exit 3)'; echo $?"), r"a
0
0");
    assert_eq!(out(r"compgen -W '${'; echo st=$?"), r"bash: line 1: ${: bad substitution
1");
    assert_eq!(out(r"compgen -W 'foo $(( 1 / 0 )) bar' 2>/dev/null; echo status=$?"), r"1");
    assert_eq!(out(r"f() { compgen -W '$((1/0))' 2>/dev/null; echo in f; }; f; echo after f $?"), r"1");
}

/// Option names, help topics, signals, keywords, bindings and aliases.
#[test]
fn compgen_fixed_lists() {
    assert_eq!(out(r"compgen -A setopt | tr '\n' ' '"), r"allexport braceexpand emacs errexit errtrace functrace hashall histexpand history ignoreeof interactive-comments keyword monitor noclobber noexec noglob nolog notify nounset onecmd physical pipefail posix privileged verbose vi xtrace 0");
    assert_eq!(out(r"compgen -A shopt | tr '\n' ' '"), r"autocd assoc_expand_once cdable_vars cdspell checkhash checkjobs checkwinsize cmdhist compat31 compat32 compat40 compat41 compat42 compat43 compat44 complete_fullquote direxpand dirspell dotglob execfail expand_aliases extdebug extglob extquote failglob force_fignore globasciiranges globskipdots globstar gnu_errfmt histappend histreedit histverify hostcomplete huponexit inherit_errexit interactive_comments lastpipe lithist localvar_inherit localvar_unset login_shell mailwarn no_empty_cmd_completion nocaseglob nocasematch noexpand_translation nullglob patsub_replacement progcomp progcomp_alias promptvars restricted_shell shift_verbose sourcepath varredir_close xpg_echo 0");
    assert_eq!(out(r"compgen -A shopt -P [ -S ] nu"), r"[nullglob]
0");
    assert_eq!(out(r"compgen -A helptopic -S ___ fa"), r"false___
0");
    assert_eq!(out(r"compgen -A helptopic | tr '\n' ' '"), r"% (( ... )) . : [ [[ ... ]] alias bg bind break builtin caller case cd command compgen complete compopt continue coproc declare dirs disown echo enable eval exec exit export false fc fg for for (( function getopts hash help history if jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return select set shift shopt source suspend test time times trap true type typeset ulimit umask unalias unset until variables wait while { ... } 0");
    assert_eq!(out(r"compgen -A signal | tr '\n' ' '"), r"EXIT SIGHUP SIGINT SIGQUIT SIGILL SIGTRAP SIGABRT SIGBUS SIGFPE SIGKILL SIGUSR1 SIGSEGV SIGUSR2 SIGPIPE SIGALRM SIGTERM SIGSTKFLT SIGCHLD SIGCONT SIGSTOP SIGTSTP SIGTTIN SIGTTOU SIGURG SIGXCPU SIGXFSZ SIGVTALRM SIGPROF SIGWINCH SIGIO SIGPWR SIGSYS SIGJUNK(32) SIGJUNK(33) SIGRTMIN SIGRTMIN+1 SIGRTMIN+2 SIGRTMIN+3 SIGRTMIN+4 SIGRTMIN+5 SIGRTMIN+6 SIGRTMIN+7 SIGRTMIN+8 SIGRTMIN+9 SIGRTMIN+10 SIGRTMIN+11 SIGRTMIN+12 SIGRTMIN+13 SIGRTMIN+14 SIGRTMIN+15 SIGRTMAX-14 SIGRTMAX-13 SIGRTMAX-12 SIGRTMAX-11 SIGRTMAX-10 SIGRTMAX-9 SIGRTMAX-8 SIGRTMAX-7 SIGRTMAX-6 SIGRTMAX-5 SIGRTMAX-4 SIGRTMAX-3 SIGRTMAX-2 SIGRTMAX-1 SIGRTMAX DEBUG ERR RETURN 0");
    assert_eq!(out(r"compgen -k | tr '\n' ' '"), r"if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc 0");
    assert_eq!(out(r"compgen -A binding | tr '\n' ' '"), r"abort accept-line arrow-key-prefix backward-byte backward-char backward-delete-char backward-kill-line backward-kill-word backward-word beginning-of-history beginning-of-line bracketed-paste-begin call-last-kbd-macro capitalize-word character-search character-search-backward clear-display clear-screen complete copy-backward-word copy-forward-word copy-region-as-kill delete-char delete-char-or-list delete-horizontal-space digit-argument do-lowercase-version downcase-word dump-functions dump-macros dump-variables emacs-editing-mode end-kbd-macro end-of-history end-of-line exchange-point-and-mark fetch-history forward-backward-delete-char forward-byte forward-char forward-search-history forward-word history-search-backward history-search-forward history-substring-search-backward history-substring-search-forward insert-comment insert-completions kill-line kill-region kill-whole-line kill-word menu-complete menu-complete-backward next-history next-screen-line non-incremental-forward-search-history non-incremental-forward-search-history-again non-incremental-reverse-search-history non-incremental-reverse-search-history-again old-menu-complete operate-and-get-next overwrite-mode possible-completions previous-history previous-screen-line print-last-kbd-macro quoted-insert re-read-init-file redraw-current-line reverse-search-history revert-line self-insert set-mark skip-csi-sequence start-kbd-macro tab-insert tilde-expand transpose-chars transpose-words tty-status undo universal-argument unix-filename-rubout unix-line-discard unix-word-rubout upcase-word vi-append-eol vi-append-mode vi-arg-digit vi-bWord vi-back-to-indent vi-backward-bigword vi-backward-word vi-bword vi-change-case vi-change-char vi-change-to vi-char-search vi-column vi-complete vi-delete vi-delete-to vi-eWord vi-editing-mode vi-end-bigword vi-end-word vi-eof-maybe vi-eword vi-fWord vi-fetch-history vi-first-print vi-forward-bigword vi-forward-word vi-fword vi-goto-mark vi-insert-beg vi-insertion-mode vi-match vi-movement-mode vi-next-word vi-overstrike vi-overstrike-delete vi-prev-word vi-put vi-redo vi-replace vi-rubout vi-search vi-search-again vi-set-mark vi-subst vi-tilde-expand vi-undo vi-unix-word-rubout vi-yank-arg vi-yank-pop vi-yank-to yank yank-last-arg yank-nth-arg yank-pop 0");
    assert_eq!(out(r"compgen -A binding yank"), r"yank
yank-last-arg
yank-nth-arg
yank-pop
0");
    assert_eq!(out(r"alias v_alias='ls'; alias v_alias2='ls'; alias a1='ls'; compgen -A alias -A setopt v"), r"v_alias
v_alias2
verbose
vi
0");
    assert_eq!(out(r"alias b=1 a=2 c=3; compgen -a"), r"a
b
c
0");
}

/// Commands, variables, builtins, jobs and the order of several actions.
#[test]
fn compgen_names() {
    assert_eq!(out(r"our_func() { echo ; }; our_func2() { echo ; }; alias our_alias=foo; compgen -A command our_; echo status=$?"), r"our_alias
our_func
our_func2
status=0
0");
    assert_eq!(out(r"compgen -A command eva; compgen -A command whil"), r"eval
while
0");
    assert_eq!(out(r"declare xa; declare -x xb; declare -a xc; xd=1; declare -n xe=xd; declare -n xf; compgen -v x; echo ---; compgen -e x; echo ---; compgen -A arrayvar x"), r"xd
xe
---
---
1");
    assert_eq!(out(r"f() { local xg; local xh=1; compgen -v x; }; xd=1; f"), r"xd
xh
0");
    assert_eq!(out(r"declare -A xi=([a]=1); xj=(1); compgen -A arrayvar x"), r"xi
xj
0");
    assert_eq!(out(r"v1_global=0; f() { local v2_local=0; compgen -v v; }; f"), r"v1_global
v2_local
0");
    assert_eq!(out(r"compgen -v __nonexistent__; echo $?"), r"1
0");
    assert_eq!(out(r"compgen -v FUNC; f(){ compgen -v FUNC; }; f"), r"FUNCNAME
0");
    assert_eq!(out(r"compgen -v BASH_V"), r"BASH_VERSINFO
BASH_VERSION
0");
    assert_eq!(out(r"compgen -v RAND"), r"RANDOM
0");
    assert_eq!(out(r"export ZZE=1; ZZF=2; declare -x ZZG; compgen -e ZZ"), r"ZZE
0");
    assert_eq!(out(r"compgen -A builtin ec"), r"echo
0");
    assert_eq!(out(r"compgen -b z; echo $?"), r"1
0");
    assert_eq!(out(r"compgen -A disabled; echo $?"), r"1
0");
    assert_eq!(out(r"compgen -A stopped; echo $?"), r"1
0");
    assert_eq!(out(r"compgen -j; echo $?"), r"1
0");
    assert_eq!(out(r"sleep 0.2 & compgen -j; compgen -A running"), r"sleep
sleep
0");
    assert_eq!(out(r"compgen -o bashdefault ech; echo $?"), r"1
0");
    assert_eq!(out(r"compgen -o bashdefault '$PW'"), r"$PWD
0");
    assert_eq!(out(r"compgen -o bashdefault '${PW'"), r"${PWD}
0");
    assert_eq!(out(r"compgen -o default -o dirnames zz; echo $?"), r"1
0");
    assert_eq!(out(r"compgen -A stopped -A running -A keyword -A helptopic -A function -A enabled -A builtin -A setopt -A shopt -A signal -A variable -A alias x"), r"xtrace
xpg_echo
0");
    assert_eq!(out(r"alias xal=1; xfn() { :; }; xvar=1; export xexp=1; xarr=(1); compgen -A stopped -A variable -A signal -A shopt -A setopt -A running -A keyword -A job -A helptopic -A function -A export -A enabled -A disabled -A builtin -A binding -A arrayvar -A alias -W xword x"), r"xal
xarr
xexp
xfn
xtrace
xpg_echo
xarr
xexp
xvar
xword
0");
}

/// Errors while expanding a word list or running a function abandon the command line.
#[test]
fn expansion_errors_abandon_the_line() {
    assert_eq!(out(r"compgen -W '${'; echo st=$?
echo next $?"), r"next 1
bash: line 1: ${: bad substitution
0");
    assert_eq!(out(r"compgen -W 'foo $(( 1 / 0 )) bar' 2>/dev/null; echo status=$?
echo next $?"), r"next 1
0");
    assert_eq!(out(r"f() { compgen -W '$((1/0))' 2>/dev/null; echo in f; }; f; echo after f $?
echo next $?"), r"next 1
0");
    assert_eq!(out(r"compgen -W 'a
b c'"), r"a
b
c
0");
    assert_eq!(out(r"_foo() { COMPREPLY=( foo bar ); COMPREPLY+=( $(( 1 / 0 )) ); }; compgen -F _foo foo 2>/dev/null; echo same line
echo status=$?"), r"status=1
0");
    assert_eq!(out(r"IFS=: ; compgen -W 'a
b:c'"), r"a
b
c
0");
}

/// Unbalanced quotes and substitutions, multibyte text, empty arguments.
#[test]
fn odd_word_lists_and_patterns() {
    assert_eq!(out(r#"compgen -W 'é\é "é' é"#), r"éé
é
0");
    assert_eq!(out(r"compgen -W 'a\'"), r"a
0");
    assert_eq!(out(r"compgen -W '${x'"), r"bash: line 1: ${x: bad substitution
1");
    assert_eq!(out(r"compgen -W '`echo'"), r#"bash: line 1: bad substitution: no closing "`" in `echo
1"#);
    assert_eq!(out(r#"compgen -W "\$'a\\tb' \$\"c\"" "#), r"$a\tb
$c
0");
    assert_eq!(out(r"compgen -W '$((' "), r"bash: line 1: bad substitution: no closing `)' in $((
1");
    assert_eq!(out(r#"compgen -W '$(echo $(echo "$(echo deep)"))'"#), r"deep
0");
    assert_eq!(out(r"compgen -W '<(' "), r"1");
    assert_eq!(out(r"compgen -W 'a\' b"), r"1");
    assert_eq!(out(r"compgen -X '[' -W 'a [' "), r"a
0");
    assert_eq!(out(r"compgen -X '\' -W 'a \' "), r"a

0");
    assert_eq!(out(r"compgen -X '&&' -W 'aa a' a"), r"a
0");
    assert_eq!(out(r"IFS=é; compgen -W 'aébéc'"), r"a
b
c
0");
    assert_eq!(out(r"compgen -P 'é' -S '\' -W 'x'"), r"éx\
0");
    assert_eq!(out(r"compgen -f $'\xff'; echo $?"), r"1
0");
    assert_eq!(out(r"complete -W 'é' -- 'é'; complete -p"), r"complete -W 'é' é
0");
    assert_eq!(out(r#"IFS=""; compgen -W $'a\nb c'"#), r"a
b c
0");
    assert_eq!(out(r"IFS=x; compgen -W $'1x2\n3 4'"), r"1
2
3 4
0");
    assert_eq!(out(r#"compgen -W '"a' ; compgen -W "'b""#), r"a
b
0");
    assert_eq!(out(r"compgen -W '$[1+2] $(($#))'"), r"3
0
0");
    assert_eq!(out(r"compgen -W '{a,b}{c,d}'"), r"ac
ad
bc
bd
0");
    assert_eq!(out(r"compgen -W '\$HOME \\x'"), r"$HOME
\x
0");
    assert_eq!(out(r"compgen -C '' x; echo $?"), r"1
bash: line 1: compgen: warning: -C option may not work as you expect
0");
    assert_eq!(out(r"compgen -F '' x; echo $?"), r"1
bash: line 1: compgen: warning: -F option may not work as you expect
bash: line 1: completion: function `' not found
0");
    assert_eq!(out(r"compgen -G '' ; echo $?"), r"
0
0");
    assert_eq!(out(r"compgen -W a -P '' -S ''"), r"a
0");
}

/// The word-list splitter keeps quoted and substituted text together.
#[test]
fn split_at_delims_respects_quotes() {
    use super::words::split_at_delims;
    assert_eq!(split_at_delims("a 'b c' \"d e\" $(f g) ${h i} `j k` <(l m)", " "), ["a", "'b c'", "\"d e\"", "$(f g)", "${h i}", "`j k`", "<(l m)"]);
    assert_eq!(split_at_delims("a\\ b::c:", ":"), ["a\\ b", "c"]);
    assert_eq!(split_at_delims("x\ny", ""), ["x", "y"]);
    assert_eq!(split_at_delims("aébéc", "é"), ["a", "b", "c"]);
    assert_eq!(split_at_delims("$(a \"$(b ')')\" d) e", " "), ["$(a \"$(b ')')\" d)", "e"]);
    assert_eq!(split_at_delims("\\", " "), ["\\"]);
    assert_eq!(split_at_delims("'", " "), ["'"]);
}
