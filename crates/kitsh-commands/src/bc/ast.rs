//! The syntax tree of a bc program.

use std::rc::Rc;

/// A binary arithmetic operator.
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
    Rem,
    /// `^`
    Pow,
}

/// A relational operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Something that can be assigned to.
#[derive(Debug, Clone)]
pub enum Place {
    /// A simple variable.
    Var(String),
    /// An array element `a[i]`.
    Elem(String, Box<Expr>),
    /// `scale`
    Scale,
    /// `ibase`
    Ibase,
    /// `obase`
    Obase,
    /// `last` (or `.`)
    Last,
}

/// A call argument.
#[derive(Debug, Clone)]
pub enum Arg {
    /// A value.
    Value(Expr),
    /// A whole array, `a[]`.
    Array(String),
}

/// An expression.
#[derive(Debug, Clone)]
pub enum Expr {
    /// A constant as written.
    Num(String),
    /// The value of a variable, element or special variable.
    Load(Place),
    /// `place = e` or `place op= e`.
    Assign(Place, Option<Arith>, Box<Expr>),
    /// `++x` / `--x` (pre) or `x++` / `x--` (post).
    Step { place: Place, inc: bool, pre: bool },
    /// A parenthesised expression (an assignment in parentheses is printed).
    Paren(Box<Expr>),
    /// `-e`
    Neg(Box<Expr>),
    /// `!e`
    Not(Box<Expr>),
    /// Arithmetic.
    Bin(Arith, Box<Expr>, Box<Expr>),
    /// Comparison (1 or 0).
    Cmp(Rel, Box<Expr>, Box<Expr>),
    /// `&&` (short-circuit).
    And(Box<Expr>, Box<Expr>),
    /// `||` (short-circuit).
    Or(Box<Expr>, Box<Expr>),
    /// A function call.
    Call(String, Vec<Arg>),
    /// `length(e)`
    Length(Box<Expr>),
    /// `scale(e)`
    ScaleOf(Box<Expr>),
    /// `sqrt(e)`
    Sqrt(Box<Expr>),
    /// `read()`
    Read,
}

/// One item of a `print` list.
#[derive(Debug, Clone)]
pub enum PrintItem {
    /// A string (escapes processed at print time).
    Str(String),
    /// A value, printed in `obase` without a newline.
    Value(Expr),
}

/// A statement.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// An expression; its value is printed unless it is an assignment.
    Expr(Expr),
    /// A string, printed as is.
    Str(String),
    /// `print a, b, ...`
    Print(Vec<PrintItem>),
    /// `if (c) s [else s]`
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while (c) s`
    While(Expr, Box<Stmt>),
    /// `for (init; cond; step) s`
    For(Option<Expr>, Option<Expr>, Option<Expr>, Box<Stmt>),
    /// `{ ... }`
    Block(Vec<Stmt>),
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// `halt`
    Halt,
    /// `return [e]`
    Return(Option<Expr>),
    /// `limits`
    Limits,
    /// `warranty`
    Warranty,
}

/// A parameter or `auto` name.
#[derive(Debug, Clone)]
pub struct Local {
    /// The name.
    pub name: String,
    /// `a[]`: an array.
    pub array: bool,
    /// `*a[]`: an array parameter passed by reference.
    pub by_ref: bool,
}

/// A function definition.
#[derive(Debug)]
pub struct Func {
    /// The name.
    pub name: String,
    /// `define void f()`: the call prints nothing.
    pub void: bool,
    /// Parameters.
    pub params: Vec<Local>,
    /// `auto` variables.
    pub autos: Vec<Local>,
    /// The body.
    pub body: Vec<Stmt>,
}

/// What the parser hands the interpreter at a time.
#[derive(Debug)]
pub enum Item {
    /// A line of statements, run at once.
    Stmts(Vec<Stmt>),
    /// A function definition.
    Define(Rc<Func>),
    /// A syntax error (already reported); the rest of the line was skipped.
    Error,
    /// `quit` was read: bc ends at once.
    Quit,
    /// The end of the input.
    Eof,
}
