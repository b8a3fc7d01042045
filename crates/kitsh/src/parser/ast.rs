//! The abstract syntax tree of a bash script.
//!
//! The parser (`parse.rs`) produces it; the interpreter (`crate::interp`) walks it. Every command
//! node carries the line it starts on (`$LINENO`, error messages). Words keep their quoting
//! structure so that expansion can tell quoted from unquoted text (word splitting, globbing,
//! brace expansion). Arithmetic text is kept as a [`Word`] and parsed at run time after
//! expansion, as bash does (`$(( $x + 1 ))` with `x='2*3'` is `7`).

use std::sync::Arc;

/// A whole script or the body of a compound command: a sequence of and-or lists.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct List {
    /// The items, in order.
    pub items: Vec<ListItem>,
}

/// One element of a [`List`]: an and-or list, optionally run in the background (`&`).
#[derive(Debug, Clone, PartialEq)]
pub struct ListItem {
    /// The and-or list.
    pub and_or: AndOr,
    /// Terminated by `&`.
    pub background: bool,
}

/// `p1 && p2 || p3`.
#[derive(Debug, Clone, PartialEq)]
pub struct AndOr {
    /// The first pipeline.
    pub first: Pipeline,
    /// Each following pipeline with the operator before it.
    pub rest: Vec<(AndOrOp, Pipeline)>,
}

/// The operator between two pipelines of an [`AndOr`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AndOrOp {
    /// `&&`
    And,
    /// `||`
    Or,
}

/// `[time [-p]] [!] cmd1 | cmd2 |& cmd3`.
#[derive(Debug, Clone, PartialEq)]
pub struct Pipeline {
    /// Leading `!`.
    pub negate: bool,
    /// Leading `time` (with `-p` when `Some(true)`).
    pub time: Option<bool>,
    /// The stages, at least one.
    pub commands: Vec<Command>,
    /// For each junction `i` (between `commands[i]` and `commands[i+1]`): `|&` (stderr too).
    pub pipe_stderr: Vec<bool>,
    /// Line of the first token.
    pub line: u32,
}

/// One command: a simple command, a compound command with its redirections, or a function
/// definition.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `a=1 cmd arg >out`.
    Simple(SimpleCommand),
    /// `{ ...; } >out`, `if ...; fi 2>&1`, ...
    Compound(CompoundCommand, Vec<Redirect>),
    /// `f() { ...; }` or `function f { ...; }`.
    FunctionDef(Arc<FunctionDef>),
}

/// A simple command: assignments, words and redirections, in any order in the source.
#[derive(Debug, Clone, PartialEq)]
pub struct SimpleCommand {
    /// Leading `name=value` words.
    pub assigns: Vec<Assign>,
    /// The command name and its arguments (before expansion). May be empty (`a=1`, `>file`).
    pub words: Vec<Word>,
    /// Redirections, in source order.
    pub redirects: Vec<Redirect>,
    /// Line of the first token.
    pub line: u32,
}

/// `name=value`, `name+=value`, `name[idx]=value`, `name=(a b c)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Assign {
    /// The variable name.
    pub name: String,
    /// `name[index]=`: the index text (expanded and evaluated at run time).
    pub index: Option<Word>,
    /// `+=`.
    pub append: bool,
    /// The value.
    pub value: AssignValue,
    /// Line of the assignment.
    pub line: u32,
}

/// The right-hand side of an [`Assign`].
#[derive(Debug, Clone, PartialEq)]
pub enum AssignValue {
    /// `name=word` (not split, not globbed; tilde expanded after `=` and `:`).
    Scalar(Word),
    /// `name=(elem ...)`.
    Array(Vec<ArrayElem>),
}

/// One element of an array literal.
#[derive(Debug, Clone, PartialEq)]
pub enum ArrayElem {
    /// A plain word: split and globbed like a command argument.
    Value(Word),
    /// `[key]=value` (`append` for `[key]+=value`).
    Keyed {
        /// The key or index text.
        key: Word,
        /// The value.
        value: Word,
        /// `+=`.
        append: bool,
    },
}

