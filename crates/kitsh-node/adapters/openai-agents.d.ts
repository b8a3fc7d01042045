// kitsh as an OpenAI Agents SDK function tool.
import type { FunctionTool } from '@openai/agents';
import type { KitshTool } from './common';

/** The Agents SDK tool of a kitsh tool (not strict: `timeout_ms` is optional). */
export function toAgentsTool(tool?: KitshTool): FunctionTool<any, any, string>;
