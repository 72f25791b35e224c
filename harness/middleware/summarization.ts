// History summarisation: when the history grows past a bound, older turns become one system note before the model call.
import type { Message } from '../../shared/contracts/messages.ts';
import type { ModelAdapter } from '../models/model-adapter.ts';
import { splitHistory, SUMMARY_PREFIX } from './history-split.ts';
import type { Middleware } from './middleware.ts';
import type { SideModel } from './tracing.ts';

/** `runId` names the run whose history is summarised, so that the summary call is traced as part of it. */
export type Summarizer = (messages: readonly Message[], signal?: AbortSignal, runId?: string) => Promise<string>;

export interface SummarizationOptions {
  summarize: Summarizer;
  /** Summarise once the history has more messages than this. */
  maxMessages: number;
  /** At least this many of the latest messages stay verbatim (more when a tool batch straddles the cut). */
  keepRecent: number;
}

export function createSummarizationMiddleware(options: SummarizationOptions): Middleware {
  if (options.keepRecent < 1 || options.maxMessages <= options.keepRecent) {
    throw new Error('summarization needs 1 <= keepRecent < maxMessages');
  }
  return {
    name: 'summarization',
    async beforeModel({ run, messages, signal }) {
      if (messages.length <= options.maxMessages) return;
      const split = splitHistory(messages, options.keepRecent);
      if (!split) return;
      const summary = await options.summarize(split.older, signal, run.runId);
      const note: Message = { role: 'system', content: `${SUMMARY_PREFIX} ${summary}` };
      return { messages: [...split.lead, note, ...split.recent] };
    },
  };
}

const SUMMARY_INSTRUCTIONS =
  'You compress conversation history for an assistant that will continue the conversation. Write a concise, factual ' +
  'summary of the transcript: what the user asked for, what was decided, which tools were called with which ' +
  'important arguments and what they returned (including errors and refusals), and what is still open. Do not add ' +
  'anything that is not in the transcript.';

const MAX_TOOL_TEXT = 2000;

function transcript(messages: readonly Message[]): string {
  return messages
    .map((message) => {
      if (message.role === 'assistant') {
        const calls = message.tool_calls.map((call) => `\n[called ${call.name} ${call.rawArguments ?? JSON.stringify(call.arguments)}]`);
        return `assistant: ${message.content}${calls.join('')}`;
      }
      if (message.role === 'tool') {
        const text = message.content.length > MAX_TOOL_TEXT ? `${message.content.slice(0, MAX_TOOL_TEXT)}…` : message.content;
        return `tool ${message.name}${message.isError ? ' (error)' : ''}: ${text}`;
      }
      return `${message.role}: ${message.content}`;
    })
    .join('\n');
}

/**
 * A Summarizer that asks a model, with no tools offered, so the summary cannot trigger any action. `traced` gives the
 * model as one run calls it (a chat span of that run); without it, or without a run id, `model` is called as it is.
 */
export function createModelSummarizer(model: ModelAdapter, traced?: SideModel): Summarizer {
  return async (messages, signal, runId) => {
    const request = {
      messages: [
        { role: 'system' as const, content: SUMMARY_INSTRUCTIONS },
        { role: 'user' as const, content: transcript(messages) },
      ],
      tools: [],
      ...(signal ? { signal } : {}),
    };
    const response = await (runId !== undefined && traced ? traced(runId) : model).call(request);
    return response.message.content.trim();
  };
}
