//! ES modules (`import`): QuickJS's module loader, resolving and loading through the JavaScript
//! side (`js/modules.js`: `esmResolve`, `esmSource`), so that `import` sees the same files,
//! packages and built-in modules as `require`.

use std::rc::Rc;

use rquickjs::loader::{ImportAttributes, Loader, Resolver};
use rquickjs::module::Declared;
use rquickjs::{Ctx, Exception, Function, Module, Object, Promise};

use super::engine::State;

/// The JavaScript side's hooks, as the bootstrap handed them over.
fn hooks<'js>(ctx: &Ctx<'js>, state: &State) -> rquickjs::Result<Object<'js>> {
    let saved = state.esm.borrow().clone();
    match saved {
        Some(h) => h.restore(ctx),
        None => Err(Exception::throw_internal(ctx, "ES modules are not set up")),
    }
}

/// Resolves `import` specifiers (`./x.mjs`, `fs`, `node:fs`, a package) to module names.
pub struct EsmResolver(pub Rc<State>);

impl Resolver for EsmResolver {
    fn resolve<'js>(&mut self, ctx: &Ctx<'js>, base: &str, name: &str, _: Option<ImportAttributes<'js>>) -> rquickjs::Result<String> {
        let f: Function<'js> = hooks(ctx, &self.0)?.get("resolve")?;
        f.call((base, name))
    }
}

/// Loads a resolved module: its source from the JavaScript side (a file of the VFS, or a
/// built-in or CommonJS module's exports as a module).
pub struct EsmLoader(pub Rc<State>);

impl Loader for EsmLoader {
    fn load<'js>(&mut self, ctx: &Ctx<'js>, name: &str, _: Option<ImportAttributes<'js>>) -> rquickjs::Result<Module<'js, Declared>> {
        let f: Function<'js> = hooks(ctx, &self.0)?.get("source")?;
        let source: String = f.call((name,))?;
        Module::declare(ctx.clone(), name, source)
    }
}

/// Evaluate `source` as the ES module `name` (the main script); the promise of its evaluation.
pub fn evaluate<'js>(ctx: &Ctx<'js>, name: String, source: String) -> rquickjs::Result<Promise<'js>> {
    let (_, promise) = Module::declare(ctx.clone(), name, source)?.eval()?;
    Ok(promise)
}
