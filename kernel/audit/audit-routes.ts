// REST read routes over the agent audit trail; app-only, never offered as MCP tools.
import { Type } from 'typebox';
import type { HttpApp } from '../http/create-http-app.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { AccessPolicy } from '../identity/identity.ts';
import type { AuditRepository } from './audit-repository.ts';
import { AuditModelStepView, AuditReviewDecisionView, AuditRunQuery, AuditRunView, AuditToolCallView } from './audit-schemas.ts';

/** `audit.read` sees every run; `audit.read.own` only the caller's. */
export function registerAuditRoutes(app: HttpApp, audit: AuditRepository, access: AccessPolicy): void {
  const seesAll = (role: string) => access.hasPermission(role, 'audit.read');

  app.get('/api/audit/runs', {
    config: { permission: 'audit.read.own' },
    schema: {
      tags: ['audit'],
      summary: 'Agent runs, newest first, filtered and paged',
      querystring: AuditRunQuery,
      response: { 200: Type.Object({ total: Type.Integer(), items: Type.Array(AuditRunView) }) },
    },
    handler: async (request) => {
      const { identity } = request;
      return audit.listRuns({ ...request.query, onlyUserId: seesAll(identity.role) ? undefined : identity.userId });
    },
  });

  app.get('/api/audit/runs/:id', {
    config: { permission: 'audit.read.own' },
    schema: {
      tags: ['audit'],
      summary: 'One run with its model steps, tool calls and review decisions',
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: {
        200: Type.Object({
          run: AuditRunView,
          modelSteps: Type.Array(AuditModelStepView),
          toolCalls: Type.Array(AuditToolCallView),
          reviewDecisions: Type.Array(AuditReviewDecisionView),
        }),
      },
    },
    handler: async (request) => {
      const found = await audit.getRun(request.params.id);
      if (!found || (!seesAll(request.identity.role) && found.run.userId !== request.identity.userId)) {
        throw kernelErrors.not_found({ runId: request.params.id }, 'No such run.');
      }
      return found;
    },
  });
}