/// A word: a sequence of parts, concatenated after expansion.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Word {
    /// The parts in order.
    pub parts: Vec<WordPart>,
}

/// A piece of a [`Word`].
#[derive(Debug, Clone, PartialEq)]
pub enum WordPart {
    /// Unquoted literal text (subject to brace expansion, splitting of nothing, globbing).
    /// Backslash escapes have been removed and their characters emitted as [`WordPart::Escaped`].
    Literal(String),
    /// A backslash-escaped character or sequence outside quotes, e.g. `\*` (quoted: never a glob
    /// character, never a brace).
    Escaped(String),
    /// `'...'` or `$'...'` (already decoded): quoted literal text.
    SingleQuoted(String),
    /// `"..."` (also `$"..."`): the parts inside, all quoted.
    DoubleQuoted(Vec<WordPart>),
    /// `~` or `~user` at the start of a word (or after `=`/`:` in assignments). The string is
    /// the user name part (empty for plain `~`).
    Tilde(String),
    /// `$name`, `${...}`.
    Param(Box<ParamExpr>),
    /// `$(...)` or `` `...` ``: the parsed body.
    CommandSub(Arc<List>),
    /// `` `...` `` whose body does not parse: bash parses a backquote body only when it runs
    /// it, so the error is reported (and the substitution fails with status 2) then.
    BadCommandSub(Arc<BadSubst>),
    /// `$((...))`: the expression text as a word (expanded, then parsed as arithmetic).
    ArithSub(Word),
    /// `<(...)` (`false`) or `>(...)` (`true`).
    ProcessSub(bool, Arc<List>),
    /// `(a b [k]=v)` after `name=` / `name+=` in an argument of a declaration command
    /// (`declare`, `local`, `export`, `readonly`, `typeset`): `declare -a x=(1 2)` is the word
    /// `[Literal("x="), ArrayLiteral(..)]`.
    ArrayLiteral(Vec<ArrayElem>),
}

/// A parameter expansion: `$x`, `${x}`, `${x:-w}`, `${#x}`, `${!x}`, `${a[i]}`, ...
#[derive(Debug, Clone, PartialEq)]
pub struct ParamExpr {
    /// What is expanded.
    pub param: Param,
    /// `${!name}` indirection (or `${!name[@]}` keys when `op` is [`ParamOp::Keys`]).
    pub indirect: bool,
    /// The operator applied.
    pub op: ParamOp,
    /// Written `${...}` (not `$name`): brace expansion cannot extend the name.
    pub braced: bool,
}

/// The parameter named in a [`ParamExpr`].
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    /// A variable name.
    Var(String),
    /// `$1`, `${10}`.
    Positional(usize),
    /// `$@ $* $# $? $- $$ $! $0`.
    Special(char),
    /// `name[index]`: index is `@`/`*` for whole-array forms, else an expression or key.
    Indexed(String, Index),
}

/// The subscript of an indexed [`Param`].
#[derive(Debug, Clone, PartialEq)]
pub enum Index {
    /// `[@]`
    At,
    /// `[*]`
    Star,
    /// `[expr]`: arithmetic for indexed arrays, a key for associative arrays.
    Expr(Word),
}

