//! `tsort`: topological sort, as GNU coreutils: the same order (Knuth's algorithm over items
//! kept in name order, successors most-recent-first), the same loop reports
//! (`tsort: -: input contains a loop:` and its members) and the same way of breaking loops.

use std::collections::BTreeMap;

use super::args::{self, quote_name, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::decode;

/// The `tsort` command.
pub struct Tsort;

const SPECS: &[OptSpec<()>] = &[];
const USAGE: &str = "Usage: tsort [OPTION] [FILE]\nWrite totally ordered list consistent with the partial ordering in FILE.";

struct Item {
    name: String,
    count: usize,
    /// Successors, most recently recorded first.
    top: Vec<usize>,
    qlink: Option<usize>,
    printed: bool,
}

/// The graph and the loop-detection state, with items indexed in name order.
struct Graph {
    items: Vec<Item>,
    loop_at: Option<usize>,
}

impl Graph {
    /// One step of GNU's `detect_loop` on item `k`; true when a loop was reported.
    fn detect_loop(&mut self, k: usize, err: &mut Vec<String>) -> bool {
        if self.items[k].count == 0 {
            return false;
        }
        let Some(lp) = self.loop_at else {
            self.loop_at = Some(k);
            return false;
        };
        let Some(pos) = self.items[k].top.iter().position(|&s| s == lp) else { return false };
        if self.items[k].qlink.is_some() {
            // Retrace the path stored in qlink until K, printing it; drop K's relation.
            let mut cur = Some(lp);
            while let Some(l) = cur {
                let next = self.items[l].qlink;
                err.push(self.items[l].name.clone());
                if l == k {
                    let s = self.items[k].top.remove(pos);
                    self.items[s].count -= 1;
                    break;
                }
                self.items[l].qlink = None;
                cur = next;
            }
            while let Some(l) = cur {
                let next = self.items[l].qlink;
                self.items[l].qlink = None;
                cur = next;
            }
            self.loop_at = None;
            return true;
        }
        self.items[k].qlink = Some(lp);
        self.loop_at = Some(k);
        false
    }
}

/// Sort the relations in `text`; output lines and loop messages (stderr), or an error.
fn tsort(text: &str, file: &str) -> Result<(String, Vec<String>), String> {
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    if tokens.len() % 2 == 1 {
        return Err(format!("{}: input contains an odd number of tokens", quote_name(file)));
    }
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for t in &tokens {
        let n = index.len();
        index.entry(t).or_insert(n);
    }
    // Items in name order (GNU walks its search tree in order).
    let order: Vec<&str> = index.keys().copied().collect();
    let pos: BTreeMap<&str, usize> = order.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let mut g = Graph {
        items: order.iter().map(|n| Item { name: n.to_string(), count: 0, top: Vec::new(), qlink: None, printed: false }).collect(),
        loop_at: None,
    };
    for pair in tokens.chunks(2) {
        let (j, k) = (pos[pair[0]], pos[pair[1]]);
        if j != k {
            g.items[k].count += 1;
            g.items[j].top.insert(0, k);
        }
    }
    let mut out = String::new();
    let mut err = Vec::new();
    let mut left = g.items.len();
    while left > 0 {
        let mut queue: std::collections::VecDeque<usize> =
            (0..g.items.len()).filter(|&i| g.items[i].count == 0 && !g.items[i].printed).collect();
        while let Some(h) = queue.pop_front() {
            out.push_str(&g.items[h].name);
            out.push('\n');
            g.items[h].printed = true;
            left -= 1;
            let succ = g.items[h].top.clone();
            for s in succ {
                g.items[s].count -= 1;
                if g.items[s].count == 0 {
                    queue.push_back(s);
                }
            }
        }
        if left > 0 {
            err.push(format!("{}: input contains a loop:", quote_name(file)));
            loop {
                for k in 0..g.items.len() {
                    if g.detect_loop(k, &mut err) {
                        break;
                    }
                }
                if g.loop_at.is_none() {
                    break;
                }
            }
        }
    }
    Ok((out, err))
}

impl Builtin for Tsort {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("tsort", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        if p.operands.len() > 1 {
            args::usage_error(ctx, &format!("extra operand {}", args::quote(&p.operands[1])));
            return 1;
        }
        let file = p.operands.first().map_or("-", String::as_str).to_string();
        let data = match ctx.read_input(&file) {
            Ok(d) => d,
            Err(e) => {
                ctx.error(&format!("{}: {e}", quote_name(&file)));
                return 1;
            }
        };
        match tsort(&decode(&data), &file) {
            Err(msg) => {
                ctx.error(&msg);
                1
            }
            Ok((out, err)) => {
                if let Err(e) = ctx.stdout.write_all(out.as_bytes()) {
                    return crate::args::write_failed(ctx, &e);
                }
                for m in &err {
                    ctx.error(m);
                }
                if err.is_empty() {
                    0
                } else {
                    1
                }
            }
        }
    }
}
