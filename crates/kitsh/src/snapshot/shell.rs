//! The shell's state in a snapshot (SES-1): taken from a [`Shell`] between runs and put back
//! into a freshly built one.

use std::sync::Arc;

use super::format::{FuncRec, HistoryRec, RandomRec, ShellRec, ValueRec, VarRec};
use super::SnapshotError;
use crate::interp::options::{SET_OPTIONS, SHOPT_OPTIONS};
use crate::interp::vars::{AssocMap, Scope, Value, Var};
use crate::interp::Shell;

/// The jobs still running, as `jobs` would name them (empty: none).
pub(super) fn running_jobs(sh: &Shell) -> String {
    let running: Vec<String> =
        sh.job_table.list.iter().filter(|j| j.is_live() && j.slot.end().is_none()).map(|j| format!("[{}] {}", j.id, j.text)).collect();
    running.join(", ")
}

/// The records of `sh`'s state.
pub(super) fn capture(sh: &Shell) -> ShellRec {
    // BASH_EXECUTION_STRING is each call's own `-c` string, set again when the next call starts:
    // kept, it would make every call a change of state.
    let mut vars: Vec<VarRec> =
        sh.vars.globals().iter().filter(|(name, _)| name.as_str() != "BASH_EXECUTION_STRING").map(|(name, var)| var_record(name, var)).collect();
    vars.sort_unstable_by(|a, b| a.name.cmp(&b.name));
    let mut funcs: Vec<FuncRec> = sh
        .defs
        .funcs
        .iter()
        .map(|(name, f)| FuncRec {
            name: name.clone(),
            text: sh.function_text(f),
            attrs: sh.defs.func_attrs.iter().find(|(n, _)| n == name).map_or(0, |(_, a)| *a),
            file: sh.defs.func_files.get(name).map(|f| f.to_string()),
        })
        .collect();
    funcs.sort_unstable_by(|a, b| a.name.cmp(&b.name));
    let (entries, counters, limit) = sh.history.parts();
    ShellRec {
        cwd: sh.cwd.clone(),
        vars,
        funcs,
        aliases: sorted(sh.defs.aliases.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
        hashed: {
            // Names and paths; not the hit counts, which every call of a command moves: a call
            // that only reads (`cat f`) leaves the session's state, and its history, unchanged.
            // In the order the names entered the table (`hash` lists by it).
            let mut v: Vec<(&String, &crate::interp::lookup::Hashed)> = sh.defs.hashed.iter().collect();
            v.sort_unstable_by_key(|(_, h)| h.seq);
            v.into_iter().map(|(k, h)| (k.clone(), h.path.clone(), 0)).collect()
        },
        set_on: SET_OPTIONS.iter().zip(sh.opts.set.iter()).filter(|(_, on)| **on).map(|((n, _), _)| n.to_string()).collect(),
        shopt_on: SHOPT_OPTIONS.iter().zip(sh.opts.shopt.iter()).filter(|(_, on)| **on).map(|(n, _)| n.to_string()).collect(),
        dir_stack: sh.dir_stack.clone(),
        umask: sh.proc.umask,
        traps: sorted(sh.traps.actions.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
        hard_ignored: sh.traps.hard_ignored,
        positional: sh.positional.clone(),
        random: RandomRec { state: sh.random.raw_state(), reseed: sh.random.reseed, special: sh.random.special },
        history: HistoryRec {
            entries,
            dropped: counters[0] as u64,
            session: counters[1] as u64,
            in_file: counters[2] as u64,
            limit: limit.map(|l| l as u64),
        },
        status: sh.status,
        last_arg: sh.last.last_arg.clone(),
        getopts: (sh.getopts.char as u64, sh.getopts.last_optind as u64),
    }
}

fn sorted(mut v: Vec<(String, String)>) -> Vec<(String, String)> {
    v.sort_unstable();
    v
}

fn var_record(name: &str, var: &Var) -> VarRec {
    let value = match &var.value {
        None => ValueRec::Unset,
        Some(Value::Str(s)) => ValueRec::Str(s.clone()),
        Some(Value::Indexed(m)) => ValueRec::Indexed(m.iter().map(|(k, v)| (*k, v.clone())).collect()),
        Some(Value::Assoc(m)) => ValueRec::Assoc(m.in_insertion_order().into_iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
    };
    VarRec { name: name.to_string(), attrs: var.attrs, value }
}

/// Put `rec` into `sh`, a shell just built (its files are the snapshot's already).
pub(super) fn apply(rec: &ShellRec, sh: &mut Shell) -> Result<(), SnapshotError> {
    let mut funcs = Vec::with_capacity(rec.funcs.len());
    for f in &rec.funcs {
        funcs.push((f, parse_function(f)?));
    }
    let mut globals = Scope::default();
    for v in &rec.vars {
        globals.insert(v.name.clone(), Var::new(value_of(&v.value), v.attrs));
    }
    sh.vars.set_globals(globals);
    for (i, (name, _)) in SET_OPTIONS.iter().enumerate() {
        sh.opts.set[i] = rec.set_on.iter().any(|n| n == name);
    }
    for (i, name) in SHOPT_OPTIONS.iter().enumerate() {
        sh.opts.shopt[i] = rec.shopt_on.iter().any(|n| n == name);
    }
    sh.defs.funcs.clear();
    sh.defs.func_attrs.clear();
    sh.defs.func_files.clear();
    for (f, def) in funcs {
        sh.defs.funcs.insert(f.name.clone(), def);
        if f.attrs != 0 {
            sh.defs.func_attrs.push((f.name.clone(), f.attrs));
        }
        if let Some(file) = &f.file {
            sh.defs.func_files.insert(f.name.clone(), Arc::from(file.as_str()));
        }
    }
    sh.defs.aliases = rec.aliases.iter().cloned().collect();
    sh.defs.hashed =
        rec.hashed.iter().enumerate().map(|(i, (n, path, hits))| (n.clone(), crate::interp::lookup::Hashed { path: path.clone(), hits: *hits, seq: i as u64 })).collect();
    sh.dir_stack = rec.dir_stack.clone();
    sh.proc.umask = rec.umask & 0o777;
    sh.traps.actions = rec.traps.iter().cloned().collect();
    sh.traps.hard_ignored = rec.hard_ignored;
    sh.positional = rec.positional.clone();
    sh.random = crate::interp::state::Random::from_parts(rec.random.state, rec.random.reseed, rec.random.special);
    let h = &rec.history;
    let counters = [h.dropped, h.session, h.in_file].map(|c| usize::try_from(c).unwrap_or(usize::MAX));
    sh.history = crate::interp::builtins::history::History::from_parts(h.entries.clone(), counters, h.limit.map(|l| usize::try_from(l).unwrap_or(usize::MAX)));
    sh.status = rec.status & 0xff;
    sh.last.last_arg = rec.last_arg.clone();
    sh.getopts.char = usize::try_from(rec.getopts.0).unwrap_or(0);
    sh.getopts.last_optind = usize::try_from(rec.getopts.1).unwrap_or(1);
    sh.cwd = rec.cwd.clone();
    Ok(())
}

fn value_of(v: &ValueRec) -> Option<Value> {
    Some(match v {
        ValueRec::Unset => return None,
        ValueRec::Str(s) => Value::Str(s.clone()),
        ValueRec::Indexed(items) => Value::Indexed(items.iter().cloned().collect()),
        ValueRec::Assoc(items) => {
            let mut m = AssocMap::default();
            for (k, v) in items {
                m.insert(k.clone(), v.clone());
            }
            Value::Assoc(m)
        }
    })
}

/// A function's definition from its text: exactly one definition of that name, nothing else
/// (a snapshot's text is never run).
fn parse_function(f: &FuncRec) -> Result<Arc<crate::parser::ast::FunctionDef>, SnapshotError> {
    use crate::parser::ast::Command;
    let bad = || SnapshotError::Corrupt(format!("function {:?} is not a single function definition", f.name));
    let list = crate::parser::parse(&f.text, &crate::parser::ParseOptions::default()).map_err(|_| bad())?;
    let [item] = list.items.as_slice() else { return Err(bad()) };
    if item.background || !item.and_or.rest.is_empty() {
        return Err(bad());
    }
    let p = &item.and_or.first;
    match p.commands.as_slice() {
        [Command::FunctionDef(def)] if !p.negate && p.time.is_none() && def.name == f.name => Ok(Arc::clone(def)),
        _ => Err(bad()),
    }
}
