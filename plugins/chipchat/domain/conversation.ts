// A conversation: one user's thread with the assistant, tied to one agent session so every turn sees the ones before.

export interface ConversationRecord {
  _id: string;
  ownerId: string;
  title: string;
  /** The title still follows the first message (none was given). */
  autoTitle: boolean;
  archived: boolean;
  /** The conversation notices land in when no other is named; one per user, created when first needed. */
  isDefault: boolean;
  /** Unique across the collection: `default:<owner>` for the default conversation, the id otherwise. */
  slot: string;
  /** The agent session the conversation's turns run in. */
  sessionId: string;
  createdAt: Date;
  updatedAt: Date;
  lastMessageAt: Date | null;
}

export const TITLE_MAX_CHARS = 200;
export const NEW_TITLE = 'New conversation';
export const DEFAULT_TITLE = 'Notices';
const AUTO_TITLE_CHARS = 60;

export const defaultSlot = (ownerId: string) => `default:${ownerId}`;

/** A title as stored: single spaces, trimmed; null when nothing is left or it is too long. */
export function normalizeTitle(raw: string): string | null {
  const title = raw.replace(/\s+/g, ' ').trim();
  return title === '' || [...title].length > TITLE_MAX_CHARS ? null : title;
}

/** A title taken from the first message: its first line, cut at a word near 60 characters. */
export function titleFromMessage(text: string): string {
  const line = text.trim().split('\n')[0]!.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= AUTO_TITLE_CHARS) return line || NEW_TITLE;
  const cut = chars.slice(0, AUTO_TITLE_CHARS).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > AUTO_TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
