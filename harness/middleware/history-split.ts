// Finds where older history may be cut for summarising without separating a tool call from its ToolMessages.
import type { Message } from '../../shared/contracts/messages.ts';

export const SUMMARY_PREFIX = 'Summary of the earlier conversation:';

export function isSummary(message: Message): boolean {
  return message.role === 'system' && message.content.startsWith(SUMMARY_PREFIX);
}

export interface HistorySplit {
  /** Leading instructions, kept verbatim (earlier summaries are not instructions and get summarised again). */
  lead: Message[];
  older: Message[];
  recent: Message[];
}

/**
 * The cut moves back until the recent part starts with something other than a ToolMessage, so an assistant
 * message with tool_calls and all of its answers always land on the same side. Undefined when nothing can be cut.
 */
export function splitHistory(messages: readonly Message[], keepRecent: number): HistorySplit | undefined {
  let leadEnd = 0;
  while (leadEnd < messages.length && messages[leadEnd]?.role === 'system' && !isSummary(messages[leadEnd] as Message)) leadEnd += 1;
  let cut = Math.max(leadEnd, messages.length - keepRecent);
  while (cut > leadEnd && messages[cut]?.role === 'tool') cut -= 1;
  if (cut <= leadEnd) return undefined;
  return { lead: messages.slice(0, leadEnd), older: messages.slice(leadEnd, cut), recent: messages.slice(cut) };
}
