// Intent recognition: asks the model to call the routing tool, whose enum lists the choices; the answer is a tool call, never parsed text.
import type { Message } from '../../shared/contracts/messages.ts';
import { modelStepOf, type ModelStepDraft } from '../graph/model-steps.ts';
import type { ModelAdapter, ModelToolSpec } from '../models/model-adapter.ts';
import { checkArguments } from '../tools/argument-validator.ts';
import type { RouteChoice } from './route-choices.ts';

export const ROUTING_TOOL = 'select_route';

/** The router reads the recent conversation only; older turns rarely change what the latest request is about. */
const RECENT_MESSAGES = 8;

const ROUTER_INSTRUCTIONS =
  'You are the router of an assistant. Read the conversation and decide which handler should answer the latest user ' +
  'message. Call the select_route tool exactly once with the name of the one handler that fits best. Do not answer ' +
  'the user yourself.';

function routingTool(choices: readonly RouteChoice[]): ModelToolSpec {
  return {
    name: ROUTING_TOOL,
    description: 'Selects the handler for the latest user message.',
    inputSchema: {
      type: 'object',
      properties: { route: { type: 'string', enum: choices.map((choice) => choice.name), description: 'The name of the chosen handler.' } },
      required: ['route'],
      additionalProperties: false,
    },
  };
}

function catalogue(choices: readonly RouteChoice[]): string {
  return choices
    .map((choice) => `- ${choice.name}${choice.category === undefined ? '' : ` (${choice.category})`}: ${choice.description}`)
    .join('\n');
}

/** Text turns only: tool traffic and earlier instructions are noise to the router and may be large. */
function conversation(messages: readonly Message[]): Message[] {
  return messages
    .filter((message) => message.role === 'user' || (message.role === 'assistant' && message.content !== ''))
    .map((message): Message => (message.role === 'assistant' ? { role: 'assistant', content: message.content, tool_calls: [] } : message))
    .slice(-RECENT_MESSAGES);
}

export interface RouteSelection {
  /** Undefined when the model did not call the tool with one of the choices. */
  choice: string | undefined;
  /** The routing call as a step of the run. */
  step: ModelStepDraft;
}

export async function selectRoute(
  model: ModelAdapter,
  input: { messages: readonly Message[]; choices: readonly RouteChoice[]; guidance?: string; signal: AbortSignal; now: () => number },
): Promise<RouteSelection> {
  const tool = routingTool(input.choices);
  const system = [ROUTER_INSTRUCTIONS, input.guidance, `Handlers:\n${catalogue(input.choices)}`].filter((part) => part !== undefined).join('\n\n');
  const startedAt = input.now();
  const response = await model.call({
    messages: [{ role: 'system', content: system }, ...conversation(input.messages)],
    tools: [tool],
    toolChoice: { name: ROUTING_TOOL },
    signal: input.signal,
  });
  const call = response.message.tool_calls.find((candidate) => candidate.name === ROUTING_TOOL);
  const valid = call !== undefined && call.rawArguments === undefined && checkArguments(tool.inputSchema, call.arguments).ok;
  const step = modelStepOf('routing', response, startedAt, input.now());
  return { choice: valid ? (call.arguments as { route: string }).route : undefined, step };
}
