// Shared pieces of the stack's pages: its resources (nested ones too) and what kinds they are.
import { api, enc, Stack, stackPath } from './api';
import type { Resource } from './graph';

export async function listResources(st: Stack, signal?: AbortSignal): Promise<Resource[]> {
  return (await api<{ resources: Resource[] }>(`${stackPath(st)}/resources?nested_depth=5&with_detail=true`, { signal })).resources;
}

export const isDeployment = (type: string) => /^OS::Heat::(Software|Structured)Deployment$/.test(type);
export const isGroup = (type: string) =>
  /(ResourceGroup|AutoScalingGroup|SoftwareDeploymentGroup|StructuredDeploymentGroup|SoftwareDeployments|StructuredDeployments)$/.test(type);

/** The breakpoint hook a resource waits on, from its status reason (Heat: "... paused until Hook pre-create is cleared"). */
export function waitingHook(reason: string | undefined): string | null {
  const m = /paused until Hook ([a-z-]+) is cleared/.exec(reason ?? '');
  return m ? m[1] : null;
}

export const resourcePath = (stackName: string, stackId: string, name: string) =>
  `/stacks/${enc(stackName)}/${enc(stackId)}/resources/${enc(name)}`;

export const consoleStackHref = (name: string) => `/console/stacks/${enc(name)}`;
