// A model that plays an agent from the conversation it is sent: picks a route, makes planned tool calls in order, then answers.
// It keeps no state between requests, so concurrent runs and runs resumed after a review each get the step their own history asks for.
import { ROUTING_TOOL } from '../../harness/routing/intent-router.ts';
import type { RecordedRequest, ScriptedToolCall, ServerTurn } from './scripted-model-server.ts';

interface WireMessage {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** The part of the conversation a plan reads: the latest user message and what its run has seen since. */
export interface Turn {
  readonly userText: string;
  /** Tool results of this run so far (ToolMessage texts), oldest first. */
  readonly toolResults: readonly { readonly toolCallId: string; readonly content: string }[];
  readonly request: RecordedRequest;
}

export interface AgentPlan {
  /** The route or skill the router answers with. */
  readonly route: string;
  /** One tool call per model turn, in order; a function may read earlier results. */
  readonly calls: readonly (ScriptedToolCall | ((turn: Turn) => ScriptedToolCall))[];
  readonly answer: (turn: Turn) => string;
}

function messagesOf(request: RecordedRequest): WireMessage[] {
  return (request.body.messages as WireMessage[] | undefined) ?? [];
}

function offersTool(request: RecordedRequest, name: string): boolean {
  return ((request.body.tools as { function: { name: string } }[] | undefined) ?? []).some((tool) => tool.function.name === name);
}

function turnOf(request: RecordedRequest): Turn & { toolTurns: number } {
  const messages = messagesOf(request);
  let lastUser = -1;
  messages.forEach((message, i) => {
    if (message.role === 'user') lastUser = i;
  });
  const since = messages.slice(lastUser + 1);
  return {
    userText: lastUser >= 0 ? String(messages[lastUser]!.content ?? '') : '',
    toolResults: since.filter((m) => m.role === 'tool').map((m) => ({ toolCallId: m.tool_call_id ?? '', content: String(m.content ?? '') })),
    toolTurns: since.filter((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0).length,
    request,
  };
}

/** Answers each request with the next step of the first plan whose pattern matches the latest user message. */
export function scriptedAgent(plans: readonly { readonly when: RegExp; readonly plan: AgentPlan }[]): (request: RecordedRequest) => ServerTurn {
  return (request) => {
    const turn = turnOf(request);
    const plan = plans.find((candidate) => candidate.when.test(turn.userText))?.plan;
    if (plan === undefined) return { fail: { status: 500, message: `the scripted agent has no plan for: ${turn.userText}` } };
    if (offersTool(request, ROUTING_TOOL)) return { toolCalls: [{ name: ROUTING_TOOL, arguments: { route: plan.route } }] };
    const next = plan.calls[turn.toolTurns];
    if (next === undefined) return { text: plan.answer(turn) };
    return { toolCalls: [typeof next === 'function' ? next(turn) : next] };
  };
}

/** The JSON a tool returned, for plans that pick their next arguments from an earlier result. */
export function resultJson<T = any>(turn: Turn, index: number): T {
  const result = turn.toolResults[index];
  if (result === undefined) throw new Error(`no tool result #${index} yet`);
  return JSON.parse(result.content) as T;
}
