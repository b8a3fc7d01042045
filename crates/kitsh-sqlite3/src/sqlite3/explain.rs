//! How the sqlite3 shell shows `EXPLAIN QUERY PLAN` (a tree) and `EXPLAIN` (bytecode in fixed
//! columns, loop bodies indented) in every output mode (`.explain auto`).

use super::output::Cell;

/// `EXPLAIN QUERY PLAN` rows `(id, parent, notused, detail)` as the shell's tree.
pub fn render_eqp(rows: &[Vec<Cell>], out: &mut Vec<u8>) {
    if rows.is_empty() {
        return;
    }
    let int = |c: Option<&Cell>| match c {
        Some(Cell::Int(i)) => *i,
        _ => 0,
    };
    let nodes: Vec<(i64, i64, String)> = rows
        .iter()
        .map(|r| {
            let detail = r.get(3).and_then(Cell::text).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
            (int(r.first()), int(r.get(1)), detail)
        })
        .collect();
    out.extend_from_slice(b"QUERY PLAN\n");
    let mut prefix = String::new();
    level(&nodes, 0, &mut prefix, out, 0);
}

fn level(nodes: &[(i64, i64, String)], parent: i64, prefix: &mut String, out: &mut Vec<u8>, depth: usize) {
    let kids: Vec<&(i64, i64, String)> = nodes.iter().filter(|n| n.1 == parent).collect();
    for (k, node) in kids.iter().enumerate() {
        let last = k + 1 == kids.len();
        out.extend_from_slice(format!("{prefix}{}{}\n", if last { "`--" } else { "|--" }, node.2).as_bytes());
        if depth < 30 && node.0 != parent {
            let n = prefix.len();
            prefix.push_str(if last { "   " } else { "|  " });
            level(nodes, node.0, prefix, out, depth + 1);
            prefix.truncate(n);
        }
    }
}

/// `EXPLAIN` rows (addr, opcode, p1, p2, p3, p4, p5, comment) in the shell's explain layout.
pub fn render_explain(cols: &[String], rows: &[Vec<Cell>], null: &str, out: &mut Vec<u8>) {
    const WIDTH: [usize; 8] = [4, 13, 4, 4, 4, 13, 2, 13];
    let text = |c: &Cell| c.text().map(|b| String::from_utf8_lossy(&b).into_owned());
    let indent = indents(rows);
    let n = cols.len().min(8);
    let pad = |out: &mut Vec<u8>, s: &str, w: usize| {
        out.extend_from_slice(s.as_bytes());
        let len = s.chars().count();
        out.resize(out.len() + w.saturating_sub(len), b' ');
    };
    for (i, c) in cols.iter().take(n).enumerate() {
        pad(out, c, WIDTH[i]);
        out.extend_from_slice(if i == n - 1 { b"\n" } else { b"  " });
    }
    for (i, w) in WIDTH.iter().take(n).enumerate() {
        out.extend_from_slice("-".repeat(*w).as_bytes());
        out.extend_from_slice(if i == n - 1 { b"\n" } else { b"  " });
    }
    for (r, row) in rows.iter().enumerate() {
        for (i, &width) in WIDTH.iter().enumerate().take(n) {
            let v = row.get(i).and_then(text);
            let mut w = if i == n - 1 { 0 } else { width };
            let mut sep = "  ";
            if let Some(v) = &v {
                if v.chars().count() > w {
                    w = v.chars().count();
                    sep = " ";
                }
            }
            if i == 1 {
                out.resize(out.len() + indent.get(r).copied().unwrap_or(0), b' ');
            }
            pad(out, v.as_deref().unwrap_or(null), w);
            out.extend_from_slice(if i == n - 1 { b"\n" } else { sep.as_bytes() });
        }
    }
}

/// `explain_data_prepare`: two spaces more for every loop an instruction is inside.
fn indents(rows: &[Vec<Cell>]) -> Vec<usize> {
    const NEXT: [&str; 5] = ["Next", "Prev", "VPrev", "VNext", "SorterNext"];
    const YIELD: [&str; 5] = ["Yield", "SeekLT", "SeekGT", "RowSetRead", "Rewind"];
    let int = |c: Option<&Cell>| match c {
        Some(Cell::Int(i)) => *i,
        Some(c) => c.text().and_then(|b| String::from_utf8_lossy(&b).parse().ok()).unwrap_or(0),
        None => 0,
    };
    let mut indent = vec![0usize; rows.len()];
    let mut yields = vec![false; rows.len()];
    for (op, row) in rows.iter().enumerate() {
        let addr = int(row.first());
        let opcode = row.get(1).and_then(Cell::text).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
        let p2 = int(row.get(3));
        let p2op = p2 + (op as i64 - addr);
        yields[op] = YIELD.contains(&opcode.as_str());
        if NEXT.contains(&opcode.as_str()) && p2op > 0 && (p2op as usize) < op {
            indent[p2op as usize..op].iter_mut().for_each(|x| *x += 2);
        }
        if opcode == "Goto"
            && p2op >= 0
            && (p2op as usize) < op + 1
            && (yields[p2op as usize] || int(row.get(2)) != 0)
        {
            indent[p2op as usize..op].iter_mut().for_each(|x| *x += 2);
        }
    }
    indent
}
