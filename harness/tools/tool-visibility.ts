// Computes the tools a run may see: role-authorized ∩ the active skill's allowed-tools, plus native tools; none on a tool-less route.
import type { RunIdentity } from '../../shared/contracts/run-request.ts';
import type { RunPolicy } from './run-policy.ts';
import type { ToolCatalog } from './tool-registry.ts';
import type { ToolDefinition } from './tool-source.ts';

export type HiddenReason = 'not_authorized_for_role' | 'not_in_skill' | 'shadowed' | 'route_without_tools';

export interface HiddenTool {
  name: string;
  reason: HiddenReason;
}

export interface ToolVisibility {
  visible: ToolDefinition[];
  hidden: HiddenTool[];
}

export function computeToolVisibility(
  catalog: ToolCatalog,
  policy: RunPolicy,
  identity: RunIdentity,
  skill: string | undefined,
  route?: string,
): ToolVisibility {
  const visible: ToolDefinition[] = [];
  const hidden: HiddenTool[] = catalog.shadowed.map((entry) => ({ name: entry.name, reason: 'shadowed' as const }));
  const toolless = route !== undefined && policy.routeUsesTools?.(route) === false;
  for (const [name, tool] of catalog.byName) {
    if (toolless) {
      hidden.push({ name, reason: 'route_without_tools' });
    } else if (!tool.source) {
      visible.push(tool.definition);
    } else if (!policy.roleAllowsTool(identity.role, name)) {
      hidden.push({ name, reason: 'not_authorized_for_role' });
    } else if (!policy.skillAllowsTool(skill, name)) {
      hidden.push({ name, reason: 'not_in_skill' });
    } else {
      visible.push(tool.definition);
    }
  }
  return { visible, hidden };
}
