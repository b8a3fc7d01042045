// The adapters, driven by the hosts' own test doubles: the AI SDK's mock language model in a
// generateText loop, the Agents SDK with a fake model, and the plain OpenAI/Anthropic shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV2 } from 'ai/test';
import { Agent, Runner, Usage } from '@openai/agents';
import { BashTool, ScriptedTool, ToolError } from '../index.mjs';
import { toAiSdkTools } from '../adapters/ai.mjs';
import { toAgentsTool } from '../adapters/openai-agents.mjs';
import { openaiToolDefinition, handleOpenAIToolCall } from '../adapters/openai.mjs';
import { anthropicToolDefinition, handleAnthropicToolUse } from '../adapters/anthropic.mjs';

const SCRIPT = 'echo \'{"n":[1,2,3]}\' > /tmp/d.json; jq \'.n | add\' /tmp/d.json';
const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

test('AI SDK: a mock model calls kitsh in a generateText loop and reads the result', async () => {
  const prompts = [];
  const model = new MockLanguageModelV2({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      if (prompts.length === 1) {
        // The tool as the model sees it.
        assert.equal(options.tools.length, 1);
        assert.equal(options.tools[0].name, 'kitsh');
        assert.deepEqual(options.tools[0].inputSchema.required, ['commands']);
        return {
          content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'kitsh', input: JSON.stringify({ commands: SCRIPT }) }],
          finishReason: 'tool-calls', usage, warnings: [],
        };
      }
      return { content: [{ type: 'text', text: 'the sum is 6' }], finishReason: 'stop', usage, warnings: [] };
    },
  });
  const tool = new BashTool();
  const r = await generateText({ model, tools: toAiSdkTools(tool), stopWhen: stepCountIs(4), prompt: 'add the numbers' });
  assert.equal(r.text, 'the sum is 6');
  assert.equal(r.steps.length, 2);
  assert.deepEqual(r.steps[0].toolResults[0].output, { stdout: '6\n', stderr: '', exit_code: 0 });
  // The second request carries the tool's result to the model.
  const toolMsg = prompts[1].find((m) => m.role === 'tool');
  assert.deepEqual(toolMsg.content[0].output, { type: 'json', value: { stdout: '6\n', stderr: '', exit_code: 0 } });
  // The session persists across calls: the file the script wrote is there.
  assert.equal(tool.bash.readFile('/tmp/d.json'), '{"n":[1,2,3]}\n');
});

test('AI SDK: a ScriptedTool with JavaScript tools, and bad input as a tool error', async () => {
  const crm = new ScriptedTool({
    name: 'crm',
    tools: [{ name: 'get_user', description: 'A user', schema: { type: 'object', properties: { id: { type: 'integer' } } }, fn: ({ id }) => ({ id, name: 'Ada' }) }],
  });
  let step = 0;
  const model = new MockLanguageModelV2({
    doGenerate: async () => {
      step += 1;
      if (step === 1) {
        return { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'crm', input: JSON.stringify({ commands: 'get_user --id 7 | jq -r .name' }) }], finishReason: 'tool-calls', usage, warnings: [] };
      }
      if (step === 2) {
        return { content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'crm', input: JSON.stringify({ commands: 'true', timeout_ms: 'soon' }) }], finishReason: 'tool-calls', usage, warnings: [] };
      }
      return { content: [{ type: 'text', text: 'done' }], finishReason: 'stop', usage, warnings: [] };
    },
  });
  const r = await generateText({ model, tools: toAiSdkTools(crm), stopWhen: stepCountIs(5), prompt: 'who is 7?' });
  assert.equal(r.text, 'done');
  assert.deepEqual(r.steps[0].toolResults[0].output, { stdout: 'Ada\n', stderr: '', exit_code: 0 });
  const failure = r.steps[1].content.find((p) => p.type === 'tool-error');
  assert.ok(failure instanceof Object, 'the bad call is a tool error');
  assert.ok(failure.error instanceof ToolError);
  assert.equal(failure.error.exitCode, 2);
  assert.match(failure.error.message, /"timeout_ms" must be a non-negative integer/);
});

