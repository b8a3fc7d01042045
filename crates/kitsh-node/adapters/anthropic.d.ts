// kitsh in Anthropic's plain JSON shapes.
import type { KitshTool } from './common';

/** A Messages API tool definition. */
export interface AnthropicToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}
export function anthropicToolDefinition(tool: KitshTool): AnthropicToolDefinition;

/** A `tool_use` block of the model's message. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name?: string;
  input: unknown;
}
/** The `tool_result` block answering it. */
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error: boolean;
}
export function handleAnthropicToolUse(tool: KitshTool, block: ToolUseBlock, options?: { signal?: AbortSignal }): Promise<ToolResultBlock>;
