// The ChipChat error registry: refused messages and titles, unknown (or someone else's) conversations, busy turns.
import { defineErrors } from 'nexus/kernel';

export const errors = defineErrors({
  chipchat_conversation_not_found: { status: 404, message: 'No such conversation, or it is not yours.' },
  chipchat_message_empty: { status: 400, message: 'The message is empty: write some text.' },
  chipchat_message_too_long: { status: 413, message: 'The message is longer than the limit.' },
  chipchat_title_invalid: { status: 400, message: 'The title is empty or longer than 200 characters.' },
  chipchat_update_empty: { status: 400, message: 'Give a new title, an archived flag, or both.' },
  chipchat_conversation_archived: { status: 409, message: 'The conversation is archived: unarchive it to write in it.' },
  chipchat_sequence_contended: { status: 503, message: 'Too many messages arrived at once; try again.' },
  chipchat_scheduler_unavailable: { status: 503, message: 'Scheduling messages needs the scheduler plugin, which is not loaded.' },
});
