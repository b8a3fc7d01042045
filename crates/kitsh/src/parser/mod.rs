//! The bash parser: source text to [`ast`].
//!
//! [`Parser::next_command`] parses one top-level command line at a time, as bash runs scripts
//! (an alias defined on line 1 applies on line 2; a syntax error on line 3 is reported after
//! lines 1 and 2 ran); [`parse`] parses a whole text.

pub mod ast;
pub mod error;
mod lexer;
mod parse;
pub mod print;

pub use error::ParseError;

use ast::{List, Word};

/// Limits and settings of a parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// Maximum nesting depth of compound commands, substitutions and expansions.
    pub max_depth: usize,
    /// Maximum input size in bytes.
    pub max_input: usize,
    /// The number of the first line.
    pub start_line: u32,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions { max_depth: 1000, max_input: 16 << 20, start_line: 1 }
    }
}

/// An incremental parser over a source text.
pub struct Parser<'a> {
    st: parse::State<'a>,
    /// Set when the input is too large: reported by the first call, then end of input.
    too_large: Option<ParseError>,
}

impl<'a> Parser<'a> {
    /// A parser over `src`.
    pub fn new(src: &'a str, opts: ParseOptions) -> Self {
        let too_large = (src.len() > opts.max_input).then(|| ParseError {
            line: opts.start_line,
            message: "maximum input size exceeded".into(),
            source_line: String::new(),
            incomplete: false,
            discard: false,
        });
        let src = if too_large.is_some() { "" } else { src };
        Parser { st: parse::State::new(src, opts.start_line, opts.max_depth), too_large }
    }

    /// Parse the next complete top-level command line: everything up to and including the
    /// newline that ends it (several `;`-separated items on one line form one [`List`];
    /// here-document bodies after that line included). Returns `None` at end of input.
    /// `aliases` looks up alias names (in command position, unquoted words only).
    pub fn next_command(
        &mut self,
        aliases: Option<&dyn Fn(&str) -> Option<String>>,
    ) -> Option<Result<List, ParseError>> {
        if let Some(e) = self.too_large.take() {
            return Some(Err(e));
        }
        let mut core = parse::Core { st: &mut self.st, aliases };
        let r = core.top();
        if let Some(Err(_)) = &r {
            core.recover();
        }
        r
    }

    /// Tell the parser whether `shopt -s extglob` is on for what it parses next: with it
    /// off, `!(` at the start of a command or a `[[ ]]` term is `!` and a group.
    pub fn set_extglob(&mut self, on: bool) {
        self.st.extglob = on;
    }

    /// Tell the parser whether the locale is C for what it parses next: `$'\u00e9'` then
    /// stays `\u00E9`, as bash decodes it when it reads it.
    pub fn set_c_locale(&mut self, on: bool) {
        self.st.c_locale = on;
    }

    /// Current line number (1-based, counting from `opts.start_line`).
    #[cfg(test)]
    pub fn line(&self) -> u32 {
        self.st.inp.line
    }

    /// Byte offset in the source up to which it has been read (`set -v` echoes each command
    /// line's text from the previous offset to this one).
    pub fn offset(&self) -> usize {
        self.st.inp.main_pos()
    }

    /// Warnings produced so far (line, message), e.g. a here-document delimited by end of
    /// file; bash prints them as `NAME: line LINE: MESSAGE`. Taking them clears the list.
    #[cfg(test)]
    pub fn take_warnings(&mut self) -> Vec<(u32, String)> {
        std::mem::take(&mut self.st.warnings)
    }
}

/// Parse a whole text at once (tests, completion), with extended globs accepted as if
/// `shopt -s extglob` were on.
pub fn parse(src: &str, opts: &ParseOptions) -> Result<List, ParseError> {
    let mut p = Parser::new(src, *opts);
    p.set_extglob(true);
    let mut out = List::default();
    while let Some(r) = p.next_command(None) {
        out.items.extend(r?.items);
    }
    Ok(out)
}

/// Parse the text between `[` and `]` of a subscript given at run time (`unset 'a[$k]'`,
/// `${!ref}` with `ref='a[$i]'`) into a word to expand, as the parser reads `a[...]`.
/// `None` when the text does not form one subscript (unbalanced quotes or brackets).
pub fn parse_subscript(text: &str) -> Option<Word> {
    let src = format!("{text}]");
    let mut st = parse::State::new(&src, 1, 64);
    let mut core = parse::Core { st: &mut st, aliases: None };
    let w = core.bracket_word(1, ']').ok()?;
    core.inp.peek().is_none().then_some(w)
}

/// Parse a compound-assignment value given at run time (`declare -a "x=(1 2)"`): the text
/// `(...)` as an array literal. `None` when it is not exactly one well-formed literal.
pub fn parse_array_literal(text: &str) -> Option<Vec<ast::ArrayElem>> {
    let inner = text.strip_prefix('(')?;
    let mut st = parse::State::new(inner, 1, 64);
    let mut core = parse::Core { st: &mut st, aliases: None };
    let elems = core.array_literal().ok()?;
    core.inp.peek().is_none().then_some(elems)
}

/// Parse run-time text in which `$` expansions and backquotes are expanded, `\` quotes only
/// `$`, `` ` `` and `\`, and quotes are plain characters (a here-document body, a prompt
/// string after its escapes are decoded). Text that does not parse stays literal.
pub fn parse_expandable_text(text: &str) -> Word {
    let mut st = parse::State::new("", 1, 64);
    let mut core = parse::Core { st: &mut st, aliases: None };
    core.doc_body_word(text.to_string(), 1).unwrap_or_else(|_| Word { parts: vec![ast::WordPart::SingleQuoted(text.to_string())] })
}
