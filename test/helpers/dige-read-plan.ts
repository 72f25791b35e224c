// The cheapest full agent run on the real stack: two read-only Dige tools (no review pause) and an answer, for load and fault tests.
import type { AgentPlan } from './scripted-agent.ts';

export const READ_TOOLS = ['dige_list_rooms', 'dige_list_devices'] as const;

export const digeReadPlan: AgentPlan = {
  route: 'dige',
  calls: READ_TOOLS.map((name) => ({ name, arguments: {} })),
  answer: (turn) => `Read ${turn.toolResults.length} results.`,
};

/** The scripted agent's final answer for a run that completed both reads. */
export const DIGE_READ_ANSWER = `Read ${READ_TOOLS.length} results.`;
