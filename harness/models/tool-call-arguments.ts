// Parses the argument text a provider returns for a tool call, keeping the raw text when it is not valid JSON.

/** Empty text means "no arguments" (some servers send that for parameterless tools). */
export function parseToolArguments(text: string): { arguments: unknown; rawArguments?: string } {
  if (text.trim() === '') return { arguments: {} };
  try {
    return { arguments: JSON.parse(text) as unknown };
  } catch {
    return { arguments: null, rawArguments: text };
  }
}

/** The text to send back to a provider that expects arguments as a string. */
export function argumentsText(call: { arguments: unknown; rawArguments?: string }): string {
  return call.rawArguments ?? JSON.stringify(call.arguments ?? {});
}
