//! `kitsh --session NAME [--store URL] -c SCRIPT` and `kitsh session ...` (sessions.md SES-11):
//! sessions that outlive the process, kept in a store (a SQLite file under `$KITSH_HOME` by
//! default).

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use kitsh::{Bash, BashBuilder, ExecResult};
use kitsh_session::{hex, GcPolicy, History, HistoryError, Id};

/// How many times a call whose session moved on meanwhile runs again on the new head.
const RETRIES: usize = 20;

#[derive(Parser, Debug)]
#[command(name = "kitsh session", bin_name = "kitsh session", about = "Sessions kept in a store: list, log, diff, checkout, fork, rm, export, import, gc")]
struct SessionCli {
    /// The store: sqlite:PATH, sqlite::memory:, memory: (default: sqlite:$KITSH_HOME/sessions.db).
    #[arg(long, value_name = "URL", global = true)]
    store: Option<String>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Every session with its head commit.
    List,
    /// A session's commits, newest first: id, time, label.
    Log {
        /// The session.
        name: String,
    },
    /// What changed from A to B (each a session's head or a commit id of at least 4 hex digits).
    Diff {
        /// The older state.
        a: String,
        /// The newer state.
        b: String,
    },
    /// Rewind a session to one of its commits.
    Checkout {
        /// The session.
        name: String,
        /// The commit (at least 4 hex digits).
        id: String,
    },
    /// A new session starting at a session's head, or at one of its commits.
    Fork {
        /// The session.
        name: String,
        /// The new session's name.
        new: String,
        /// The commit (at least 4 hex digits; default the head).
        id: Option<String>,
    },
    /// Remove a session (its data goes at the next gc).
    Rm {
        /// The session.
        name: String,
    },
    /// Write a session's head as snapshot bytes to FILE (`-`: standard output).
    Export {
        /// The session.
        name: String,
        /// The file.
        file: PathBuf,
    },
    /// A new session from snapshot bytes in FILE (`-`: standard input).
    Import {
        /// The file.
        file: PathBuf,
        /// The new session's name.
        name: String,
    },
    /// Delete what no kept commit names.
    Gc {
        /// Keep only the last N commits of each session.
        #[arg(long = "keep-last", value_name = "N")]
        keep_last: Option<usize>,
    },
}

/// Is `args[1..]` a session command (after any `--store URL`)?
pub fn is_session_command(args: &[String]) -> bool {
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--store" => i += 2,
            a if a.starts_with("--store=") => i += 1,
            a => return a == "session",
        }
    }
    false
}

/// The store's URL: the one given, else a SQLite file in `$KITSH_HOME` (default
/// `~/.local/share/kitsh`), whose folder is created.
fn store_url(given: Option<&str>) -> Result<String, String> {
    if let Some(u) = given {
        return Ok(u.to_string());
    }
    let home = match std::env::var_os("KITSH_HOME").filter(|v| !v.is_empty()) {
        Some(h) => PathBuf::from(h),
        None => {
            let user = std::env::var_os("HOME").ok_or("cannot find the session store: set $KITSH_HOME or $HOME, or give --store")?;
            PathBuf::from(user).join(".local/share/kitsh")
        }
    };
    std::fs::create_dir_all(&home).map_err(|e| format!("session store: {}: {e}", home.display()))?;
    Ok(format!("sqlite:{}", home.join("sessions.db").display()))
}

fn open(given: Option<&str>) -> Result<History, String> {
    let url = store_url(given)?;
    Ok(History::new(kitsh_session::open(&url).map_err(|e| e.to_string())?))
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())
}

/// Run a call in session `name` of the store: restore its head (a new session when none) with
/// the builder `make` gives, `run` it, commit with `label`. A call whose session another writer
/// moved meanwhile runs again on the new head (the caller prints the output of the run that
/// committed, once).
pub fn run_in_session(name: &str, store: Option<&str>, label: &str, make: impl Fn() -> Result<BashBuilder, String>, run: impl Fn(&mut Bash) -> ExecResult) -> Result<ExecResult, String> {
    let rt = runtime()?;
    let history = open(store)?;
    let label: String = label.chars().take(200).collect();
    rt.block_on(async {
        for _ in 0..RETRIES {
            let (parent, builder) = match history.load(name).await.map_err(|e| e.to_string())? {
                Some((id, snap)) => (Some(id), make()?.restore(&snap)),
                None => (None, make()?),
            };
            let mut bash = builder.build().map_err(|e| e.to_string())?;
            let result = run(&mut bash);
            let snap = bash.snapshot().map_err(|e| e.to_string())?;
            match history.commit(name, parent, &snap, &label).await {
                Ok(_) => return Ok(result),
                Err(HistoryError::Conflict(_)) => continue,
                Err(e) => return Err(e.to_string()),
            }
        }
        Err(format!("session '{name}' is busy (changed by other writers {RETRIES} times in a row)"))
    })
}

