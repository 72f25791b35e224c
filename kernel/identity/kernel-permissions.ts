// The permissions the kernel's own routes and checks use; with the plugins' declared ones, all a role matrix may grant.
import type { PermissionSpec } from '../plugins/define-plugin.ts';

export const KERNEL_PERMISSIONS: readonly PermissionSpec[] = [
  { name: 'system.read', description: 'See the plugins, the tool catalog and the profile status.' },
  { name: 'agent.run', description: 'Run the agent, over REST or on behalf of a plugin (conversations, goal tasks).' },
  { name: 'agent.review', description: 'Decide reviews of tool calls waiting for a person.' },
  { name: 'audit.read.own', description: 'Read the audit records of your own runs.' },
  { name: 'audit.read', description: "Read everyone's audit records." },
];
