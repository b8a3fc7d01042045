// Types of the `kitsh` npm package.

/** The limits of a `Bash` (kitsh's `ExecutionLimits`; unset fields keep kitsh's defaults). */
export interface Limits {
  /** The whole script's time limit, in milliseconds. */
  timeoutMs?: number;
  /** Commands a script may run. */
  maxCommands?: number;
  /** Iterations of one loop. */
  maxLoopIterations?: number;
  /** Nested function calls. */
  maxFunctionDepth?: number;
  /** Bytes of output a script may write. */
  maxOutputBytes?: number;
  /** Bytes the virtual filesystem may hold. */
  maxFsBytes?: number;
  /** Bytes an embedded interpreter (`python3`, `node`) may hold. */
  maxHeapBytes?: number;
}

/** How a `Bash` starts. */
export interface BashOptions {
  /** Files to create first: path -> text. */
  files?: Record<string, string>;
  /** Exported variables. */
  env?: Record<string, string>;
  /** The working directory. */
  cwd?: string;
  /** `$USER`, `whoami`. */
  username?: string;
  /** `$HOSTNAME`, `hostname`. */
  hostname?: string;
  /** Resource limits. */
  limits?: Limits;
  /** JavaScript commands: name -> function (see `Bash.registerCommand`). */
  commands?: Record<string, CommandFn>;
}

/**
 * A JavaScript command: `args` are its words after the name; `stdin` is its piped input (when
 * the script gave it one). Returns its output (text; another value prints as JSON) or
 * `{ stdout, stderr, exitCode }`, sync or as a promise. A thrown `ToolError` fails it with its
 * message and `exitCode`; another throw with its message and status 1.
 */
export type CommandFn = (
  args: string[],
  context: { stdin?: string },
) => string | Uint8Array | CommandResult | unknown | Promise<string | Uint8Array | CommandResult | unknown>;

/** What a JavaScript command may return instead of text. */
export interface CommandResult {
  stdout?: string;
  stderr?: string;
  exitCode?: number;
}

/** What a script gave. */
export interface ExecResult {
  stdout: string;
  stderr: string;
  /** The exit status (124: timeout, 130: cancelled). */
  exitCode: number;
  /** Why kitsh stopped it (`timeout`, `cancelled`, `resource_limit`, ...), when it did. */
  error?: string;
}

/** How one `exec` runs. */
export interface ExecOptions {
  /** This call's time limit, in milliseconds. */
  timeoutMs?: number;
  /** Aborting it stops the script at its next command (exit 130). */
  signal?: AbortSignal;
  /** Receives the output as it is written. */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
  /** Reject with a `ToolError` when the exit status is not 0. */
  check?: boolean;
}

/** One chunk of a streamed run. */
export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  chunk: string;
}

/** A streamed run: iterate over its chunks; `result` is its result. */
export interface ExecStream extends AsyncIterableIterator<OutputChunk> {
  readonly result: Promise<ExecResult>;
}

/** A status event of the tool contract. */
export interface ToolStatus {
  /** `validate`, `parse`, `execute`, `output`, `tool_call`, `complete`. */
  phase: string;
  /** For `tool_call`: the tool's name. */
  message?: string;
  percent_complete?: number;
  eta_ms?: number;
  /** For `output`: the chunk. */
  output?: string;
  /** For `output`: `stdout` or `stderr`. */
  stream?: 'stdout' | 'stderr';
}

/** How one `execute` of a tool runs. */
export interface ExecuteOptions {
  /** Aborting it stops the script (exit 130), also while it waits for a tool. */
  signal?: AbortSignal;
  /** Receives the status events as they happen. */
  onStatus?: (status: ToolStatus) => void;
}

/** Stops a running call. */
export class CancelToken {
  constructor();
  cancel(): void;
  readonly cancelled: boolean;
}

/** A sandboxed bash session: its virtual filesystem and shell state last across calls. */
export class Bash {
  constructor(options?: BashOptions);
  /** Run a script off the event loop. */
  exec(script: string, options?: ExecOptions): Promise<ExecResult>;
  /** Run a script, iterating over its output as it is written; leaving the loop early stops it. */
  stream(script: string, options?: Omit<ExecOptions, 'onOutput'>): ExecStream;
  /** Run a script on this thread (it blocks the event loop; JavaScript commands fail under it). */
  execSync(script: string, timeoutMs?: number): ExecResult;
  /** Register a JavaScript command (the files and the shell state stay). */
  registerCommand(name: string, fn: CommandFn): void;
  /** A second session from this one's state, with its configuration and commands. */
  fork(): Bash;
  /** Start a fresh session (the constructor's `files` again). */
  reset(): void;
  /** A file of the session, as text. */
  readFile(path: string): string;
  /** Write a file of the session (parent directories are created). */
  writeFile(path: string, content: string | Uint8Array): void;
  /** The names in a directory of the session, sorted. */
  listDir(path: string): string[];
  /** The session's files and shell state as bytes. */
  snapshot(): Buffer;
  /** Replace the session's state with a snapshot. */
  restore(data: Uint8Array): void;
  /** The tool's name (`kitsh`). */
  readonly toolName: string;
  /** The tool's description, for a model. */
  description(): string;
  /** The system prompt that teaches a model the tool. */
  systemPrompt(): string;
  /** The man page. */
  help(): string;
  /** The input schema as JSON text. */
  inputSchemaJson(): string;
  /** The output schema as JSON text. */
  outputSchemaJson(): string;
}

/** A tool call's input (the input schema). */
export interface ToolInput {
  commands: string;
  timeout_ms?: number;
}

/** A tool call's output (the output schema). */
export interface ToolOutput {
  stdout: string;
  stderr: string;
  exit_code: number;
  error?: string;
}