/// Run a session command; its exit status.
pub fn main(mut args: Vec<String>) -> i32 {
    // `kitsh [--store URL] session ACTION ...`: the word `session` names this command set.
    if let Some(at) = args.iter().skip(1).position(|a| a == "session") {
        args.remove(at + 1);
    }
    let cli = match SessionCli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    let r = runtime().and_then(|rt| {
        let history = open(cli.store.as_deref())?;
        rt.block_on(command(&history, cli.cmd)).map_err(|e| e.to_string())
    });
    match r {
        Ok(()) => 0,
        Err(msg) => {
            eprintln!("kitsh: session: {msg}");
            1
        }
    }
}

async fn command(h: &History, cmd: Cmd) -> Result<(), HistoryError> {
    match cmd {
        Cmd::List => {
            for (name, head) in h.store().sessions().await? {
                println!("{name} {}", hex(&head));
            }
        }
        Cmd::Log { name } => {
            for c in h.log(&name).await? {
                println!("{} {} {}", hex(&c.id), utc(c.time_ms), c.label);
            }
        }
        Cmd::Diff { a, b } => {
            let (a, b) = (state(h, &a).await?, state(h, &b).await?);
            for change in h.diff(&a, &b).await? {
                println!("{change}");
            }
        }
        Cmd::Checkout { name, id } => {
            let id = h.resolve(&name, &id).await?;
            h.checkout(&name, &id).await?;
        }
        Cmd::Fork { name, new, id } => {
            let at = match id {
                Some(id) => Some(h.resolve(&name, &id).await?),
                None => None,
            };
            h.fork(&name, &new, at.as_ref()).await?;
        }
        Cmd::Rm { name } => h.remove(&name).await?,
        Cmd::Export { name, file } => {
            let bytes = h.export(&name).await?;
            write_file(&file, &bytes)?;
        }
        Cmd::Import { file, name } => {
            let bytes = read_file(&file)?;
            h.import(&bytes, &name).await?;
        }
        Cmd::Gc { keep_last } => {
            let r = h.gc(&GcPolicy { keep_last, ..GcPolicy::default() }).await?;
            println!("deleted {} objects, kept {}", r.deleted, r.kept);
        }
    }
    Ok(())
}

/// A session's head, or a commit of any session's log by id prefix.
async fn state(h: &History, what: &str) -> Result<Id, HistoryError> {
    if kitsh_session::check_name(what).is_ok() {
        if let Some(head) = h.store().head(what).await? {
            return Ok(head);
        }
    }
    for (name, _) in h.store().sessions().await? {
        if let Ok(id) = h.resolve(&name, what).await {
            return Ok(id);
        }
    }
    Err(HistoryError::NoSession(what.to_string()))
}

fn io_error(path: &std::path::Path, e: std::io::Error) -> HistoryError {
    HistoryError::Store(kitsh_session::StoreError::Unavailable(format!("{}: {e}", path.display())))
}

fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), HistoryError> {
    use std::io::Write;
    if path.as_os_str() == "-" {
        return std::io::stdout().write_all(bytes).map_err(|e| io_error(path, e));
    }
    std::fs::write(path, bytes).map_err(|e| io_error(path, e))
}

fn read_file(path: &std::path::Path) -> Result<Vec<u8>, HistoryError> {
    use std::io::Read;
    if path.as_os_str() == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v).map_err(|e| io_error(path, e))?;
        return Ok(v);
    }
    std::fs::read(path).map_err(|e| io_error(path, e))
}

/// Milliseconds since the epoch as `2026-12-02T07:59:01Z`.
fn utc(ms: i64) -> String {
    kitsh_core::util::time::strftime("%Y-%m-%dT%H:%M:%SZ", ms.div_euclid(1000), Some("UTC"))
}

