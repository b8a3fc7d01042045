// The ES module entry of kitsh/openai-agents.
import m from './openai-agents.js';

export const { toAgentsTool } = m;
export default m;