/// The operator of a [`ParamExpr`].
#[derive(Debug, Clone, PartialEq)]
pub enum ParamOp {
    /// Plain `$x` / `${x}`.
    None,
    /// `${#x}`.
    Length,
    /// `${x-w}` (`colon`: `${x:-w}`).
    Default {
        /// `:` form: also when empty.
        colon: bool,
        /// The word.
        word: Word,
    },
    /// `${x=w}` / `${x:=w}`.
    Assign {
        /// `:` form.
        colon: bool,
        /// The word.
        word: Word,
    },
    /// `${x?w}` / `${x:?w}`.
    Error {
        /// `:` form.
        colon: bool,
        /// The message word (may be absent).
        word: Option<Word>,
    },
    /// `${x+w}` / `${x:+w}`.
    Alternative {
        /// `:` form.
        colon: bool,
        /// The word.
        word: Word,
    },
    /// `${x#p}` (`longest`: `##`).
    RemovePrefix {
        /// `##`.
        longest: bool,
        /// The pattern.
        pattern: Word,
    },
    /// `${x%p}` (`longest`: `%%`).
    RemoveSuffix {
        /// `%%`.
        longest: bool,
        /// The pattern.
        pattern: Word,
    },
    /// `${x/p/r}`, `${x//p/r}`, `${x/#p/r}`, `${x/%p/r}`.
    Replace {
        /// Which occurrences.
        mode: ReplaceMode,
        /// The pattern.
        pattern: Word,
        /// The replacement (`None` when there is no second `/`).
        replacement: Option<Word>,
    },
    /// `${x:offset}` / `${x:offset:length}` (both arithmetic text).
    Substring {
        /// The offset expression.
        offset: Word,
        /// The length expression.
        length: Option<Word>,
    },
    /// `${x^p}` `${x^^p}` `${x,p}` `${x,,p}` `${x~p}` `${x~~p}` (pattern optional).
    Case {
        /// The operator character: `^` (upper), `,` (lower) or `~` (toggle).
        op: char,
        /// Doubled: all matching characters.
        all: bool,
        /// The pattern, if given.
        pattern: Option<Word>,
    },
    /// `${x@Q}` and the other `@` transformations: the operator letter.
    Transform(char),
    /// `${!prefix*}` (`true`) / `${!prefix@}` (`false`): names with a prefix; `param` holds the
    /// prefix as a `Var`.
    NamesWithPrefix(bool),
    /// `${!a[@]}` / `${!a[*]}`: the keys of an array (`param` is `Indexed(name, At|Star)`).
    Keys,
}

/// The variant of a `${x/p/r}` replacement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplaceMode {
    /// `/`: the first match.
    First,
    /// `//`: every match.
    All,
    /// `/#`: a match at the start.
    Prefix,
    /// `/%`: a match at the end.
    Suffix,
}

/// A compound command.
#[derive(Debug, Clone, PartialEq)]
pub enum CompoundCommand {
    /// `{ list; }`
    Brace(List),
    /// `( list )`
    Subshell(List),
    /// `if c; then b; elif c2; then b2; else e; fi`
    If {
        /// `(condition, body)` for the `if` and each `elif`.
        branches: Vec<(List, List)>,
        /// The `else` body.
        else_body: Option<List>,
    },
    /// `while c; do b; done` (`until`: `until c; do b; done`)
    While {
        /// `until` instead of `while`.
        until: bool,
        /// The condition list.
        cond: List,
        /// The body.
        body: List,
    },
    /// `for name [in words]; do body; done` (no `in`: `"$@"`).
    For {
        /// The loop variable.
        var: String,
        /// The words after `in`; `None` when `in` is absent.
        words: Option<Vec<Word>>,
        /// The body.
        body: List,
    },
    /// `for (( init; cond; step )); do body; done` (each part arithmetic text, may be empty).
    ArithFor {
        /// Init expression.
        init: Word,
        /// Condition expression (empty means true).
        cond: Word,
        /// Step expression.
        step: Word,
        /// The body.
        body: List,
    },
    /// `select name [in words]; do body; done`.
    Select {
        /// The variable.
        var: String,
        /// The words (`None`: `"$@"`).
        words: Option<Vec<Word>>,
        /// The body.
        body: List,
    },
    /// `case word in pat|pat) list ;; ... esac`.
    Case {
        /// The subject word.
        word: Word,
        /// The arms in order.
        arms: Vec<CaseArm>,
    },
    /// `[[ expr ]]`.
    DBracket(CondExpr),
    /// `(( expr ))`: the expression text.
    Arith(Word),
}

/// One arm of a `case`.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseArm {
    /// The alternative patterns.
    pub patterns: Vec<Word>,
    /// The body.
    pub body: List,
    /// How the arm ends.
    pub terminator: CaseTerminator,
}

