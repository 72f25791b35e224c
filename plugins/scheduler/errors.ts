// The scheduler's error registry: refusals at task creation and on task actions, and the codes recorded on failed runs.
import { defineErrors } from 'nexus/kernel';

export const errors = defineErrors({
  scheduler_task_not_found: { status: 404, message: 'No such task, or it is not yours.' },
  scheduler_invalid_task: { status: 400, message: 'The task is not valid.' },
  scheduler_unknown_kind: { status: 400, message: 'No loaded plugin runs tasks of this kind.' },
  scheduler_invalid_payload: { status: 400, message: "The payload does not match the task kind's schema." },
  scheduler_invalid_cron: { status: 400, message: 'The cron expression is not valid.' },
  scheduler_invalid_time_zone: { status: 400, message: 'The time zone is not a known IANA zone.' },
  scheduler_time_in_past: { status: 400, message: 'A one-shot task must be scheduled for now or later.' },
  scheduler_invalid_preview: { status: 400, message: 'The preview request is not valid.' },
  scheduler_task_finished: { status: 409, message: 'The task is cancelled or completed; it cannot change any more.' },
  scheduler_executor_unavailable: { status: 503, message: 'No loaded plugin runs tasks of this kind any more.' },
  scheduler_execution_failed: { status: 500, message: 'The executor failed unexpectedly.' },
  scheduler_run_abandoned: { status: 500, message: 'The worker running this attempt stopped renewing its lease.' },
  scheduler_worker_stopped: { status: 503, message: 'The worker stopped during this attempt; another worker runs it again.' },
  scheduler_lease_lost: { status: 409, message: 'Another worker took over this run.' },
  scheduler_goal_ungrounded: { status: 502, message: 'The agent answered the goal without calling any tool, so nothing was done.' },
});
