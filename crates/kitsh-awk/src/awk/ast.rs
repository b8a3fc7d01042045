//! The parsed program: expressions and statements with variables resolved to slots.

use super::value::Str;

/// A variable reference: a global slot or a slot of the current function's frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Var {
    /// A global (special variables have the first slots, see [`Special`]).
    Global(u32),
    /// A function parameter or local.
    Local(u32),
}

/// The special variables, in the order of their global slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum Special {
    /// `NF`
    Nf,
    /// `NR`
    Nr,
    /// `FNR`
    Fnr,
    /// `FS`
    Fs,
    /// `OFS`
    Ofs,
    /// `ORS`
    Ors,
    /// `RS`
    Rs,
    /// `SUBSEP`
    Subsep,
    /// `FILENAME`
    Filename,
    /// `RSTART`
    Rstart,
    /// `RLENGTH`
    Rlength,
    /// `CONVFMT`
    Convfmt,
    /// `OFMT`
    Ofmt,
    /// `RT`
    Rt,
    /// `ENVIRON`
    Environ,
    /// `ARGV`
    Argv,
    /// `ARGC`
    Argc,
    /// `PROCINFO`
    Procinfo,
    /// `IGNORECASE`
    Ignorecase,
    /// `FPAT`
    Fpat,
}

/// The names of [`Special`], by slot.
pub const SPECIAL_NAMES: &[&str] = &[
    "NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "SUBSEP", "FILENAME", "RSTART", "RLENGTH", "CONVFMT", "OFMT", "RT", "ENVIRON",
    "ARGV", "ARGC", "PROCINFO", "IGNORECASE", "FPAT",
];

/// Binary arithmetic operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arith {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `^`
    Pow,
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// An array: a variable's, or one of its subarrays (gawk's arrays of arrays).
#[derive(Debug, Clone)]
pub struct ArrPath {
    /// The variable.
    pub var: Var,
    /// The subscripts leading to the subarray, a list per `[...]` (none: the variable's array).
    pub subs: Vec<Vec<Expr>>,
}

/// An assignable place.
#[derive(Debug, Clone)]
pub enum LValue {
    /// A scalar variable.
    Var(Var),
    /// `$expr`
    Field(Box<Expr>),
    /// `arr[subscripts]...`: a list of subscripts per `[...]`, the last the element's.
    Index(Var, Vec<Vec<Expr>>),
}

/// Where `getline` reads.
#[derive(Debug, Clone)]
pub enum GetSrc {
    /// The main input.
    Main,
    /// `< file`
    File(Box<Expr>),
    /// `cmd |`
    Cmd(Box<Expr>),
}

/// An expression.
#[derive(Debug, Clone)]
pub enum Expr {
    /// A numeric constant.
    Num(f64),
    /// A string constant.
    Str(Str),
    /// A regex literal (index into the program's regexes): `$0 ~ /re/` as a value.
    Regex(usize),
    /// A variable's value.
    Var(Var),
    /// `NF` (splits the record).
    Nf,
    /// `$expr`
    Field(Box<Expr>),
    /// `arr[subscripts]...`: a list of subscripts per `[...]`, the last the element's.
    Index(Var, Vec<Vec<Expr>>),
    /// `(subscripts) in arr`
    In(Vec<Expr>, Box<ArrPath>),
    /// `lv = e`
    Assign(Box<LValue>, Box<Expr>),
    /// `lv op= e` (line for division errors)
    AugAssign(Arith, Box<LValue>, Box<Expr>, u32),
    /// `++lv`/`--lv` (delta)
    PreIncr(Box<LValue>, f64),
    /// `lv++`/`lv--` (delta)
    PostIncr(Box<LValue>, f64),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a && b`
    And(Box<Expr>, Box<Expr>),
    /// `a || b`
    Or(Box<Expr>, Box<Expr>),
    /// `!a`
    Not(Box<Expr>),
    /// `-a`
    Neg(Box<Expr>),
    /// `+a`
    Plus(Box<Expr>),
    /// Arithmetic (line for division errors).
    Arith(Arith, Box<Expr>, Box<Expr>, u32),
    /// Comparison.
    Cmp(Cmp, Box<Expr>, Box<Expr>),
    /// Concatenation.
    Concat(Box<Expr>, Box<Expr>),
    /// `a ~ b` / `a !~ b` (negated).
    Match(bool, Box<Expr>, Box<Expr>),
    /// A user function call (index, arguments).
    Call(usize, Vec<Expr>),
    /// A built-in function call (name, arguments).
    Builtin(&'static str, Vec<Expr>),
    /// `getline`
    Getline(GetSrc, Option<Box<LValue>>),
    /// A parenthesised expression (kept for `print (a) > f` and `(a, b) in arr`).
    Group(Box<Expr>),
}

/// Output redirections of `print`/`printf`.
#[derive(Debug, Clone)]
pub enum Redirect {
    /// `> file`
    File(Expr),
    /// `>> file`
    Append(Expr),
    /// `| cmd`
    Pipe(Expr),
}

/// A statement.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// An expression evaluated for its effect.
    Expr(Expr),
    /// `print args [redirect]`
    Print(Vec<Expr>, Option<Redirect>),
    /// `printf fmt, args [redirect]`
    Printf(Vec<Expr>, Option<Redirect>),
    /// `if`
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while`
    While(Expr, Box<Stmt>),
    /// `do ... while`
    Do(Box<Stmt>, Expr),
    /// `for (init; cond; step)`
    For(Option<Box<Stmt>>, Option<Expr>, Option<Box<Stmt>>, Box<Stmt>),
    /// `for (var in arr)`
    ForIn(LValue, ArrPath, Box<Stmt>),
    /// `{ ... }`
    Block(Vec<Stmt>),
    /// `next`
    Next,
    /// `nextfile`
    NextFile,
    /// `exit [code]`
    Exit(Option<Expr>),
    /// `return [value]`
    Return(Option<Expr>),
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// gawk's `switch (e) { case c: ... default: ... }` (`None`: `default`).
    Switch(Expr, Vec<(Option<Expr>, Vec<Stmt>)>),
    /// `delete arr[subs]` / `delete arr`
    Delete(ArrPath, Option<Vec<Expr>>),
    /// The statements after this are on this line of the program (for messages).
    Line(u32),
}

/// A rule's pattern.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// No pattern: every record.
    All,
    /// `expr`
    Expr(Expr),
    /// `p1, p2` (index of its on/off state).
    Range(Expr, Expr, usize),
}

/// A user-defined function.
#[derive(Debug, Clone)]
pub struct Func {
    /// Its name.
    pub name: String,
    /// The number of parameters.
    pub nparams: usize,
    /// The parameters' names (for messages).
    pub params: Vec<String>,
    /// The body.
    pub body: Vec<Stmt>,
}

/// A whole program.
#[derive(Debug, Default)]
pub struct Program {
    /// `BEGIN` actions.
    pub begin: Vec<Vec<Stmt>>,
    /// `END` actions.
    pub end: Vec<Vec<Stmt>>,
    /// `BEGINFILE` actions.
    pub beginfile: Vec<Vec<Stmt>>,
    /// `ENDFILE` actions.
    pub endfile: Vec<Vec<Stmt>>,
    /// Pattern-action rules (`None`: print the record).
    pub rules: Vec<(Pattern, Option<Vec<Stmt>>)>,
    /// Functions.
    pub funcs: Vec<Func>,
    /// Global names by slot.
    pub globals: Vec<String>,
    /// Regex literals' texts.
    pub regexes: Vec<Vec<u8>>,
    /// The number of range patterns.
    pub ranges: usize,
}
