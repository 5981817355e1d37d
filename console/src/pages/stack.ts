// A stack: its live graph, the selected resource, tabs (events, outputs, parameters, environment, alarms,
// data bag) and its actions.
import { stringify } from 'yaml';
import { api, ApiError, enc, getStack, Stack, stackPath } from '../api';
import { confirmDialog } from '../dialog';
import { errorBox, h, messageOf, replace, statusBadge, time, updateBadge } from '../dom';
import { EventList, EventRow } from '../events';
import { GNode, GraphView, keyOf, Resource, stackOf } from '../graph';
import { consoleStackHref, isDeployment, isGroup, listResources, resourcePath, waitingHook } from '../resources';
import { CloudEvent, coalesce, liveIndicator, openStream } from '../stream';

export function notFound(root: HTMLElement, name: string, e: ApiError): void {
  replace(root, h('h1', {}, name), h('p', { id: 'not-found', class: 'not-found' }, `Stack ${name} not found. `, h('span', { class: 'muted' }, e.message)),
    h('p', {}, h('a', { href: '/console/' }, 'Back to the stacks')));
}

/** Loads a stack for a page, or shows "not found" (another tenant's stack is the API's 404 too). */
export async function loadStack(root: HTMLElement, name: string, signal: AbortSignal): Promise<Stack | null> {
  replace(root, h('p', { class: 'muted' }, 'Loading…'));
  try {
    return await getStack(name, signal);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) notFound(root, name, e);
    else if (!signal.aborted) replace(root, errorBox(messageOf(e)));
    return null;
  }
}

const fmt = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));