test('OpenAI Agents SDK: a fake model calls kitsh through Runner', async () => {
  const requests = [];
  class FakeModel {
    async getResponse(request) {
      requests.push(request);
      if (requests.length === 1) {
        assert.equal(request.tools[0].name, 'kitsh');
        return {
          usage: new Usage(),
          output: [{ type: 'function_call', callId: 'call-1', name: 'kitsh', status: 'completed', arguments: JSON.stringify({ commands: SCRIPT }) }],
        };
      }
      return {
        usage: new Usage(),
        output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'six' }] }],
      };
    }
    async *getStreamedResponse() { throw new Error('not used'); }
  }
  const modelProvider = { getModel: () => new FakeModel() };
  const agent = new Agent({ name: 'ops', instructions: 'use bash', tools: [toAgentsTool(new BashTool())] });
  const result = await new Runner({ modelProvider, tracingDisabled: true }).run(agent, 'add the numbers');
  assert.equal(result.finalOutput, 'six');
  const input = requests[1].input;
  const out = input.find((i) => i.type === 'function_call_result');
  assert.equal(out.callId, 'call-1');
  const text = typeof out.output === 'string' ? out.output : out.output.text;
  assert.deepEqual(JSON.parse(text), { stdout: '6\n', stderr: '', exit_code: 0 });
});

test('OpenAI JSON shapes: definitions and answers for Chat Completions and Responses', async () => {
  const tool = new BashTool();
  const chat = openaiToolDefinition(tool);
  assert.equal(chat.type, 'function');
  assert.equal(chat.function.name, 'kitsh');
  assert.deepEqual(chat.function.parameters.required, ['commands']);
  const flat = openaiToolDefinition(tool, { api: 'responses' });
  assert.deepEqual([flat.type, flat.name, flat.strict], ['function', 'kitsh', false]);
  const msg = await handleOpenAIToolCall(tool, { id: 'call_9', type: 'function', function: { name: 'kitsh', arguments: JSON.stringify({ commands: 'echo hi' }) } });
  assert.deepEqual(msg, { role: 'tool', tool_call_id: 'call_9', content: JSON.stringify({ stdout: 'hi\n', stderr: '', exit_code: 0 }) });
  const item = await handleOpenAIToolCall(tool, { type: 'function_call', call_id: 'fc_1', name: 'kitsh', arguments: '{"commands":"exit 3"}' });
  assert.deepEqual(item, { type: 'function_call_output', call_id: 'fc_1', output: JSON.stringify({ stdout: '', stderr: '', exit_code: 3 }) });
  await assert.rejects(handleOpenAIToolCall(tool, { id: 'x', function: { arguments: '{not json' } }), (e) => e instanceof ToolError && e.exitCode === 2);
});

test('Anthropic JSON shapes: definition and tool_result', async () => {
  const tool = new BashTool();
  const def = anthropicToolDefinition(tool);
  assert.deepEqual(Object.keys(def), ['name', 'description', 'input_schema']);
  assert.equal(def.input_schema.properties.commands.type, 'string');
  let block = await handleAnthropicToolUse(tool, { type: 'tool_use', id: 'toolu_1', name: 'kitsh', input: { commands: 'echo ok' } });
  assert.deepEqual(block, { type: 'tool_result', tool_use_id: 'toolu_1', content: JSON.stringify({ stdout: 'ok\n', stderr: '', exit_code: 0 }), is_error: false });
  block = await handleAnthropicToolUse(tool, { type: 'tool_use', id: 'toolu_2', name: 'kitsh', input: { commands: 'nosuch' } });
  assert.equal(block.is_error, true);
  assert.match(JSON.parse(block.content).stderr, /nosuch: command not found/);
  await assert.rejects(handleAnthropicToolUse(tool, { type: 'tool_use', id: 't', input: { command: 'ls' } }), (e) => e instanceof ToolError && /"commands" must be a string/.test(e.message));
});