/** The LLM tool contract that BashTool and ScriptedTool share. */
export abstract class ToolContract {
  /** The tool's name. */
  readonly name: string;
  /** The tool's description, for a model. */
  description(): string;
  /** The system prompt that teaches a model the tool. */
  systemPrompt(): string;
  /** The man page. */
  help(): string;
  inputSchema(): Record<string, unknown>;
  outputSchema(): Record<string, unknown>;
  /** Run the model's script. */
  execute(input: ToolInput, options?: ExecuteOptions): Promise<ToolOutput>;
}

/** The LLM tool contract over one session. */
export class BashTool extends ToolContract {
  constructor(options?: BashOptions);
  readonly bash: Bash;
  snapshot(): Buffer;
  restore(data: Uint8Array): void;
  /** Start a fresh session. */
  reset(): void;
  /** A second tool from this one's state. */
  fork(): BashTool;
}

/** One tool of a ScriptedTool: a JavaScript function (sync or async) and what describes it. */
export interface ToolSpec<P = Record<string, unknown>> {
  name: string;
  description: string;
  /** The JSON schema of its parameters (they are checked, and taken as `--flags`, before `fn` runs). */
  schema?: Record<string, unknown>;
  tags?: string[];
  category?: string;
  /** Returns text, or a value written as JSON; a throw fails the command with its message. */
  fn: (params: P, context: { stdin?: string }) => unknown | Promise<unknown>;
}

/** One recorded tool call of the last run. */
export interface TraceCall {
  tool: string;
  args: Record<string, unknown>;
  exit_code: number;
  duration_ms: number;
  stdout_bytes: number;
  /** The original error text (never sanitised), if it failed. */
  error: string | null;
  /** The policy hook denied it. */
  denied: boolean;
}

/** How a ScriptedTool is made. */
export interface ScriptedToolOptions {
  name: string;
  /** The one-liner of tool listings. */
  shortDescription?: string;
  tools: ToolSpec<any>[];
  /** Variables exported to every script. */
  env?: Record<string, string>;
  /** Resource limits of every script. */
  limits?: Limits;
  /** Show `NAME: tool failed` instead of a tool's error text (default true). */
  sanitizeErrors?: boolean;
  /** List tools by name only in the system prompt; the model uses `help`/`discover`. */
  compactPrompt?: boolean;
  /** Sees each call after its flags are checked: true or nothing allows; false or a reason denies. */
  policy?: (call: { tool: string; args: Record<string, unknown> }) => boolean | string | void | Promise<boolean | string | void>;
  /** Told every failure's original text (sanitised or not). */
  onToolError?: (tool: string, message: string) => void;
}

/** Host callbacks as commands of a logic-only shell, run by one model-written script. */
export class ScriptedTool extends ToolContract {
  constructor(options: ScriptedToolOptions);
  /** The calls of the last run (taken: a second read is empty). */
  lastTrace(): TraceCall[];
}

/** A tool call that failed: its message, exit status and tool. */
export class ToolError extends Error {
  constructor(message: string, exitCode?: number, tool?: string);
  exitCode: number;
  tool?: string;
  /** For `exec(..., { check: true })`: the run's output. */
  stdout?: string;
  stderr?: string;
}

/** A session store could not do what was asked. */
export class SessionError extends Error {
  constructor(message: string, code?: string);
  /** `ERR_KITSH_SESSION`, `ERR_KITSH_SNAPSHOT` or `ERR_KITSH_SESSION_CONFLICT`. */
  code: string;
}

/** Another writer moved the session's head since it was loaded: load again and run again. */
export class SessionConflict extends SessionError {}

/** A session and its head. */
export interface SessionHead {
  name: string;
  head: string;
}

/** One commit of a session's log. */
export interface LogEntry {
  id: string;
  /** When it was made (milliseconds since the Unix epoch). */
  timeMs: number;
  label: string;
}

/** Sessions kept in a store with their history (`sqlite:PATH`, `sqlite::memory:`, `memory:`, `postgres://...`). */
export class SessionStore {
  constructor(url: string);
  /** Session `name`'s last state as a new `Bash` (a new session when there is none). */
  load(name: string, options?: BashOptions & { tool?: false }): Promise<Bash>;
  /** The same as a `BashTool`. */
  load(name: string, options: BashOptions & { tool: true }): Promise<BashTool>;
  /** Store the state of a `Bash`/`BashTool` from `load` as its session's next commit; the new head. */
  commit(bash: Bash | BashTool, label?: string): Promise<string>;
  sessions(): Promise<SessionHead[]>;
  /** Newest first. */
  log(name: string): Promise<LogEntry[]>;
  /** Rewind `name` to one of its commits (an id, or a prefix of at least 4 hex digits). */
  checkout(name: string, commit: string): Promise<void>;
  /** A new session at `name`'s head or at one of its commits; its head. */
  fork(name: string, newName: string, commit?: string): Promise<string>;
  /** What changed from commit `a` to commit `b`: lines like `M file /tmp/x`. */
  diff(a: string, b: string): Promise<string[]>;
  remove(name: string): Promise<void>;
  /** Delete what no kept commit names. */
  gc(keepLast?: number): Promise<{ deleted: number; kept: number }>;
}

declare const kitsh: {
  Bash: typeof Bash;
  BashTool: typeof BashTool;
  ToolContract: typeof ToolContract;
  ScriptedTool: typeof ScriptedTool;
  ToolError: typeof ToolError;
  CancelToken: typeof CancelToken;
  SessionStore: typeof SessionStore;
  SessionError: typeof SessionError;
  SessionConflict: typeof SessionConflict;
};
export default kitsh;
