// The framework-native tool through which the model asks the human a question; the graph pauses instead of running it.
import type { ToolDefinition } from '../tool-source.ts';

export const REQUEST_HUMAN_INPUT = 'request_human_input';

export const requestHumanInputTool: ToolDefinition = {
  name: REQUEST_HUMAN_INPUT,
  description:
    'Ask the human a question when you cannot continue without their answer (a missing detail, a choice between ' +
    'options, a confirmation). The run pauses until the human answers; their answer is returned as this call\'s result.',
  inputSchema: {
    type: 'object',
    properties: {
      question: { type: 'string', minLength: 1, description: 'The question to show the human, complete and self-contained.' },
    },
    required: ['question'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};

/** The question text of a validated call, for the pending-review item. */
export function humanInputQuestion(args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const question = (args as { question?: unknown }).question;
  return typeof question === 'string' ? question : undefined;
}
