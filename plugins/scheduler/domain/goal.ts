// A goal task: a future request in plain words and, optionally, the owner's session it continues.
import { Type } from 'typebox';

export const GOAL_TASK_KIND = 'scheduler.goal';

export const GoalText = Type.String({ minLength: 1, maxLength: 2000, description: 'What the assistant should do when the task is due, in plain words.' });

export const GoalPayload = Type.Object(
  {
    goal: GoalText,
    sessionId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$', description: "Continue this session of the owner's; each run starts a new one when absent." }),
    ),
  },
  { additionalProperties: false },
);
