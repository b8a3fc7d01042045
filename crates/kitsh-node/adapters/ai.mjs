// The ES module entry of kitsh/ai.
import m from './ai.js';

export const { toAiSdkTool, toAiSdkTools } = m;
export default m;
