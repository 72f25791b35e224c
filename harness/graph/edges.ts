// The graph's shape: which edges each node may return. Checked on every transition so a node cannot reroute the run.
import { harnessErrors } from './harness-errors.ts';
import type { Edge, NodeName } from './run-state.ts';

export const EDGES: Readonly<Record<NodeName, readonly Edge[]>> = {
  initialize: ['model', 'fail'],
  model: ['validate_model_output', 'fail'],
  validate_model_output: ['validate_tool_calls', 'finalize', 'fail'],
  validate_tool_calls: ['tool_policy', 'fail'],
  tool_policy: ['execute_tools', 'interrupt', 'fail'],
  execute_tools: ['append_tool_messages', 'fail'],
  append_tool_messages: ['model', 'fail'],
  finalize: ['end', 'fail'],
  fail: ['end'],
};

export function assertEdge(from: NodeName, to: Edge): void {
  if (!EDGES[from].includes(to)) {
    throw harnessErrors.invariant_violation(undefined, `node ${from} returned edge ${to}, which the graph does not have`);
  }
}
