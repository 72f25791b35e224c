// The run routes: invoke, stream (SSE), resume (plain and SSE), cancel, and the checkpointed status of one run.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CancelCallSchema, ResumeCallSchema } from '../../shared/contracts/harness-http.ts';
import { RunRequestSchema } from '../../shared/contracts/run-request.ts';
import { harnessErrors } from '../graph/harness-errors.ts';
import type { HarnessService } from '../runtime/harness-service.ts';
import { sendEventStream } from './event-stream.ts';

type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;

const RunParams = Type.Object({ runId: Type.String({ minLength: 1, maxLength: 200 }) });

/** A caller that hangs up no longer waits for the answer, so the run is cancelled rather than left running unseen. */
function cancelOnHangUp(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the caller closed the connection'));
  });
  return controller.signal;
}

function checkRunId(params: { runId: string }, body: { runId?: string }): void {
  if (body.runId !== undefined && body.runId !== params.runId) {
    throw harnessErrors.invalid_request({ issues: [{ path: '/body/runId', message: 'must equal the run id in the path' }] }, 'The body names another run than the path.');
  }
}

/** Every run ends with 200 and its RunResult, completed, interrupted or failed alike; refusals to start are errors. */
export function registerRunRoutes(app: App, service: HarnessService): void {
  app.post('/runs', { schema: { body: RunRequestSchema } }, async (request, reply) => service.invoke(request.body, cancelOnHangUp(reply)));

  app.post('/runs/stream', { schema: { body: RunRequestSchema } }, async (request, reply) => {
    await sendEventStream(reply, request.body.runId, service.stream(request.body));
  });

  app.post('/runs/:runId/resume', { schema: { params: RunParams, body: ResumeCallSchema } }, async (request, reply) => {
    checkRunId(request.params, request.body);
    return service.resume(request.params.runId, request.body, cancelOnHangUp(reply));
  });

  app.post('/runs/:runId/resume/stream', { schema: { params: RunParams, body: ResumeCallSchema } }, async (request, reply) => {
    checkRunId(request.params, request.body);
    await sendEventStream(reply, request.params.runId, service.resumeStream(request.params.runId, request.body));
  });

  app.post('/runs/:runId/cancel', { schema: { params: RunParams, body: CancelCallSchema } }, async (request) => service.cancel(request.params.runId, request.body));

  app.get('/runs/:runId', { schema: { params: RunParams } }, async (request) => service.getRun(request.params.runId));
}
