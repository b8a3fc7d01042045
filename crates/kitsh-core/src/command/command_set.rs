//! [`CommandSet`]: commands an embedder provides as one group (the tool commands of a
//! ScriptedTool with its `help` and `discover`), found by name before the shell's builtins.

use super::Ctx;

/// A group of embedder commands. Registering one costs a single `Arc` clone per interpreter,
/// however many commands it has: the set resolves names itself.
pub trait CommandSet: Send + Sync {
    /// The id of the command called `name`, if the set has one.
    fn find(&self, name: &str) -> Option<usize>;
    /// Run command `id` (found by [`CommandSet::find`]) with the words after its name;
    /// returns its exit status. `ctx.stdin_attached` tells whether the script gave it input.
    fn run(&self, id: usize, ctx: &mut Ctx<'_>, args: &[String]) -> i32;
    /// The commands that languages inside the sandbox may call as functions
    /// ([`Functions`]); none unless the set says so.
    fn functions(&self) -> Vec<Function> {
        Vec::new()
    }
    /// Run command `id` with its parameters given as a JSON object's text instead of flags.
    /// The default refuses (status 2).
    fn call(&self, id: usize, ctx: &mut Ctx<'_>, params: &str) -> i32 {
        let _ = (id, params);
        let _ = ctx.stderr.write_all(format!("{}: cannot be called with JSON parameters\n", ctx.name).as_bytes());
        2
    }
}

/// A command of a [`CommandSet`] that a language inside the sandbox calls as a function
/// (Python's `kitsh_tools`): a tool of a ScriptedTool, a kit or an imported MCP server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// The command's name (`get_user`, `net.url_info`).
    pub name: String,
    /// The first line of its description.
    pub description: String,
    /// Its input schema, as JSON text.
    pub input_schema: String,
}

/// How a function's arguments are given to [`Functions::call`].
#[derive(Debug, Clone, Copy)]
pub enum FunctionArgs<'a> {
    /// A JSON object's text: the parameters themselves, checked against the schema as the
    /// command's flags would be.
    Json(&'a str),
    /// The words after the command's name, as a script would write them (`help`, `discover`).
    Words(&'a [String]),
}

/// What a function call gave: its exit status and its two output streams.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FunctionOutput {
    /// The exit status (0: success).
    pub status: i32,
    /// What it wrote to standard output.
    pub stdout: Vec<u8>,
    /// What it wrote to standard error (already sanitised by the set).
    pub stderr: Vec<u8>,
}

/// The functions of the shell's [`CommandSet`]s, for a command that offers them to the
/// language it runs (`python3`'s `kitsh_tools`).
pub trait Functions {
    /// The functions, in registration order (`help` and `discover` are not listed).
    fn list(&self) -> Vec<Function>;
    /// Run `name` (a listed function, or `help`/`discover` with [`FunctionArgs::Words`]) with
    /// `stdin` as its piped input (`None`: no input). `None` when the shell has no such
    /// command.
    fn call(
        &self,
        name: &str,
        args: FunctionArgs<'_>,
        stdin: Option<&[u8]>,
    ) -> Option<FunctionOutput>;
}

/// No functions (a shell without command sets, unit tests).
pub struct NoFunctions;

impl Functions for NoFunctions {
    fn list(&self) -> Vec<Function> {
        Vec::new()
    }
    fn call(&self, _: &str, _: FunctionArgs<'_>, _: Option<&[u8]>) -> Option<FunctionOutput> {
        None
    }
}
