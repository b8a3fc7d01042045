//! yq's `-s EXPR` / `--split-exp EXPR` (and `--split-exp-file FILE`): each result is written
//! to a file of its own instead of standard output, named by `EXPR` evaluated on that result
//! with `$index` the result's number from 0 (`.a`, `"file_" + $index`). A name without an
//! extension gets the output format's (`.yml`, `.json`, `.properties`); the folders of the
//! name are created; a name met twice is written over, as yq does.

use super::{doc_meta, Ctx, OutFmt, DIALECT};
use crate::fs::WriteMode;
use crate::jq::json::Val;
use crate::jq::{eval_values_with, EvalError};

/// The state of a split run: the name expression (as jq) and the next `$index`.
pub(super) struct Splitter {
    code: String,
    ext: &'static str,
    index: usize,
}

impl Splitter {
    /// `code`: the name expression, already translated to jq.
    pub(super) fn new(code: &str, fmt: OutFmt) -> Self {
        let ext = match fmt {
            OutFmt::Yaml => "yml",
            OutFmt::Json => "json",
            OutFmt::Props => "properties",
        };
        Self {
            code: format!("$__yq.index as $index | ({code})"),
            ext,
            index: 0,
        }
    }

    /// Write `text` (with a `---` line first when `sep`) to the file the expression names for
    /// `v`, a result of document `di` of file `fi` (`filename`). `Err` is yq's message.
    pub(super) fn write(
        &mut self,
        ctx: &mut Ctx<'_>,
        v: &Val,
        doc: (usize, usize, &str),
        sep: bool,
        text: &str,
    ) -> Result<(), String> {
        let meta = doc_meta(doc.0, doc.1, doc.2, Some(self.index));
        let name = match eval_values_with(ctx, &self.code, vec![(v.clone(), meta)], &DIALECT) {
            Ok(r) => r
                .into_iter()
                .flatten()
                .next()
                .map(|n| name_text(&n))
                .unwrap_or_default(),
            Err((_, EvalError::Compile(msgs))) => {
                let msg = msgs
                    .first()
                    .map_or("invalid expression", |m| m.split('\n').next().unwrap_or(m));
                return Err(format!("bad split document expression: {msg}"));
            }
            Err((_, EvalError::Runtime(m))) => return Err(m),
            Err((_, EvalError::Halt(_))) => return Err(String::new()),
        };
        let name = with_extension(&name, self.ext);
        let path = ctx.abs_path(&name);
        if let Some((dir, _)) = path.rsplit_once('/').filter(|(d, _)| !d.is_empty()) {
            crate::fs::mkdir_all(ctx.fs, dir).map_err(|e| {
                let shown = name.rsplit_once('/').map_or(dir, |(d, _)| d);
                format!("mkdir {shown}: {}", e.to_string().to_lowercase())
            })?;
        }
        let mut data = String::with_capacity(text.len() + 4);
        if sep {
            data.push_str("---\n");
        }
        data.push_str(text);
        ctx.fs
            .write_file(&path, data.as_bytes(), WriteMode::Truncate)
            .map_err(|e| format!("open {name}: {}", e.to_string().to_lowercase()))?;
        self.index += 1;
        Ok(())
    }
}

/// A name result as text: a string as it is, another scalar as yq prints it.
fn name_text(v: &Val) -> String {
    match v {
        Val::TStr(s) | Val::BStr(s) => String::from_utf8_lossy(s).into_owned(),
        other => other.to_string(),
    }
}

/// `name.EXT` unless `name` already ends in an extension (`.` and letters or digits).
fn with_extension(name: &str, ext: &str) -> String {
    let has_ext = name
        .rsplit_once('.')
        .is_some_and(|(_, e)| !e.is_empty() && e.bytes().all(|b| b.is_ascii_alphanumeric()));
    if has_ext {
        name.to_string()
    } else {
        format!("{name}.{ext}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_get_the_format_extension() {
        assert_eq!(with_extension("test_doc1", "yml"), "test_doc1.yml");
        assert_eq!(with_extension("test_doc1.yaml", "yml"), "test_doc1.yaml");
        assert_eq!(with_extension("dir.d/file", "json"), "dir.d/file.json");
        assert_eq!(with_extension("a.", "yml"), "a..yml");
        assert_eq!(name_text(&Val::from(3usize)), "3");
    }
}
