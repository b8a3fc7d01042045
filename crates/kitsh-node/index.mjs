// The ES module entry of the `kitsh` package (the same classes as the CommonJS one).
import kitsh from './index.js';

export const { Bash, BashTool, ScriptedTool, ToolContract, ToolError, CancelToken, SessionStore, SessionError, SessionConflict } = kitsh;
export default kitsh;
