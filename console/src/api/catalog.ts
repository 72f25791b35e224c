// Shared lookups several screens need: tool schemas (review forms) and task kinds (schedule forms); empty when the role cannot read them.
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/session.tsx';
import { api } from './client.ts';
import type { JsonSchema, TaskKind, ToolInfo } from './types.ts';

export function useToolSchemas(): Map<string, ToolInfo> {
  const { can } = useSession();
  const query = useQuery({
    queryKey: ['system', 'tools'],
    queryFn: () => api.get<{ items: ToolInfo[] }>('/api/system/tools'),
    enabled: can('system.read'),
    staleTime: 60_000,
  });
  return new Map((query.data?.items ?? []).map((tool) => [tool.name, tool]));
}

export function useTaskKinds() {
  const { can } = useSession();
  return useQuery({
    queryKey: ['system', 'task-kinds'],
    queryFn: async () => (await api.get<{ items: TaskKind[] }>('/api/system/task-kinds')).items,
    enabled: can('system.read'),
    staleTime: 60_000,
  });
}

export type { JsonSchema };
