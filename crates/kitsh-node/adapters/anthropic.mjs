// The ES module entry of kitsh/anthropic.
import m from './anthropic.js';

export const { anthropicToolDefinition, handleAnthropicToolUse } = m;
export default m;
