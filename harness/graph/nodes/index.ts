// The graph's node table: one named function per node of START -> initialize -> model -> ... -> finalize | fail -> END.
import type { NodeTable } from '../node-context.ts';
import { appendToolMessages } from './append-tool-messages.ts';
import { executeTools } from './execute-tools.ts';
import { fail } from './fail.ts';
import { finalize } from './finalize.ts';
import { initialize } from './initialize.ts';
import { model } from './model.ts';
import { toolPolicy } from './tool-policy.ts';
import { validateModelOutput } from './validate-model-output.ts';
import { validateToolCalls } from './validate-tool-calls.ts';

export const defaultNodes: NodeTable = {
  initialize,
  model,
  validate_model_output: validateModelOutput,
  validate_tool_calls: validateToolCalls,
  tool_policy: toolPolicy,
  execute_tools: executeTools,
  append_tool_messages: appendToolMessages,
  finalize,
  fail,
};
