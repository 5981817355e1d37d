// A group: its members now, and its membership generations on a timeline (joined, left) with the
// deployment runs each generation caused (CONTEXTUALIZE and the members' own), live from the stack stream.
import { enc } from '../api';
import { errorBox, h, messageOf, replace, statusBadge, time } from '../dom';
import { stackOf } from '../graph';
import type { Resource } from '../graph';
import { consoleStackHref, listResources } from '../resources';
import { coalesce, openStream } from '../stream';
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
      const members = all.filter((r) => stackOf(r).id === group.physical_resource_id);
      memberStacks = new Set(members.map((m) => m.physical_resource_id ?? '').filter(Boolean));
      memberStacks.add(group.physical_resource_id ?? '');
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
  const label = (serverId: string) => names.get(serverId) ?? serverId;
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
  replace(timeline);

  openStream({
    path: `/stacks/${enc(stack.stack_name)}/${enc(stack.id)}/stream`, replay: true, signal, retryNotFound: 30,
    onState: (st) => { live.textContent = st === 'open' ? '● live' : 'reconnecting…'; },
    onError: (e) => replace(errors, errorBox(e.message)),
    onEvents: (batch) => {
      for (const ev of batch) {
        const d = ev.data ?? {};
        if (ev.type === 'io.hearth.membership.changed.v1' && d.groupName === groupName) {
          for (const m of (d.members ?? []) as Member[]) if (m.serverId && m.resourceName) names.set(m.serverId, m.resourceName);
          const g: Generation = gens.get(d.generation) ?? { generation: d.generation, members: [], joined: [], left: [], reruns: new Map() };
          Object.assign(g, { time: ev.time, members: d.members ?? [], joined: d.joined ?? [], left: d.left ?? [] });
          gens.set(g.generation, g);
          if (!latest || g.generation >= latest.generation) latest = g;
          dirty.add(g);
          reloadMembers();
        } else if (ev.type === 'io.hearth.deployment.status-changed.v1' && latest) {
          if (d.action !== 'CONTEXTUALIZE' && !memberStacks.has(d.stackId)) continue;
          const key = `${d.deploymentId}/${d.generation}`;
          latest.reruns.set(key, { deploymentId: d.deploymentId, resourceName: d.resourceName, action: d.action, generation: d.generation, status: d.status, time: ev.time });
          dirty.add(latest);
        } else if (ev.type === 'io.hearth.stack.resource-status-changed.v1' && memberStacks.has(d.stackId)) {
          reloadMembers();
        }
      }
      for (const g of dirty) renderGen(g);
      dirty.clear();
    },
  });
}