export async function stackPage(root: HTMLElement, [name]: string[], signal: AbortSignal): Promise<void> {
  let stack = await loadStack(root, name, signal);
  if (!stack) return;
  const base = stackPath(stack);
  const errors = h('div', { class: 'errors', 'aria-live': 'polite' });
  const notice = h('div');
  const showError = (e: unknown) => {
    if (!signal.aborted) replace(errors, errorBox(messageOf(e)));
  };
  const status = statusBadge(stack.stack_status, 'stack-status');
  const reason = h('span', { class: 'reason' }, stack.stack_status_reason ?? '');
  const live = h('span', { class: 'live', 'aria-live': 'polite' }, 'connecting…');

  // Toolbar
  const action = (id: string, label: string, run: () => Promise<unknown>, confirm?: string) =>
    h('button', {
      id, type: 'button', class: confirm ? 'danger' : '', onclick: async () => {
        if (confirm && !(await confirmDialog(`${label} ${stack!.stack_name}?`, confirm, label))) return;
        replace(errors);
        try {
          await run();
        } catch (e) {
          showError(e);
        }
      },
    }, label);
  const post = (body: unknown) => () => api(`${base}/actions`, { method: 'POST', body, signal });
  const toolbar = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Stack actions' },
    h('a', { id: 'action-update', class: 'button', href: `${consoleStackHref(stack.stack_name)}/update` }, 'Update'),
    action('action-suspend', 'Suspend', post({ suspend: null }), 'Suspending stops its servers until it is resumed.'),
    action('action-resume', 'Resume', post({ resume: null })),
    action('action-check', 'Check', post({ check: null })),
    action('action-cancel', 'Cancel update', post({ cancel_update: null }), 'The running update is cancelled and rolled back.'),
    action('action-delete', 'Delete', () => api(base, { method: 'DELETE', signal }), 'Every resource of the stack is deleted. This cannot be undone.'));

  // Graph
  const panel = h('section', { id: 'resource-panel', class: 'card', hidden: true, 'aria-label': 'Selected resource', tabindex: -1 });
  let selected: GNode | null = null;
  const graph = new GraphView((n) => {
    selected = n;
    void showResource(n);
  });
  const graphTools = h('div', { class: 'graph-tools', role: 'toolbar', 'aria-label': 'Graph view' },
    h('button', { type: 'button', id: 'graph-zoom-in', 'aria-label': 'Zoom in', onclick: () => graph.zoom(1.25) }, '+'),
    h('button', { type: 'button', id: 'graph-zoom-out', 'aria-label': 'Zoom out', onclick: () => graph.zoom(0.8) }, '−'),
    h('button', { type: 'button', id: 'graph-fit', onclick: () => graph.fit() }, 'Fit'),
    h('span', { class: 'muted legend' }, '✔ complete · ⟳ in progress · ✖ failed · ‖ suspended · ● other'));

  // Tabs
  const events = new EventList(500);
  const outputs = h('div');
  const parameters = h('div');
  const environment = h('div');
  const alarms = h('div');
  const databag = h('div');
  const tabs: [string, string, HTMLElement, (() => void) | null][] = [
    ['events', 'Events', events.el, null],
    ['outputs', 'Outputs', outputs, null],
    ['parameters', 'Parameters', parameters, null],
    ['environment', 'Environment', environment, () => void loadEnvironment()],
    ['alarms', 'Alarms', alarms, null],
    ['databag', 'Data bag', databag, () => void loadDataBag()],
  ];
  const tabButtons: HTMLButtonElement[] = [];
  const tabPanels: HTMLElement[] = [];
  const selectTab = (i: number, focus = false) => {
    tabButtons.forEach((b, j) => {
      b.setAttribute('aria-selected', String(i === j));
      b.tabIndex = i === j ? 0 : -1;
      tabPanels[j].hidden = i !== j;
    });
    if (focus) tabButtons[i].focus();
    tabs[i][3]?.();
  };
  for (const [key, label, content] of tabs) {
    const i = tabButtons.length;
    tabButtons.push(h('button', {
      id: `tab-${key}`, type: 'button', role: 'tab', 'aria-controls': `panel-${key}`, 'aria-selected': 'false',
      onclick: () => selectTab(i),
      onkeydown: ((e: KeyboardEvent) => {
        const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (d) {
          e.preventDefault();
          selectTab((i + d + tabs.length) % tabs.length, true);
        }
      }) as EventListener,
    }, label));
    tabPanels.push(h('div', { id: `panel-${key}`, role: 'tabpanel', 'aria-labelledby': `tab-${key}`, class: 'tabpanel', tabindex: 0, hidden: true }, content));
  }

  replace(root,
    h('div', { class: 'page-head' }, h('h1', {}, stack.stack_name), status, live),
    h('p', { class: 'muted' }, reason),
    toolbar, notice, errors,
    h('div', { class: 'stack-layout' },
      h('section', { class: 'graph-pane', 'aria-label': 'Resources' }, graphTools, graph.svg),
      h('aside', { class: 'side' }, panel,
        h('div', { class: 'tabs card' }, h('div', { role: 'tablist', 'aria-label': 'Stack details' }, ...tabButtons), ...tabPanels))));
  selectTab(0);

  // Outputs and parameters from stack show
  // The outputs' values as the stream last gave them (a status or outputs change carries them all, with the stack's
  // version): newer than what stack show may still answer. Show gives the descriptions and errors.
  let streamOutputs: Record<string, unknown> | undefined;
  let streamVersion = -1;
  const takeOutputs = (d: { outputs?: Record<string, unknown>; version?: number }) => {
    if (!d.outputs || typeof d.outputs !== 'object' || (d.version ?? 0) < streamVersion) return;
    streamOutputs = d.outputs;
    streamVersion = d.version ?? streamVersion;
  };
  const renderStack = () => {
    const st = stack!;
    updateBadge(status, st.stack_status);
    reason.textContent = st.stack_status_reason ?? '';
    const shown = (st.outputs ?? []).map((o) => (streamOutputs && o.output_key in streamOutputs && !o.output_error
      ? { ...o, output_value: streamOutputs[o.output_key] } : o));
    const extra = Object.entries(streamOutputs ?? {}).filter(([k]) => !shown.some((o) => o.output_key === k))
      .map(([k, v]) => ({ output_key: k, output_value: v, description: undefined, output_error: undefined }));
    const outs = [...shown, ...extra];
    replace(outputs, outs.length ? h('dl', { class: 'outputs' }, ...outs.map((o) => h('div', { 'data-output': o.output_key },
      h('dt', {}, o.output_key, o.description ? h('small', { class: 'muted' }, ` ${o.description}`) : null),
      h('dd', {}, o.output_error ? errorBox(o.output_error) : h('pre', {}, fmt(o.output_value)))))) : h('p', { class: 'muted' }, 'No outputs.'));
    const ps = Object.entries(st.parameters ?? {});
    replace(parameters, h('table', { class: 'list' }, h('tbody', {}, ...ps.map(([k, v]) =>
      h('tr', { 'data-parameter': k }, h('th', { scope: 'row' }, k), h('td', {}, h('code', {}, v)))))));
  };
  renderStack();
  // The stream says the status first; stack show (outputs, parameters) comes from template-service's read model,
  // which can trail it for a moment. A read whose status is not the stream's latest is stale: the page keeps the
  // stream's status and reads again, a few times, until the read model caught up.
  let streamStatus: string | undefined;
  let staleReads = 0;
  const refreshStack: () => void = coalesce(async () => {
    try {
      const read = await getStack(stack!.stack_name, signal);
      if (streamStatus && read.stack_status !== streamStatus) {
        if (++staleReads <= 40) setTimeout(refreshStack, Math.min(250 * staleReads, 2000));
        return;
      }
      staleReads = 0;
      stack = read;
      renderStack();
    } catch (e) {
      // a stack being deleted is gone from the API before its last event
      if (!stack!.stack_status.startsWith('DELETE')) showError(e);
    }
  }, 500);

  const loadEnvironment = async () => {
    try {
      const env = await api(`${base}/environment`, { signal });
      replace(environment, h('pre', { class: 'code' }, stringify(env)));
    } catch (e) {
      replace(environment, errorBox(messageOf(e)));
    }
  };

  // Data bag: its facts, an edit checked against the version read, and its versions
  const loadDataBag = async () => {
    try {
      const bag = (await api<{ data_bag: { facts: Record<string, unknown>; version: number; updated_time?: string } }>(`${base}/data_bag`, { signal })).data_bag;
      const edit = h('textarea', { id: 'databag-facts', rows: 6, spellcheck: false, 'aria-describedby': 'databag-help' }, '{\n  \n}');
      const msg = h('div', { 'aria-live': 'polite' });
      const save = h('button', {
        id: 'databag-save', type: 'button', onclick: async () => {
          replace(msg);
          try {
            const facts = JSON.parse(edit.value);
            await api(`${base}/data_bag`, { method: 'PUT', body: { version: bag.version, facts }, signal });
            await loadDataBag();
          } catch (e) {
            replace(msg, errorBox(messageOf(e)));
          }
        },
      }, 'Save facts');
      const versions = h('div', {}, h('p', { class: 'muted' }, 'Loading versions…'));
      replace(databag,
        h('p', {}, 'Version ', h('strong', { id: 'databag-version', 'data-version': bag.version }, String(bag.version)),
          bag.updated_time ? ` · ${time(bag.updated_time)}` : ''),
        h('dl', { class: 'outputs', id: 'databag-facts-list' }, ...Object.entries(bag.facts).map(([k, v]) => h('div', { 'data-fact': k }, h('dt', {}, k), h('dd', {}, h('pre', {}, fmt(v)))))),
        h('label', { for: 'databag-facts' }, 'Change facts (JSON map; null removes a fact)'),
        h('small', { id: 'databag-help', class: 'muted' }, `Saved against version ${bag.version}: a bag that moved on is refused.`),
        edit, save, msg, h('h3', {}, 'Versions'), versions);
      try {
        const vs = (await api<{ versions: { version: number; facts: Record<string, unknown>; updated_time?: string }[] }>(`${base}/data_bag/versions`, { signal })).versions;
        replace(versions, h('ol', { class: 'versions' }, ...vs.map((v, i) => {
          const prev = vs[i + 1]?.facts ?? {};
          const set = Object.keys(v.facts).filter((k) => JSON.stringify(v.facts[k]) !== JSON.stringify(prev[k]));
          const removed = Object.keys(prev).filter((k) => !(k in v.facts));
          return h('li', { 'data-version': v.version }, h('strong', {}, `v${v.version}`), ` ${time(v.updated_time)} `,
            set.length ? h('span', { class: 'set' }, `set ${set.join(', ')}`) : null, ' ',
            removed.length ? h('span', { class: 'removed' }, `removed ${removed.join(', ')}`) : null);
        })));
      } catch (e) {
        replace(versions, h('p', { class: 'muted' }, `Versions not available: ${messageOf(e)}`));
      }
    } catch (e) {
      replace(databag, errorBox(messageOf(e)));
    }
  };

  // The selected resource
  const showResource = async (n: GNode) => {
    const r = n.res;
    panel.hidden = false;
    const details = h('div', {}, h('p', { class: 'muted' }, 'Loading attributes…'));
    const msg = h('div', { 'aria-live': 'polite' });
    const hook = waitingHook(r.resource_status_reason);
    const dep = isDeployment(r.resource_type) && r.physical_resource_id;
    const group = isGroup(r.resource_type);
    const adhocName = h('input', { id: 'adhoc-action-name', type: 'text', placeholder: 'BACKUP', pattern: '[A-Z][A-Z0-9_-]{0,63}', 'aria-label': 'Action name' });
    const runAdhoc = async () => {
      replace(msg);
      const act = adhocName.value.trim();
      try {
        if (dep) await api(`/software_deployments/${enc(r.physical_resource_id!)}/actions`, { method: 'POST', body: { action: act }, signal });
        else await api(`${resourcePath(n.stackName, n.stackId, r.resource_name)}/actions`, { method: 'POST', body: { action: act }, signal });
        replace(msg, h('p', { class: 'ok', role: 'status' }, `${act} started.`));
      } catch (e) {
        replace(msg, errorBox(messageOf(e)));
      }
    };
    replace(panel,
      h('div', { class: 'panel-head' }, h('h2', {}, r.resource_name),
        h('button', { type: 'button', class: 'close', 'aria-label': 'Close resource panel', onclick: () => { panel.hidden = true; graph.select(null); graph.focusNode(n.key); } }, '×')),
      statusBadge(r.resource_status),
      h('dl', { class: 'kv' },
        h('dt', {}, 'Type'), h('dd', {}, r.resource_type),
        h('dt', {}, 'Status reason'), h('dd', { class: 'reason' }, r.resource_status_reason ?? ''),
        h('dt', {}, 'Physical id'), h('dd', {}, h('code', {}, r.physical_resource_id || '—')),
        h('dt', {}, 'Stack'), h('dd', {}, n.stackName),
        h('dt', {}, 'Required by'), h('dd', {}, (r.required_by ?? []).join(', ') || '—'),
        h('dt', {}, 'Updated'), h('dd', {}, time(r.updated_time ?? r.creation_time))),
      h('div', { class: 'buttons' },
        dep ? h('a', { id: 'open-deployment', class: 'button', href: `${consoleStackHref(stack!.stack_name)}/deployments/${enc(r.physical_resource_id!)}` }, 'Open deployment') : null,
        group ? h('a', { id: 'open-group', class: 'button', href: `${consoleStackHref(stack!.stack_name)}/groups/${enc(r.resource_name)}` }, 'Open group') : null,
        hook ? h('button', {
          id: 'clear-breakpoint', type: 'button', onclick: async () => {
            replace(msg);
            try {
              await api(`${resourcePath(n.stackName, n.stackId, r.resource_name)}/signal`, { method: 'POST', body: { unset_hook: hook }, signal });
              replace(msg, h('p', { class: 'ok', role: 'status' }, `Breakpoint ${hook} cleared.`));
            } catch (e) {
              replace(msg, errorBox(messageOf(e)));
            }
          },
        }, `Clear breakpoint (${hook})`) : null),
      dep || group ? h('form', {
        class: 'adhoc', onsubmit: (e: Event) => { e.preventDefault(); void runAdhoc(); },
      }, h('label', { for: 'adhoc-action-name' }, 'Run an action'), adhocName, h('button', { id: 'adhoc-action-run', type: 'submit' }, 'Run')) : null,
      msg, details);
    try {
      const full = (await api<{ resource?: Resource }>(resourcePath(n.stackName, n.stackId, r.resource_name), { signal }))?.resource;
      if (selected !== n) return;
      const attrs = Object.entries(full?.attributes ?? {});
      const metadata = await api<{ metadata?: Record<string, unknown> }>(`${resourcePath(n.stackName, n.stackId, r.resource_name)}/metadata`, { signal })
        .then((m) => m?.metadata ?? {}, () => ({}));
      if (selected !== n) return;
      replace(details, h('h3', {}, 'Attributes'), attrs.length
        ? h('dl', { class: 'kv' }, ...attrs.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, h('pre', {}, fmt(v)))]))
        : h('p', { class: 'muted' }, 'None.'),
        Object.keys(metadata).length ? h('details', {}, h('summary', {}, 'Metadata'), h('pre', { class: 'code' }, stringify(metadata))) : null);
    } catch (e) {
      replace(details, stack!.stack_status.startsWith('DELETE') ? h('p', { class: 'muted' }, 'The stack is being deleted.') : errorBox(messageOf(e)));
    }
  };

  // Resources: drawn once, then relaid out when the stream names one not known yet
  let stackNames = new Map<string, string>();
  // Each resource's latest status as the stream gave it. The resource list comes from template-service's read model,
  // which can trail the stream: a list read never takes a node back to an older status than the stream showed.
  // A replacement's old resource has the same name and another physical id: its events do not count here.
  const streamResources = new Map<string, { status: string; reason?: string; physicalId?: string }>();
  const loadResources = async () => {
    const list = await listResources(stack!, signal);
    for (const r of list) {
      const seen = streamResources.get(keyOf(stackOf(r).id, r.resource_name));
      const same = seen && (!seen.physicalId || !r.physical_resource_id || seen.physicalId === r.physical_resource_id);
      if (seen && same && seen.status !== 'DELETE_COMPLETE' && seen.status !== r.resource_status) {
        r.resource_status = seen.status;
        r.resource_status_reason = seen.reason;
      }
    }
    graph.setResources(list);
    stackNames = new Map([...graph.nodes.values()].map((n) => [n.stackId, n.stackName]));
    if (selected) {
      const again = graph.nodes.get(selected.key);
      if (again) {
        selected = again;
        graph.select(again.key);
      }
    }
  };
  const refreshPanel = coalesce(() => {
    if (!selected || panel.hidden) return;
    const focusedId = panel.contains(document.activeElement) ? document.activeElement?.id : null;
    const typed = (panel.querySelector('#adhoc-action-name') as HTMLInputElement | null)?.value;
    void showResource(selected).then(() => {
      const input = panel.querySelector('#adhoc-action-name') as HTMLInputElement | null;
      if (input && typed) input.value = typed;
      if (focusedId) (document.getElementById(focusedId) as HTMLElement | null)?.focus();
    });
  }, 300);
  const refetch = coalesce(() => void loadResources().catch((e) => {
    if (!stack!.stack_status.startsWith('DELETE')) showError(e);
  }), 400);
  try {
    const t0 = performance.now();
    await loadResources();
    performance.mark('hearth:graph-rendered', { detail: { ms: performance.now() - t0, nodes: graph.nodes.size } });
  } catch (e) {
    showError(e);
  }

  // Alarms: each alarm's state changes, from the stream (its replay first)
  const alarmSections = new Map<string, { state: HTMLElement; list: HTMLOListElement }>();
  const alarmChange = (ev: CloudEvent) => {
    const d = ev.data;
    const name = d.alarmName ?? d.alarmId;
    let sec = alarmSections.get(name);
    if (!sec) {
      if (!alarmSections.size) replace(alarms);
      sec = { state: h('span'), list: h('ol', { class: 'alarm-changes', reversed: true }) };
      alarmSections.set(name, sec);
      alarms.append(h('section', { class: 'alarm', 'data-alarm': name }, h('h3', {}, name, ' ', sec.state), sec.list));
    }
    if (d.state) replace(sec.state, statusBadge(String(d.state).toUpperCase()));
    sec.list.prepend(h('li', { 'data-state': d.state ?? ev.type },
      h('time', {}, time(d.changedAt ?? ev.time)), ' ',
      ev.type.includes('alarm-state-changed') ? `${d.previous ?? '?'} → ${d.state}` : ev.type.replace(/^io\.hearth\.metric\.|\.v1$/g, ''),
      d.reason ? h('span', { class: 'reason' }, ` ${d.reason}`) : null));
  };
  replace(alarms, h('p', { class: 'muted' }, 'No alarm changes in the journal.'));

  const refreshDataBag = coalesce(() => {
    if (!tabPanels[5].hidden) void loadDataBag();
  }, 500);

  openStream({
    path: `${base}/stream`, replay: true, signal, retryNotFound: 30,
    onState: liveIndicator(live),
    onError: showError,
    onEvents: (batch) => {
      const rows: EventRow[] = [];
      let selectedChanged = false;
      for (const ev of batch) {
        const d = ev.data ?? {};
        switch (ev.type) {
          case 'io.hearth.stack.resource-status-changed.v1': {
            const st = `${d.action}_${d.status}`;
            streamResources.set(keyOf(d.stackId, d.resourceName),
              { status: st, reason: d.statusReason, physicalId: d.physicalResourceId });
            const known = graph.update(d.stackId, d.resourceName, st, d.statusReason, d.physicalResourceId);
            // Unknown: a scale-out or a new nested stack. DELETE_COMPLETE: gone, or the old half of a replacement.
            if (known ? st === 'DELETE_COMPLETE' : st !== 'DELETE_COMPLETE') refetch();
            if (selected && selected.stackId === d.stackId && selected.res.resource_name === d.resourceName) selectedChanged = true;
            rows.push({ time: ev.time, resource: d.resourceName, status: st, reason: d.statusReason, stack: d.stackId === stack!.id ? undefined : stackNames.get(d.stackId) });
            break;
          }
          case 'io.hearth.stack.status-changed.v1': {
            const st = `${d.action}_${d.status}`;
            if (d.stackId === stack!.id) {
              takeOutputs(d);
              streamStatus = st;
              staleReads = 0;
              stack = { ...stack!, stack_status: st, stack_status_reason: d.statusReason };
              renderStack();
              if (st === 'DELETE_COMPLETE') replace(notice, h('p', { role: 'status', class: 'notice' }, `Stack ${stack!.stack_name} was deleted. `, h('a', { href: '/console/' }, 'Back to the stacks')));
              else refreshStack();
              // The end of an action: resources it deleted (an update's removed or replaced ones) leave the graph.
              if (d.status !== 'IN_PROGRESS') refetch();
            }
            rows.push({ time: ev.time, resource: d.stackName ?? stackNames.get(d.stackId) ?? d.stackId, status: st, reason: d.statusReason, stack: 'stack' });
            break;
          }
          case 'io.hearth.stack.outputs-changed.v1':
            if (d.stackId === stack!.id) {
              takeOutputs(d);
              renderStack();
              refreshStack();
            }
            break;
          case 'io.hearth.stack.nested-created.v1':
          case 'io.hearth.stack.nested-updated.v1':
          case 'io.hearth.membership.changed.v1':
            refetch();
            break;
          case 'io.hearth.metric.alarm-state-changed.v1':
          case 'io.hearth.metric.alarm-defined.v1':
          case 'io.hearth.metric.alarm-deleted.v1':
            alarmChange(ev);
            break;
          case 'io.hearth.signal.data-bag-changed.v1':
            refreshDataBag();
            break;
        }
      }
      events.add(rows);
      if (selectedChanged) refreshPanel();
    },
  });
}
