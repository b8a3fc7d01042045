//! The sandbox's own JavaScript (`js/*.js`) compiled once per process: QuickJS spends most of
//! a short run parsing it, so each source is compiled to bytecode at its first use and every
//! later context reads the bytecode instead (`JS_ReadObject`, a fraction of a parse).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rquickjs::{qjs, Ctx, Value};

/// Bytecode by the name it was compiled under (`node:fs`, ...).
static CACHE: Mutex<Option<HashMap<String, Arc<[u8]>>>> = Mutex::new(None);

/// Evaluate `source` as a global strict-mode script named `filename`, from its cached bytecode
/// (compiled now if this is the first time); its completion value.
pub fn eval<'js>(ctx: &Ctx<'js>, filename: &str, source: impl FnOnce() -> String) -> rquickjs::Result<Value<'js>> {
    let cached = CACHE.lock().unwrap_or_else(|e| e.into_inner()).as_ref().and_then(|m| m.get(filename).cloned());
    let bytes = match cached {
        Some(b) => b,
        None => {
            let b: Arc<[u8]> = compile(ctx, filename, source())?.into();
            CACHE
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert_with(HashMap::new)
                .insert(filename.to_string(), Arc::clone(&b));
            b
        }
    };
    let raw = ctx.as_raw().as_ptr();
    // SAFETY: `bytes` was written by this same QuickJS (`compile`); the values made are owned
    // and handed to rquickjs, or freed.
    unsafe {
        let f = qjs::JS_ReadObject(raw, bytes.as_ptr(), bytes.len() as _, qjs::JS_READ_OBJ_BYTECODE as i32);
        if qjs::JS_IsException(f) {
            return Err(rquickjs::Error::Exception);
        }
        let v = qjs::JS_EvalFunction(raw, f);
        if qjs::JS_IsException(v) {
            return Err(rquickjs::Error::Exception);
        }
        Ok(Value::from_raw(ctx.clone(), v))
    }
}

/// The bytecode of `source` compiled as a global strict-mode script named `filename`.
fn compile(ctx: &Ctx<'_>, filename: &str, source: String) -> rquickjs::Result<Vec<u8>> {
    let raw = ctx.as_raw().as_ptr();
    let mut src = source.into_bytes();
    let len = src.len();
    src.push(0); // QuickJS reads its input up to a NUL
    let name = std::ffi::CString::new(filename)?;
    let flags = (qjs::JS_EVAL_TYPE_GLOBAL | qjs::JS_EVAL_FLAG_STRICT | qjs::JS_EVAL_FLAG_COMPILE_ONLY) as i32;
    // SAFETY: the source is NUL-terminated and outlives the call; the function object is freed
    // after it is written, and the written buffer after it is copied.
    unsafe {
        let f = qjs::JS_Eval(raw, src.as_ptr().cast(), len as _, name.as_ptr(), flags);
        if qjs::JS_IsException(f) {
            return Err(rquickjs::Error::Exception);
        }
        let mut size = 0;
        let buf = qjs::JS_WriteObject(raw, &mut size, f, qjs::JS_WRITE_OBJ_BYTECODE as i32);
        qjs::JS_FreeValue(raw, f);
        if buf.is_null() {
            return Err(rquickjs::Error::Exception);
        }
        let out = std::slice::from_raw_parts(buf, size as usize).to_vec();
        qjs::js_free(raw, buf.cast());
        Ok(out)
    }
}
