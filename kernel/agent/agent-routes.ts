// REST routes for agent runs (invoke and SSE stream) and human review decisions.
import { openEventStream, writeEvent } from '../../shared/http/server-sent-events.ts';
import { Type } from 'typebox';
import type { HttpApp } from '../http/create-http-app.ts';
import { traceparentOf } from '../http/trace-context.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { AgentServices } from './create-agent-services.ts';
import type { ReviewRequestDoc } from './review-repository.ts';
import { AgentRunOutcomeSchema } from '../contracts/agent-run-service.ts';
import { AgentRunBody, CancelOutcomeView, DecisionsBody, ReviewView } from './agent-schemas.ts';

export function registerAgentRoutes(app: HttpApp, agent: AgentServices, describeTool: (name: string) => string | null): void {
  const reviewView = (d: ReviewRequestDoc) => ({
    id: d._id,
    runId: d.runId,
    input: d.input,
    status: d.status,
    requester: { userId: d.requester.userId, role: d.requester.role, sessionId: d.requester.sessionId },
    items: d.items.map((i) => ({ ...i, description: describeTool(i.name) })),
    createdAt: d.createdAt.toISOString(),
    expiresAt: d.expiresAt.toISOString(),
    decidedBy: d.decidedBy,
  });

  app.post('/api/agent/runs', {
    config: { permission: 'agent.run' },
    schema: { tags: ['agent'], summary: 'Run the agent on a message (continues the session when given)', body: AgentRunBody, response: { 200: AgentRunOutcomeSchema } },
    handler: async (request) => agent.runner.run(request.identity, { ...request.body, correlationId: request.correlationId, traceparent: traceparentOf(request.headers) }),
  });

  app.post('/api/agent/runs/stream', {
    config: { permission: 'agent.run' },
    schema: { tags: ['agent'], summary: 'Run the agent and stream its events (text/event-stream)', body: AgentRunBody },
    handler: async (request, reply) => {
      const events = agent.runner.stream(request.identity, { ...request.body, correlationId: request.correlationId, traceparent: traceparentOf(request.headers) });
      const res = openEventStream(reply, { 'x-request-id': request.id, 'x-correlation-id': request.correlationId });
      // The run is consumed to its end even when the client leaves, so the audit always sees its outcome.
      for await (const event of events) writeEvent(res, event.type, event);
      res.end();
    },
  });

  app.post('/api/agent/runs/:runId/cancel', {
    config: { permission: 'agent.run' },
    schema: {
      tags: ['agent'],
      summary: 'Cancel a run of yours: a queued one is dropped, a paused one ends now, a running one stops at its next step',
      params: Type.Object({ runId: Type.String({ minLength: 1, maxLength: 128 }) }),
      response: { 200: CancelOutcomeView },
    },
    handler: async (request) => agent.cancels.cancel(request.identity, request.params.runId, request.correlationId),
  });

  app.get('/api/agent/reviews', {
    config: { permission: 'agent.review' },
    schema: {
      tags: ['agent'],
      summary: 'Reviews the caller may decide (status pending by default)',
      querystring: Type.Object(
        {
          status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('decided'), Type.Literal('expired')])),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          offset: Type.Optional(Type.Integer({ minimum: 0 })),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ items: Type.Array(ReviewView) }) },
    },
    handler: async (request) => {
      const { status = 'pending', limit = 50, offset = 0 } = request.query;
      return { items: (await agent.reviews.list(request.identity, { status, limit, offset })).map(reviewView) };
    },
  });

  app.post('/api/agent/reviews/:runId/decisions', {
    config: { permission: 'agent.review' },
    schema: {
      tags: ['agent'],
      summary: 'Decide every pending call of a paused run; the run resumes with the decisions',
      params: Type.Object({ runId: Type.String({ minLength: 1, maxLength: 128 }) }),
      body: DecisionsBody,
      response: { 200: AgentRunOutcomeSchema },
    },
    handler: async (request) => {
      if (request.body.decisions.length === 0) throw kernelErrors.review_incomplete();
      return agent.reviews.decide(request.identity, request.params.runId, request.body.decisions, request.correlationId);
    },
  });
}
