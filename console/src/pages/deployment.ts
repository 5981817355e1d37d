// A deployment: its runs (lifecycle ones from the stack stream's replay, ad-hoc ones from .../runs), each
// run's stdout, stderr, outputs and progress; an ad-hoc action and cancel.
import { api, enc } from '../api';
import { errorBox, h, messageOf, replace, statusBadge, time, updateBadge } from '../dom';
import { consoleStackHref } from '../resources';
import { coalesce, liveIndicator, openStream } from '../stream';
import { loadStack } from './stack';

interface Deployment {
  id: string;
  action: string;
  status: string;
  status_reason?: string;
  output_values?: Record<string, unknown> | null;
  generation?: number;
  progress?: number | null;
  server_id?: string;
  config_id?: string;
  creation_time?: string;
  updated_time?: string | null;
}

interface Run {
  generation: number;
  action: string;
  status: string;
  reason?: string;
  outputs?: Record<string, unknown> | null;
  time?: string;
  progress: { time?: string; message?: string; progress?: number }[];
}

interface ApiRun {
  generation: number;
  action: string;
  status: string;
  status_reason?: string;
  progress?: number | null;
  output_values?: Record<string, unknown> | null;
  requested_time?: string;
  updated_time?: string | null;
}

export async function deploymentPage(root: HTMLElement, [name, id]: string[], signal: AbortSignal): Promise<void> {
  const stack = await loadStack(root, name, signal);
  if (!stack) return;
  let dep: Deployment;
  try {
    dep = (await api<{ software_deployment: Deployment }>(`/software_deployments/${enc(id)}`, { signal })).software_deployment;
  } catch (e) {
    replace(root, h('h1', {}, `Deployment ${id}`), h('p', { id: 'not-found' }, 'Deployment not found. '), errorBox(messageOf(e)));
    return;
  }
  const runs = new Map<number, Run>();
  const runOf = (generation: number, action: string) => {
    let r = runs.get(generation);
    if (!r) {
      r = { generation, action, status: 'IN_PROGRESS', progress: [] };
      runs.set(generation, r);
    }
    return r;
  };
  const current = runOf(dep.generation ?? 1, dep.action);
  Object.assign(current, { status: dep.status, reason: dep.status_reason, outputs: dep.output_values, time: dep.updated_time ?? dep.creation_time });
  try {
    const list = (await api<{ runs: ApiRun[] }>(`/software_deployments/${enc(id)}/runs`, { signal })).runs ?? [];
    for (const a of list) {
      Object.assign(runOf(a.generation, a.action), {
        action: a.action, status: a.status, reason: a.status_reason, outputs: a.output_values, time: a.updated_time ?? a.requested_time,
      });
    }
  } catch {
    // the runs of ad-hoc actions only: the stream's replay gives every run as well
  }

  let resourceName = '';
  const title = h('h1', {}, `Deployment ${id}`);
  const status = statusBadge(`${dep.action} ${dep.status}`, 'deployment-status');
  const reason = h('p', { class: 'reason' }, dep.status_reason ?? '');
  const live = h('span', { class: 'live', 'aria-live': 'polite' }, 'connecting…');
  const tbody = h('tbody');
  const msg = h('div', { 'aria-live': 'polite' });
  const actionName = h('input', { id: 'adhoc-action-name', type: 'text', placeholder: 'BACKUP', 'aria-label': 'Action name', pattern: '[A-Z][A-Z0-9_-]{0,63}' });
  const cancel = h('button', {
    id: 'adhoc-cancel', type: 'button', class: 'danger', hidden: true, onclick: async () => {
      replace(msg);
      try {
        setDeployment((await api<{ software_deployment: Deployment }>(`/software_deployments/${enc(id)}/actions`, { method: 'POST', body: { action: 'CANCEL' }, signal })).software_deployment);
      } catch (e) {
        replace(msg, errorBox(messageOf(e)));
      }
    },
  }, 'Cancel the run');
  const form = h('form', { class: 'adhoc toolbar' }, h('label', { for: 'adhoc-action-name' }, 'Run an action'), actionName,
    h('button', { id: 'adhoc-action-run', type: 'submit' }, 'Run'), cancel);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    replace(msg);
    try {
      setDeployment((await api<{ software_deployment: Deployment }>(`/software_deployments/${enc(id)}/actions`, { method: 'POST', body: { action: actionName.value.trim() }, signal })).software_deployment);
    } catch (err) {
      replace(msg, errorBox(messageOf(err)));
    }
  });

  const setDeployment = (d: Deployment) => {
    dep = d;
    Object.assign(runOf(d.generation ?? 1, d.action), { action: d.action, status: d.status, reason: d.status_reason, outputs: d.output_values ?? undefined, time: d.updated_time ?? d.creation_time });
    render();
  };

  const render = () => {
    const latest = [...runs.values()].sort((a, b) => b.generation - a.generation)[0];
    if (latest) {
      updateBadge(status, `${latest.action} ${latest.status}`);
      status.dataset.status = latest.status;
      status.dataset.action = latest.action;
      reason.textContent = latest.reason ?? '';
      cancel.hidden = latest.status !== 'IN_PROGRESS';
    }
    title.textContent = resourceName ? `Deployment ${resourceName}` : `Deployment ${id}`;
    const frag = document.createDocumentFragment();
    for (const r of [...runs.values()].sort((a, b) => a.generation - b.generation)) {
      const out = { ...(r.outputs ?? {}) };
      const stdout = out.deploy_stdout;
      const stderr = out.deploy_stderr;
      delete out.deploy_stdout;
      delete out.deploy_stderr;
      frag.append(
        h('tr', { class: 'run', 'data-action': r.action, 'data-generation': r.generation, 'data-status': r.status },
          h('td', {}, r.action), h('td', {}, String(r.generation)), h('td', {}, statusBadge(r.status), r.reason ? h('div', { class: 'reason' }, r.reason) : null),
          h('td', {}, time(r.time))),
        h('tr', { class: 'run-output', 'data-generation': r.generation },
          h('td', { colspan: 4 },
            h('div', { class: 'run-detail' },
              h('h4', {}, 'stdout'), h('pre', { class: 'stdout' }, stdout === undefined || stdout === null ? '' : String(stdout)),
              h('h4', {}, 'stderr'), h('pre', { class: 'stderr' }, stderr === undefined || stderr === null ? '' : String(stderr)),
              h('h4', {}, 'outputs'), h('pre', { class: 'outputs' }, Object.keys(out).length ? JSON.stringify(out, null, 2) : '—'),
              h('h4', {}, 'progress'), h('ol', { class: 'progress' }, ...r.progress.map((p) =>
                h('li', {}, h('time', {}, time(p.time)), ' ', p.progress !== undefined && p.progress !== null ? `${p.progress}% ` : '', p.message ?? '')))))));
    }
    tbody.replaceChildren(frag);
  };

  replace(root,
    h('p', { class: 'crumbs' }, h('a', { href: consoleStackHref(stack.stack_name) }, stack.stack_name), ' › deployment'),
    h('div', { class: 'page-head' }, title, status, live), reason,
    h('dl', { class: 'kv' }, h('dt', {}, 'Id'), h('dd', {}, h('code', {}, id)), h('dt', {}, 'Server'), h('dd', {}, h('code', {}, dep.server_id ?? '')),
      h('dt', {}, 'Config'), h('dd', {}, h('code', {}, dep.config_id ?? ''))),
    form, msg,
    h('table', { id: 'runs', class: 'list' }, h('caption', {}, 'Runs'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Action'), h('th', { scope: 'col' }, 'Generation'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Time'))),
      tbody));
  render();
  const rerender = coalesce(render, 100);

  openStream({
    path: `/stacks/${enc(stack.stack_name)}/${enc(stack.id)}/stream`, replay: true, signal, retryNotFound: 30,
    onState: liveIndicator(live),
    onError: (e) => replace(msg, errorBox(e.message)),
    onEvents: (batch) => {
      let changed = false;
      for (const ev of batch) {
        const d = ev.data ?? {};
        if (d.deploymentId !== id) continue;
        if (ev.type === 'io.hearth.deployment.status-changed.v1') {
          resourceName = d.resourceName ?? resourceName;
          const r = runOf(d.generation ?? 1, d.action);
          Object.assign(r, { action: d.action, status: d.status, reason: d.statusReason, time: ev.time });
          if (d.outputValues) r.outputs = d.outputValues;
          // A hook's progress report is a status change that stays IN_PROGRESS: its reason is the message.
          if (typeof d.progress === 'number' && d.status === 'IN_PROGRESS') {
            r.progress.push({ time: ev.time, message: d.statusReason, progress: d.progress });
          }
          changed = true;
        }
      }
      if (changed) rerender();
    },
  });
}
