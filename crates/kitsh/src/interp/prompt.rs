//! Prompt strings: the backslash escapes of `PS1`..`PS4` and `${x@P}` (bash's
//! `decode_prompt_string`), then parameter, arithmetic and command expansion of the result.

use super::{Exec, Shell};

impl Shell {
    /// Run `PROMPT_COMMAND` (each element, when it is an array), as an interactive shell does
    /// before it prompts for a command; `$?` is kept for the next command.
    pub(crate) fn run_prompt_command(&mut self) -> Exec<()> {
        let commands: Vec<String> = match self.vars.get("PROMPT_COMMAND").and_then(|v| v.value.as_ref()) {
            Some(super::vars::Value::Str(s)) => vec![s.clone()],
            Some(super::vars::Value::Indexed(m)) => m.values().cloned().collect(),
            _ => return Ok(()),
        };
        let saved = self.status;
        for c in commands.iter().filter(|c| !c.is_empty()) {
            self.status = saved;
            self.run_source(c, self.lineno)?;
        }
        self.status = saved;
        Ok(())
    }

    /// Expand `text` as bash expands a prompt string.
    pub(crate) fn expand_prompt(&mut self, text: &str) -> Exec<String> {
        // `shopt -u promptvars`: the escapes only, no expansion after them.
        let expand = self.shopt(super::options::PROMPTVARS);
        let (decoded, quoted) = self.decode_prompt(text, expand);
        if !expand || !quoted && !decoded.contains(['$', '`']) {
            return Ok(decoded);
        }
        let w = crate::parser::parse_expandable_text(&decoded);
        self.expand_word_str(&w)
    }

    /// Replace the prompt escapes (`\u`, `\h`, `\w`, `\$`, `\t`, `\nnn`, ...). What an
    /// escape gives is protected from the expansion that follows (`$`, `` ` `` and `\` are
    /// backslash-quoted, as bash quotes them): a directory named `$foo` stays as it is. The
    /// flag says whether any quoting was added (none unless `protect`).
    fn decode_prompt(&self, text: &str, protect: bool) -> (String, bool) {
        let var = |name: &str| self.vars.get_str(name).unwrap_or("").to_string();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
        let tz = self.vars.get_str("TZ").map(str::to_string);
        let time = |fmt: &str| crate::util::time::strftime(fmt, now, tz.as_deref());
        let mut out = String::with_capacity(text.len());
        let mut quoted = false;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let Some(e) = chars.next() else {
                out.push('\\');
                break;
            };
            let start = out.len();
            match e {
                'a' => out.push('\x07'),
                'e' => out.push('\x1b'),
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                '\\' => out.push('\\'),
                '[' | ']' => {}
                's' => {
                    // bash's own name (`argv[0]`), which `-c` replaces with `$0`.
                    let name = match (&self.opts.program, self.opts.invocation) {
                        (_, 'c') => &self.shell_name,
                        (Some(p), _) => &**p,
                        (None, _) => "kitsh",
                    };
                    out.push_str(name.rsplit('/').next().unwrap_or(name));
                }
                'v' => out.push_str("5.2"),
                'V' => out.push_str("5.2.15"),
                'u' => out.push_str(&var("USER")),
                'h' => out.push_str(var("HOSTNAME").split('.').next().unwrap_or("")),
                'H' => out.push_str(&var("HOSTNAME")),
                'w' | 'W' => {
                    let pwd = self.vars.get_str("PWD").unwrap_or(&self.cwd).to_string();
                    let home = var("HOME");
                    let tilde = !home.is_empty() && (pwd == home || pwd.starts_with(&format!("{home}/")));
                    if e == 'W' {
                        if pwd == home && !home.is_empty() {
                            out.push('~');
                        } else if pwd == "/" {
                            out.push('/');
                        } else {
                            out.push_str(pwd.rsplit('/').next().unwrap_or(""));
                        }
                    } else if tilde {
                        out.push('~');
                        out.push_str(&pwd[home.len()..]);
                    } else {
                        out.push_str(&pwd);
                    }
                }
                '$' => out.push(if var("EUID") == "0" { '#' } else { '$' }),
                'd' => out.push_str(&time("%a %b %d")),
                't' => out.push_str(&time("%H:%M:%S")),
                'T' => out.push_str(&time("%I:%M:%S")),
                '@' => out.push_str(&time("%I:%M %p")),
                'A' => out.push_str(&time("%H:%M")),
                'D' if chars.peek() == Some(&'{') => {
                    chars.next();
                    let fmt: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    out.push_str(&time(if fmt.is_empty() { "%X" } else { &fmt }));
                }
                'j' => out.push_str(&self.job_table.list.iter().filter(|j| j.is_live()).count().to_string()),
                'l' => out.push_str("tty"),
                // bash's `prompt_history_number` for `${x@P}`, PS4 and the like: the
                // number of the command being run (the newest entry), 1 without history.
                '!' => {
                    let next = if self.set_opt(super::options::HISTORY) {
                        self.history.base() + self.history.len()
                    } else {
                        1
                    };
                    out.push_str(&next.saturating_sub(1).max(1).to_string());
                }
                '#' => out.push_str(&self.last.command_number.to_string()),
                '0'..='7' => {
                    let (n, _) = crate::util::bytes::take_digits(&mut chars, 8, 2, e.to_digit(8).unwrap_or(0));
                    out.push(char::from_u32(n & 0xff).unwrap_or('?'));
                }
                other => {
                    out.push('\\');
                    out.push(other);
                    continue;
                }
            }
            if protect && e != '\\' && out[start..].contains(['$', '`', '\\']) {
                let produced = out.split_off(start);
                for ch in produced.chars() {
                    if matches!(ch, '$' | '`' | '\\') {
                        out.push('\\');
                    }
                    out.push(ch);
                }
                quoted = true;
            }
        }
        (out, quoted)
    }
}

#[cfg(test)]
mod tests {
    use crate::interp::builtins::run_for_test as out;

    #[test]
    fn escapes() {
        assert_eq!(out(r#"x='[\s-\v-\V] \\ \101\[\]'; echo "${x@P}""#), "[bash-5.2-5.2.15] \\ A\n0");
        assert_eq!(out(r#"HOME=/h PWD=/h/a/b; x='\w \W'; echo "${x@P}"; PWD=/h; echo "${x@P}""#), "~/a/b b\n~ ~\n0");
        assert_eq!(out(r#"v=7; x='$v $((1+2)) $(echo c)'; echo "${x@P}""#), "7 3 c\n0");
    }
}
