// Refuses an empty or oversized message with ChipChat's own error codes, for every way a message arrives.
import { checkText } from '../domain/message.ts';
import { errors } from '../errors.ts';

export function assertText(text: string, maxChars: number): void {
  const problem = checkText(text, maxChars);
  if (problem === 'empty') throw errors.chipchat_message_empty();
  if (problem === 'too_long') throw errors.chipchat_message_too_long({ maxChars }, `The message is longer than ${maxChars} characters.`);
}
