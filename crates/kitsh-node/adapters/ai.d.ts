// kitsh as a Vercel AI SDK (`ai` 5) tool.
import type { Tool } from 'ai';
import type { ToolInput, ToolOutput } from '../index';
import type { KitshTool } from './common';

/** The AI SDK tool of a kitsh tool: its description, input schema and `execute`. */
export function toAiSdkTool(tool?: KitshTool): Tool<ToolInput, ToolOutput>;
/** `{ [name]: tool }` for `generateText({ tools })`. */
export function toAiSdkTools(...tools: KitshTool[]): Record<string, Tool<ToolInput, ToolOutput>>;
