// Token accounting: reports usage after every model call and stops a run that has used up its token budget.
import type { TokenUsage } from '../../shared/contracts/run-result.ts';
import { harnessErrors } from '../graph/harness-errors.ts';
import type { Middleware } from './middleware.ts';

export interface UsageReport {
  runId: string;
  threadId: string;
  userId: string;
  /** This call's usage and the run's total including it. */
  call: TokenUsage;
  total: TokenUsage;
  modelCalls: number;
}

export interface UsageOptions {
  /** Default budget for runs whose request sets no maxTotalTokens. */
  maxTotalTokens?: number;
  onUsage?: (report: UsageReport) => void;
}

/** The totals live in the run state (and so survive a pause); this middleware only reads and reports them. */
export function createUsageMiddleware(options: UsageOptions = {}): Middleware {
  return {
    name: 'usage',
    beforeModel({ run, state }) {
      const budget = run.limits.maxTotalTokens ?? options.maxTotalTokens;
      if (budget !== undefined && state.usage.totalTokens >= budget) {
        throw harnessErrors.limit_exceeded(undefined, `the run used ${state.usage.totalTokens} tokens, reaching its budget of ${budget}`);
      }
    },
    afterModel({ run, state, response }) {
      options.onUsage?.({
        runId: run.runId,
        threadId: run.threadId,
        userId: run.identity.userId,
        call: response.usage,
        total: state.usage,
        modelCalls: state.modelCalls,
      });
    },
  };
}
