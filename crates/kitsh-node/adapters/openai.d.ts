// kitsh in OpenAI's plain JSON shapes.
import type { KitshTool } from './common';

/** A Chat Completions tool definition. */
export interface ChatToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}
/** A Responses API tool definition. */
export interface ResponsesToolDefinition {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: false;
}
export function openaiToolDefinition(tool: KitshTool, options?: { api?: 'chat' }): ChatToolDefinition;
export function openaiToolDefinition(tool: KitshTool, options: { api: 'responses' }): ResponsesToolDefinition;

/** A Chat Completions tool call. */
export interface ChatToolCall {
  id: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}
/** A Responses API function call item. */
export interface ResponsesFunctionCall {
  type: 'function_call';
  call_id: string;
  name?: string;
  arguments: string;
}
/** Run the call; answer with the tool message (Chat Completions) or the output item (Responses). */
export function handleOpenAIToolCall(tool: KitshTool, call: ChatToolCall, options?: { signal?: AbortSignal }): Promise<{ role: 'tool'; tool_call_id: string; content: string }>;
export function handleOpenAIToolCall(tool: KitshTool, call: ResponsesFunctionCall, options?: { signal?: AbortSignal }): Promise<{ type: 'function_call_output'; call_id: string; output: string }>;
