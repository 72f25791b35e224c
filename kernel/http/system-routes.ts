// Health, readiness, the caller's own identity and permissions, and the plugin status page.
import { Type } from 'typebox';
import type { DocumentStore } from '../../shared/store/port.ts';
import type { PluginHost } from '../plugins/plugin-host.ts';
import type { ProfileSource } from '../profile/profile-source.ts';
import { PluginStatusView } from '../plugins/plugin-status.ts';
import { KERNEL_PERMISSIONS } from '../identity/kernel-permissions.ts';
import { unknownRolePermissions } from '../identity/permission-check.ts';
import type { HttpApp } from './create-http-app.ts';

const CallerView = Type.Object({
  userId: Type.String(),
  role: Type.String(),
  via: Type.Union([Type.Literal('user'), Type.Literal('service')]),
  description: Type.Union([Type.String(), Type.Null()]),
  permissions: Type.Array(Type.String()),
  tools: Type.Array(Type.String()),
  reviews: Type.Array(Type.String()),
  reviewRequired: Type.Array(Type.String()),
});

/** What GET /api/system/profile reports beside the profile's status: its role entries that grant nothing declared. */
export function unknownProfilePermissions(profile: ProfileSource, host: PluginHost) {
  return unknownRolePermissions(profile.current().roles, [...KERNEL_PERMISSIONS.map((p) => p.name), ...host.declaredPermissions()]);
}

export function registerSystemRoutes(app: HttpApp, deps: { host: PluginHost; store: DocumentStore; profile: ProfileSource }): void {
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/ready', { config: { public: true }, schema: { hide: true } }, async (_request, reply): Promise<unknown> => {
    try {
      await deps.store.collection('kernel_api_tokens').countDocuments({}, { limit: 1 });
      return { status: 'ready', store: deps.store.backend };
    } catch {
      return reply.status(503).send({ error: { code: 'service_unavailable', message: 'The store does not answer.' } });
    }
  });

  app.get('/api/system/me', {
    config: { anyRole: true },
    schema: {
      tags: ['system'],
      summary: "Who the token belongs to: user, role and the role's permission, tool and review patterns (exact, `*`, or prefix*)",
      response: { 200: CallerView },
    },
    handler: async (request) => {
      const { userId, role, via } = request.identity;
      const spec = deps.profile.current().roles[role];
      return {
        userId, role, via,
        description: spec?.description ?? null,
        permissions: spec?.permissions ?? [],
        tools: spec?.tools ?? [],
        reviews: spec?.reviews ?? [],
        reviewRequired: spec?.reviewRequired ?? [],
      };
    },
  });

  app.get('/api/system/plugins', {
    config: { permission: 'system.read' },
    schema: {
      tags: ['system'],
      summary: 'Plugins known to this API process, loaded or failed, with the reason',
      response: { 200: Type.Object({ plugins: Type.Array(PluginStatusView) }) },
    },
    handler: async () => ({ plugins: deps.host.status() }),
  });

  app.get('/api/system/profile', {
    config: { permission: 'system.read' },
    schema: {
      tags: ['system'],
      summary: 'The runtime profile version in force, the last rejected edit, and role permissions that no plugin or the kernel declares',
      response: {
        200: Type.Object({
          path: Type.String(),
          version: Type.Union([Type.String(), Type.Number()]),
          loadedAt: Type.String(),
          lastError: Type.Union([Type.Object({ message: Type.String(), at: Type.String() }), Type.Null()]),
          unknownPermissions: Type.Array(Type.Object({ role: Type.String(), permission: Type.String() })),
        }),
      },
    },
    handler: async () => ({ ...deps.profile.status(), unknownPermissions: unknownProfilePermissions(deps.profile, deps.host) }),
  });
}
