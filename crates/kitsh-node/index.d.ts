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
  /** Run a script on this thread (it blocks the event loop). */
  execSync(script: string, timeoutMs?: number): ExecResult;
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

/** The LLM tool contract over one session. */
export class BashTool {
  constructor(options?: BashOptions);
  readonly bash: Bash;
  readonly name: string;
  description(): string;
  systemPrompt(): string;
  help(): string;
  inputSchema(): Record<string, unknown>;
  outputSchema(): Record<string, unknown>;
  execute(input: ToolInput, options?: { signal?: AbortSignal }): Promise<ToolOutput>;
  snapshot(): Buffer;
  restore(data: Uint8Array): void;
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
}

/** Host callbacks as commands of a logic-only shell, run by one model-written script. */
export class ScriptedTool {
  constructor(options: { name: string; shortDescription?: string; tools: ToolSpec<any>[] });
  readonly name: string;
  description(): string;
  systemPrompt(): string;
  help(): string;
  inputSchema(): Record<string, unknown>;
  outputSchema(): Record<string, unknown>;
  execute(input: ToolInput): Promise<ToolOutput>;
  /** The calls of the last run (taken: a second read is empty). */
  lastTrace(): TraceCall[];
}

/** A tool call that failed: its message, exit status and tool. */
export class ToolError extends Error {
  constructor(message: string, exitCode?: number, tool?: string);
  exitCode: number;
  tool?: string;
}

declare const kitsh: {
  Bash: typeof Bash;
  BashTool: typeof BashTool;
  ScriptedTool: typeof ScriptedTool;
  ToolError: typeof ToolError;
  CancelToken: typeof CancelToken;
};
export default kitsh;
