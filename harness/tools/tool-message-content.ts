// Turns tool results and refusals into the text the model reads as the call's ToolMessage.
import type { Refusal } from '../../shared/contracts/tool-call-record.ts';
import type { ToolResult } from './tool-source.ts';

function blockText(block: Record<string, unknown>): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if (block.type === 'resource' && typeof block.resource === 'object' && block.resource !== null) {
    const resource = block.resource as Record<string, unknown>;
    if (typeof resource.text === 'string') return resource.text;
    return `[resource ${String(resource.uri ?? '')}]`;
  }
  if (block.type === 'resource_link') return `[resource ${String(block.uri ?? '')}]`;
  return `[${String(block.type)} content${typeof block.mimeType === 'string' ? ` (${block.mimeType})` : ''}]`;
}

/** Text blocks first; structured content only when there is no text, since MCP servers usually send both. */
export function toolResultText(result: ToolResult): string {
  const text = result.content.map((block) => blockText(block)).join('\n');
  if (text.length > 0) return text;
  if (result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return '(the tool returned no content)';
}

/** A structured error observation the model can reason about; never phrased as a success. */
export function refusalText(refusal: Refusal): string {
  const error: Record<string, unknown> = { code: refusal.code, message: refusal.message };
  if (refusal.details !== undefined) error.details = refusal.details;
  return JSON.stringify({ error });
}

export function editedArgumentsNote(args: unknown): string {
  return `Note: a human reviewer edited the arguments of this call before it ran. Arguments used: ${JSON.stringify(args)}`;
}

export function reviewerReplyText(message: string): string {
  return `This call was not run. A human reviewer replied instead: ${message}`;
}