/// `;;`, `;&` or `;;&`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseTerminator {
    /// `;;` (also the last arm without a terminator).
    Break,
    /// `;&`: run the next arm's body too.
    FallThrough,
    /// `;;&`: go on testing the next patterns.
    Continue,
}

/// An expression inside `[[ ]]`.
#[derive(Debug, Clone, PartialEq)]
pub enum CondExpr {
    /// `! e`
    Not(Box<CondExpr>),
    /// `a && b`
    And(Box<CondExpr>, Box<CondExpr>),
    /// `a || b`
    Or(Box<CondExpr>, Box<CondExpr>),
    /// `-f word` and the other unary tests (`op` without the dash, e.g. "f", "z", "n", "v").
    Unary(String, Word),
    /// `a == b`, `a != b`, `a =~ b`, `a -lt b`, `a < b`, `a -nt b`, ...; `op` as written.
    /// For `==`/`!=`/`=` the right side is a pattern; for `=~` a regex.
    Binary(String, Word, Word),
    /// A lone word: true when non-empty.
    Word(Word),
}

/// A function definition.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    /// The name.
    pub name: String,
    /// The body: a compound command with its redirections.
    pub body: Box<Command>,
    /// The source text of the whole definition, for `declare -f` / `type`.
    pub source: String,
    /// Line of the definition.
    pub line: u32,
}

/// A redirection.
#[derive(Debug, Clone, PartialEq)]
pub struct Redirect {
    /// The explicit file descriptor (`2>`), or `{var}>` named fd, or the default.
    pub fd: RedirFd,
    /// The operator.
    pub op: RedirOp,
    /// The target word (file name, fd number, `-`), or the here-document body.
    pub target: RedirTarget,
}

/// The left side of a redirection.
#[derive(Debug, Clone, PartialEq)]
pub enum RedirFd {
    /// No number: the operator's default (0 for input, 1 for output).
    Default,
    /// `N>`.
    Number(i32),
    /// `{name}>`: allocate a descriptor >= 10 and store it in `name`.
    Var(String),
}

/// The redirection operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirOp {
    /// `<`
    In,
    /// `>`
    Out,
    /// `>|`
    Clobber,
    /// `>>`
    Append,
    /// `<>`
    ReadWrite,
    /// `<&` (dup input; target `-` closes)
    DupIn,
    /// `>&` (dup output; target `-` closes; with a non-number target and default fd, same as `&>`)
    DupOut,
    /// `&>` (stdout and stderr to a file)
    OutErr,
    /// `&>>`
    AppendErr,
    /// `<<` / `<<-`
    HereDoc,
    /// `<<<`
    HereString,
}

/// The right side of a redirection.
#[derive(Debug, Clone, PartialEq)]
pub enum RedirTarget {
    /// A word (file name, descriptor number, `-`, here-string text).
    Word(Word),
    /// A here-document body.
    HereDoc(HereDoc),
}

/// A here-document body.
#[derive(Debug, Clone, PartialEq)]
pub struct HereDoc {
    /// The body. When the delimiter was quoted, a single `SingleQuoted` part holding the
    /// literal text; otherwise parts with `$`-expansions and backslash rules of here-docs
    /// (literal text is emitted as `SingleQuoted` so no globbing/splitting ever applies).
    pub body: Word,
    /// The delimiter was quoted (no expansion).
    pub quoted: bool,
}

impl Word {
    /// A word of one unquoted literal part.
    pub fn literal(s: &str) -> Word {
        Word { parts: vec![WordPart::Literal(s.to_string())] }
    }

    /// The text of the word when it is made only of unquoted literal parts (used for reserved
    /// words, assignment names, function names).
    pub fn as_literal(&self) -> Option<&str> {
        match self.parts.as_slice() {
            [WordPart::Literal(s)] => Some(s),
            _ => None,
        }
    }

}

/// A backquote body that failed to parse (see [`WordPart::BadCommandSub`]).
#[derive(Debug, Clone, PartialEq)]
pub struct BadSubst {
    /// The body as written between the backquotes (after backslash processing).
    pub text: String,
    /// What the parser reported.
    pub error: crate::parser::ParseError,
}
