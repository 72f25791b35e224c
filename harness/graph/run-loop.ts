// Drives the nodes from the state's current node to END or a pause, checkpointing after every transition.
import type { AppError } from '../../shared/errors/app-error.ts';
import type { Checkpointer } from './checkpointer.ts';
import { assertEdge } from './edges.ts';
import { harnessErrors, toRunError } from './harness-errors.ts';
import { hookRun, type NodeContext, type NodeTable } from './node-context.ts';
import { applyNodeResult, type NodeName, type NodeResult, type RunState } from './run-state.ts';
import type { Message } from '../../shared/contracts/messages.ts';
import { assertToolCallPairing, assertToolCallPairingSince } from './tool-call-pairing.ts';

const openTailAllowed = (state: RunState) => ({ allowOpenTail: state.status === 'running' || state.status === 'interrupted' });

function assertPairing(state: RunState): void {
  assertToolCallPairing(state.messages, openTailAllowed(state));
}

/** Checkpoint writes outside the loop go through here; inside it the same check runs before each write. */
export async function saveCheckpoint(checkpointer: Checkpointer, state: RunState, parentStep: number | null): Promise<void> {
  assertPairing(state);
  await checkpointer.save(state, { parentStep });
}

async function runNode(name: NodeName, state: RunState, nodes: NodeTable, ctx: NodeContext): Promise<NodeResult> {
  try {
    const result = await nodes[name](state, ctx);
    assertEdge(name, result.next);
    return result;
  } catch (err) {
    if (name === 'fail') throw err;
    return { update: { error: toRunError(err, name) }, next: 'fail' };
  }
}

/** Runs on_error hooks for a transition into `fail`; a cancelled run is reported as cancelled whatever broke first. */
async function reportFailure(result: NodeResult, node: NodeName, state: RunState, ctx: NodeContext): Promise<NodeResult> {
  let error = result.update.error ?? toRunError(new Error('the node failed without an error'), node);
  if (ctx.signal.aborted && error.code !== 'cancelled') {
    error = { code: 'cancelled', message: 'the run was cancelled', node, details: { cause: error } };
  }
  const hookErrors = await ctx.hooks.onError({ run: hookRun(state), state: { ...state, ...result.update, error }, error, node });
  if (hookErrors.length > 0) {
    const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
    error = { ...error, details: { ...details, hookErrors } };
  }
  return { ...result, update: { ...result.update, error } };
}

/** `checked` passed the check already, so only what the transition changed after it is walked. */
function violationOf(checked: readonly Message[], state: RunState): unknown {
  try {
    assertToolCallPairingSince(checked, state.messages, openTailAllowed(state));
    return undefined;
  } catch (err) {
    return err;
  }
}

/** Why the run must stop before its next node: the caller went away, or someone asked (through any copy) to cancel it. */
async function cancellation(state: RunState, ctx: NodeContext): Promise<AppError | undefined> {
  if (ctx.signal.aborted) return harnessErrors.cancelled();
  const requested = await ctx.cancelRequested?.(state.runId);
  return requested ? harnessErrors.cancelled({ cancelledBy: requested.by }, `the run was cancelled by ${requested.by.userId}`) : undefined;
}

export interface GraphRun {
  state: RunState;
  resumed: boolean;
  nodes: NodeTable;
  checkpointer: Checkpointer;
  ctx: NodeContext;
}

export async function runGraph({ state: initial, resumed, nodes, checkpointer, ctx }: GraphRun): Promise<RunState> {
  let state = initial;
  // Nothing is taken as checked before the first transition, which therefore checks the whole history once.
  let checked: readonly Message[] = [];
  // A before_agent hook that throws fails the run through the same edge as a failing node.
  let startError: unknown;
  try {
    await ctx.hooks.beforeAgent({ run: hookRun(state), state, resumed });
  } catch (err) {
    startError = err;
  }
  while (state.node !== 'end' && state.status === 'running') {
    const from = state.node;
    // A cancelled run goes straight to fail from wherever it is; no further model or tool call starts.
    const stop = startError ?? (from === 'fail' ? undefined : await cancellation(state, ctx));
    let result = stop === undefined ? await runNode(from, state, nodes, ctx) : { update: { error: toRunError(stop, from) }, next: 'fail' as const };
    startError = undefined;
    if (result.next === 'fail') result = await reportFailure(result, from, state, ctx);
    let next = applyNodeResult(state, result, ctx.now());
    const violation = violationOf(checked, next);
    if (violation !== undefined) {
      // The previous state was valid, so failing from it keeps the history pairable; a broken fail node is a bug.
      if (from === 'fail') throw violation;
      result = await reportFailure({ update: { error: toRunError(violation, from) }, next: 'fail' }, from, state, ctx);
      next = applyNodeResult(state, result, ctx.now());
      assertPairing(next);
    }
    checked = next.messages;
    await checkpointer.save(next, { parentStep: state.step });
    state = next;
  }
  return state;
}
