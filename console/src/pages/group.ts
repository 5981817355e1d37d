// A group: its members now, and its membership generations on a timeline (joined, left) with the
// deployment runs each generation caused (CONTEXTUALIZE and the members' own), live from the stack stream.
import { enc } from '../api';
import { errorBox, h, messageOf, replace, statusBadge, time } from '../dom';
import { stackOf } from '../graph';
import type { Resource } from '../graph';
import { consoleStackHref, listResources } from '../resources';
import { coalesce, liveIndicator, openStream } from '../stream';
import { loadStack } from './stack';

interface Member { serverId?: string; resourceName?: string; address?: string }
interface Generation {
  generation: number;
  time?: string;
  members: Member[];
  joined: string[];
  left: string[];
  reruns: Map<string, { deploymentId: string; resourceName: string; action: string; generation: number; status: string; time?: string }>;
  el?: HTMLLIElement;
}

export async function groupPage(root: HTMLElement, [name, groupName]: string[], signal: AbortSignal): Promise<void> {
  const stack = await loadStack(root, name, signal);
  if (!stack) return;
  const errors = h('div', { 'aria-live': 'polite' });
  const membersList = h('ul', { id: 'members', class: 'members' });
  const timeline = h('ol', { id: 'timeline', class: 'timeline', reversed: true });
  const live = h('span', { class: 'live', 'aria-live': 'polite' }, 'connecting…');
  const groupStatus = h('span');
  replace(root,
    h('p', { class: 'crumbs' }, h('a', { href: consoleStackHref(stack.stack_name) }, stack.stack_name), ' › group'),
    h('div', { class: 'page-head' }, h('h1', {}, `Group ${groupName}`), groupStatus, live), errors,
    h('div', { class: 'group-layout' },
      h('section', { class: 'card' }, h('h2', {}, 'Members'), membersList),
      h('section', { class: 'card' }, h('h2', {}, 'Generations'), h('p', { class: 'muted' }, 'Newest first: who joined and left, and the deployment runs it caused.'), timeline)));

  // Members: the resources of the group's nested stack
  let memberStacks = new Set<string>();
  const memberOf = new Map<string, string>(); // server id -> group member name
  const knownStacks = new Set<string>();
  const names = new Map<string, string>(); // server id -> member name
  const loadMembers = async () => {
    try {
      const all = await listResources(stack, signal);
      const group = all.find((r) => r.resource_name === groupName && stackOf(r).id === stack.id) ?? all.find((r) => r.resource_name === groupName);
      if (!group) {
        replace(errors, errorBox(`The Resource (${groupName}) could not be found in Stack ${stack.stack_name}.`));
        return;
      }
      replace(groupStatus, statusBadge(group.resource_status));
      for (const r of all) knownStacks.add(stackOf(r).id);
      const members = all.filter((r) => stackOf(r).id === group.physical_resource_id);
      memberStacks = new Set(members.map((m) => m.physical_resource_id ?? '').filter(Boolean));
      memberStacks.add(group.physical_resource_id ?? '');
      // A member's name by its server's id: the member itself, or the server in its nested stack.
      const byStack = new Map(members.map((m) => [m.physical_resource_id, m.resource_name]));
      for (const m of members) if (m.physical_resource_id) memberOf.set(m.physical_resource_id, m.resource_name);
      for (const r of all) {
        const owner = byStack.get(stackOf(r).id);
        if (owner && r.physical_resource_id && /Server$/.test(r.resource_type)) memberOf.set(r.physical_resource_id, owner);
      }
      const frag = document.createDocumentFragment();
      for (const m of members.sort((a, b) => a.resource_name.localeCompare(b.resource_name))) frag.append(memberItem(m));
      membersList.replaceChildren(frag);
      if (!members.length) membersList.append(h('li', { class: 'muted' }, 'No members.'));
    } catch (e) {
      if (!signal.aborted) replace(errors, errorBox(messageOf(e)));
    }
  };
  const memberItem = (m: Resource) => h('li', { 'data-member': m.resource_name, 'data-status': m.resource_status },
    h('strong', {}, m.resource_name), ' ', statusBadge(m.resource_status), ' ', h('span', { class: 'muted' }, m.resource_type));
  await loadMembers();
  const reloadMembers = coalesce(() => void loadMembers(), 400);

  const gens = new Map<number, Generation>();
  let latest: Generation | null = null;
  const label = (serverId: string) => {
    const member = memberOf.get(serverId);
    const address = names.get(serverId);
    return member ? (address ? `${member} (${address})` : member) : address ?? serverId;
  };
  const renderGen = (g: Generation) => {
    const li = h('li', { class: 'generation', 'data-generation': g.generation },
      h('h3', {}, `Generation ${g.generation}`, ' ', h('time', { datetime: g.time ?? '' }, time(g.time))),
      h('p', { class: 'muted' }, `${g.members.length} members`),
      h('div', { class: 'delta' },
        h('div', {}, h('span', { class: 'tag joined-tag' }, '+ joined'),
          h('ul', { class: 'joined' }, ...(g.joined.length ? g.joined.map((x) => h('li', { 'data-member': label(x) }, label(x))) : [h('li', { class: 'muted' }, 'none')]))),
        h('div', {}, h('span', { class: 'tag left-tag' }, '− left'),
          h('ul', { class: 'left' }, ...(g.left.length ? g.left.map((x) => h('li', { 'data-member': label(x) }, label(x))) : [h('li', { class: 'muted' }, 'none')])))),
      h('h4', {}, 'Reruns'),
      h('ul', { class: 'reruns' }, ...(g.reruns.size ? [...g.reruns.values()].map((r) =>
        h('li', { 'data-deployment-id': r.deploymentId, 'data-status': r.status, 'data-action': r.action },
          h('a', { href: `${consoleStackHref(stack.stack_name)}/deployments/${enc(r.deploymentId)}` }, r.resourceName || r.deploymentId),
          ` ${r.action} (run ${r.generation}) `, statusBadge(r.status))) : [h('li', { class: 'muted' }, 'none yet')])));
    if (g.el) g.el.replaceWith(li);
    else timeline.prepend(li);
    g.el = li;
  };
  const dirty = new Set<Generation>();
  type Rerun = Generation['reruns'] extends Map<string, infer R> ? R : never;
  const pending = new Map<string, { run: Rerun; stackId: string }>();
  replace(timeline);

  openStream({
    path: `/stacks/${enc(stack.stack_name)}/${enc(stack.id)}/stream`, replay: true, signal, retryNotFound: 30,
    onState: liveIndicator(live),
    onError: (e) => replace(errors, errorBox(e.message)),
    onEvents: (batch) => {
      for (const ev of batch) {
        const d = ev.data ?? {};
        if (ev.type === 'io.hearth.membership.changed.v1' && d.groupName === groupName) {
          for (const m of (d.members ?? []) as Member[]) if (m.serverId) names.set(m.serverId, m.address ?? m.resourceName ?? m.serverId);
          const g: Generation = gens.get(d.generation) ?? { generation: d.generation, members: [], joined: [], left: [], reruns: new Map() };
          Object.assign(g, { time: ev.time, members: d.members ?? [], joined: d.joined ?? [], left: d.left ?? [] });
          gens.set(g.generation, g);
          if (!latest || g.generation >= latest.generation) latest = g;
          // The members' own runs (a joining member's CREATE, a leaving one's DELETE) came before the generation they made.
          // (a member that joined after the members were loaded has a stack not known yet)
          for (const [k, p] of pending) if (memberStacks.has(p.stackId) || !knownStacks.has(p.stackId)) g.reruns.set(k, p.run);
          pending.clear();
          dirty.add(g);
          reloadMembers();
        } else if (ev.type === 'io.hearth.deployment.status-changed.v1') {
          const key = `${d.deploymentId}/${d.generation}`;
          const run = { deploymentId: d.deploymentId, resourceName: d.resourceName, action: d.action, generation: d.generation, status: d.status, time: ev.time };
          const owner = latest && latest.reruns.has(key) ? latest : [...gens.values()].find((g) => g.reruns.has(key));
          if (owner) {
            owner.reruns.set(key, run);
            dirty.add(owner);
          } else if (d.action === 'CONTEXTUALIZE' && latest) {
            latest.reruns.set(key, run);
            dirty.add(latest);
          } else if (d.action !== 'CONTEXTUALIZE') {
            pending.set(key, { run, stackId: d.stackId });
          }
        } else if (ev.type === 'io.hearth.stack.resource-status-changed.v1' && memberStacks.has(d.stackId)) {
          reloadMembers();
        }
      }
      for (const g of dirty) renderGen(g);
      dirty.clear();
    },
  });
}
