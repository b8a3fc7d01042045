// Compiled by `tsc --noEmit` in CI (never run): the hand-written types of the package and its
// adapters against the hosts' own types.
import { Bash, BashTool, ScriptedTool, ToolContract, ToolError, SessionStore, SessionConflict, type ExecResult, type ToolOutput, type ToolStatus } from 'kitsh';
import { toAiSdkTools, toAiSdkTool } from 'kitsh/ai';
import { toAgentsTool } from 'kitsh/openai-agents';
import { openaiToolDefinition, handleOpenAIToolCall } from 'kitsh/openai';
import { anthropicToolDefinition, handleAnthropicToolUse } from 'kitsh/anthropic';
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { Agent } from '@openai/agents';

async function main(model: LanguageModel): Promise<void> {
  const bash = new Bash({ files: { '/a': 'x' }, limits: { timeoutMs: 1000 }, commands: { hi: (args, { stdin }) => `hi ${args[0]} ${stdin ?? ''}` } });
  bash.registerCommand('n', async () => ({ stdout: '1\n', exitCode: 0 }));
  const r: ExecResult = await bash.exec('hi x', { onOutput: (chunk: string, stream: 'stdout' | 'stderr') => void [chunk, stream], check: true });
  for await (const { stream, chunk } of bash.stream('echo x')) void [stream, chunk];
  const code: number = (await bash.stream('true').result).exitCode + r.exitCode;
  const tool = new BashTool();
  const out: ToolOutput = await tool.execute({ commands: 'ls' }, { onStatus: (s: ToolStatus) => void s.phase });
  const st = new ScriptedTool({
    name: 'crm',
    tools: [{ name: 'get', description: 'Get', fn: async (p: { id: number }) => ({ id: p.id }) }],
    policy: ({ tool }) => tool !== 'delete',
    onToolError: (tool, message) => void [tool, message],
    sanitizeErrors: true,
  });
  const e = new ToolError('x', 2, 'crm');
  void [code, out, e.exitCode, st.lastTrace()[0]?.denied];
  await generateText({ model, tools: { ...toAiSdkTools(tool, st), one: toAiSdkTool() }, stopWhen: stepCountIs(3), prompt: 'p' });
  new Agent({ name: 'a', tools: [toAgentsTool(tool)] });
  const chat = openaiToolDefinition(tool);
  const flat = openaiToolDefinition(tool, { api: 'responses' });
  const msg = await handleOpenAIToolCall(tool, { id: 'c', function: { arguments: '{}' } });
  const def = anthropicToolDefinition(st);
  const block = await handleAnthropicToolUse(st, { type: 'tool_use', id: 't', input: {} });
  void [chat.function.name, flat.strict, msg.content, def.input_schema, block.is_error];
  const store = new SessionStore('memory:');
  const loaded: Bash = await store.load('s', { limits: { timeoutMs: 5 } });
  const asTool: BashTool = await store.load('t', { tool: true });
  const head: string = await store.commit(loaded, 'label');
  const log = await store.log('s');
  const forked: Bash = loaded.fork();
  forked.reset();
  const contracts: ToolContract[] = [tool, st, asTool];
  void [asTool.fork(), head, log[0]?.timeMs, SessionConflict, contracts.map((c) => c.name)];
}
void main;
