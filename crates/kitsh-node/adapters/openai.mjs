// The ES module entry of kitsh/openai.
import m from './openai.js';

export const { openaiToolDefinition, handleOpenAIToolCall } = m;
export default m;
