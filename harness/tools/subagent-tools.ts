// Subagents as tools: `subagent_<name>` hands a self-contained task to a nested run of the bound skill and returns its answer.
import type { Profile } from '../../shared/contracts/profile.ts';
import type { SubagentBinding } from '../../shared/contracts/profile-sections.ts';
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import type { RunResult } from '../../shared/contracts/run-result.ts';
import type { CallVerdict, RunPolicy } from './run-policy.ts';
import type { ToolDefinition, ToolResult, ToolSource } from './tool-source.ts';

const PREFIX = 'subagent_';
const DEFAULT_MAX_MODEL_CALLS = 8;

export const subagentToolName = (binding: SubagentBinding): string => `${PREFIX}${binding.name}`;

export function subagentOfTool(profile: Profile, toolName: string): SubagentBinding | undefined {
  if (!toolName.startsWith(PREFIX)) return undefined;
  return profile.subagents?.find((binding) => subagentToolName(binding) === toolName);
}

function definitionOf(binding: SubagentBinding): ToolDefinition {
  return {
    name: subagentToolName(binding),
    description: binding.description,
    inputSchema: {
      type: 'object',
      properties: {
        task: { type: 'string', minLength: 1, description: 'The whole task, self-contained: the subagent sees nothing of this conversation.' },
      },
      required: ['task'],
      additionalProperties: false,
    },
  };
}

/** Nothing outside the nested run may wait on it, so a call that needs a reviewer is refused there, with the reason. */
export function withoutReview(policy: RunPolicy): RunPolicy {
  return {
    ...policy,
    async evaluateCall(input): Promise<CallVerdict> {
      const verdict = await policy.evaluateCall(input);
      if (verdict.action !== 'review') return verdict;
      return { action: 'deny', code: 'policy_denied', reason: `${input.toolName} needs a human review, which a subagent cannot wait for; the main agent must call it.` };
    },
  };
}

function resultOf(binding: SubagentBinding, result: RunResult): ToolResult {
  const structuredContent = {
    subagent: binding.name,
    runId: result.runId,
    status: result.status,
    answer: result.answer,
    // Read by the parent's grounding: a nested answer no tool backs does not back the parent's answer either.
    grounding: result.grounding,
    toolCalls: result.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments, status: call.status })),
    ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}),
  };
  if (result.status === 'completed') return { content: [{ type: 'text', text: result.answer ?? '' }], structuredContent };
  const why = result.error?.message ?? `the nested run ended ${result.status}`;
  return { content: [{ type: 'text', text: `The subagent ${binding.name} could not finish: ${why}` }], structuredContent, isError: true };
}

/** `runNested` runs the request with the bound skill's tools, without subagents, human questions or review pauses. */
export function createSubagentToolSource(bindings: readonly SubagentBinding[], runNested: (request: RunRequest, signal: AbortSignal) => Promise<RunResult>): ToolSource {
  return {
    id: 'subagents',
    async listTools() {
      return bindings.map(definitionOf);
    },
    async callTool(name, args, context) {
      const binding = bindings.find((candidate) => subagentToolName(candidate) === name);
      if (!binding) return { content: [{ type: 'text', text: `No subagent is bound to ${name}.` }], isError: true };
      // The call id makes the nested run id unique per delegation and traceable to the call that started it.
      const runId = `${context.runId}.${context.toolCallId}`;
      const result = await runNested(
        {
          runId,
          threadId: runId,
          messages: [{ role: 'user', content: String(args['task']) }],
          identity: context.identity,
          skill: binding.skill,
          limits: { maxModelCalls: binding.maxModelCalls ?? DEFAULT_MAX_MODEL_CALLS },
        },
        context.signal,
      );
      return resultOf(binding, result);
    },
  };
}
