// The stacks list, live from the tenant's stream, with a filter.
import { api, Stack } from '../api';
import { errorBox, h, messageOf, replace, statusBadge, time } from '../dom';
import { coalesce, liveIndicator, openStream } from '../stream';

export async function stacksPage(root: HTMLElement, _params: string[], signal: AbortSignal): Promise<void> {
  const filter = h('input', { id: 'stack-filter', type: 'search', placeholder: 'Filter by name or status', 'aria-label': 'Filter stacks' });
  const tbody = h('tbody');
  const table = h('table', { id: 'stacks', class: 'list' },
    h('caption', { class: 'visually-hidden' }, 'Stacks'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Name'), h('th', { scope: 'col' }, 'Status'),
      h('th', { scope: 'col' }, 'Reason'), h('th', { scope: 'col' }, 'Created'), h('th', { scope: 'col' }, 'Updated'))),
    tbody);
  const errors = h('div');
  const live = h('span', { class: 'live', 'aria-live': 'polite' }, 'connecting…');
  const count = h('span', { class: 'muted' });
  replace(root,
    h('div', { class: 'page-head' }, h('h1', {}, 'Stacks'), live, h('span', { class: 'spacer' }),
      h('a', { id: 'create-stack', class: 'button', href: '/console/create' }, 'Create stack')),
    h('div', { class: 'toolbar' }, filter, count), errors, table);

  const rows = new Map<string, { tr: HTMLTableRowElement; stack: Stack }>();
  // The newest status each stack's events gave: a list read while the event was on its way may be older.
  const seenStatus = new Map<string, { status: string; reason?: string; time: number }>();
  const newest = (st: Stack): Stack => {
    const ev = seenStatus.get(st.id);
    const listed = Date.parse(st.updated_time ?? st.creation_time ?? '') || 0;
    return ev && ev.status !== st.stack_status && ev.time >= listed ? { ...st, stack_status: ev.status, stack_status_reason: ev.reason } : st;
  };

  const applyFilter = () => {
    const q = filter.value.trim().toLowerCase();
    let shown = 0;
    for (const { tr, stack } of rows.values()) {
      const hit = !q || stack.stack_name.toLowerCase().includes(q) || stack.stack_status.toLowerCase().includes(q);
      tr.hidden = !hit;
      if (hit) shown++;
    }
    count.textContent = q ? `${shown} of ${rows.size}` : `${rows.size} stacks`;
  };
  filter.addEventListener('input', applyFilter);

  const rowOf = (st: Stack) => {
    const tr = h('tr', { 'data-stack-name': st.stack_name, 'data-status': st.stack_status, 'data-stack-id': st.id });
    fillRow(tr, st);
    return tr;
  };
  const fillRow = (tr: HTMLTableRowElement, st: Stack) => {
    tr.dataset.status = st.stack_status;
    replace(tr,
      h('td', {}, h('a', { href: `/console/stacks/${encodeURIComponent(st.stack_name)}` }, st.stack_name)),
      h('td', {}, statusBadge(st.stack_status)),
      h('td', { class: 'reason' }, st.stack_status_reason ?? ''),
      h('td', {}, time(st.creation_time)),
      h('td', {}, time(st.updated_time ?? st.creation_time)));
  };

  const load = async () => {
    try {
      const list = (await api<{ stacks: Stack[] }>('/stacks', { signal })).stacks;
      const seen = new Set<string>();
      const frag = document.createDocumentFragment();
      list.sort((a, b) => (b.creation_time ?? '').localeCompare(a.creation_time ?? ''));
      for (const listed of list) {
        const st = newest(listed);
        seen.add(st.id);
        const row = rows.get(st.id);
        if (row) {
          row.stack = st;
          fillRow(row.tr, st);
          frag.append(row.tr);
        } else {
          const tr = rowOf(st);
          rows.set(st.id, { tr, stack: st });
          frag.append(tr);
        }
      }
      for (const [id, row] of rows) if (!seen.has(id)) { row.tr.remove(); rows.delete(id); }
      tbody.replaceChildren(frag);
      applyFilter();
      replace(errors);
      // The list comes from template-service's read model, which can trail the stream for a moment (a service
      // that has just started): a stack listed in progress is read again until it is not, in case the event that
      // ended it came before this page was listening.
      if (!recheck && [...rows.values()].some((r) => r.stack.stack_status.endsWith('_IN_PROGRESS'))) {
        recheck = window.setTimeout(() => { recheck = 0; if (!signal.aborted) reload(); }, 3000);
      }
    } catch (e) {
      if (!signal.aborted) replace(errors, errorBox(messageOf(e)));
    }
  };
  let recheck = 0;
  const reload = coalesce(() => void load(), 300);
  // A stack the list did not have yet: read it now and once more a moment later.
  const reloadNew = () => {
    reload();
    window.setTimeout(reload, 2000);
  };

  openStream({
    path: '/stream', signal,
    onState: liveIndicator(live),
    onError: (e) => replace(errors, errorBox(e.message)),
    onEvents: (events) => {
      for (const ev of events) {
        if (ev.type !== 'io.hearth.stack.status-changed.v1') continue;
        const d = ev.data;
        const row = rows.get(d.stackId);
        const status = `${d.action}_${d.status}`;
        seenStatus.set(d.stackId, { status, reason: d.statusReason, time: Date.parse(ev.time ?? '') || Date.now() });
        if (!row) {
          if (status !== 'DELETE_COMPLETE') reloadNew();
          continue;
        }
        if (status === 'DELETE_COMPLETE') {
          row.tr.remove();
          rows.delete(d.stackId);
          continue;
        }
        row.stack = { ...row.stack, stack_status: status, stack_status_reason: d.statusReason, updated_time: ev.time ?? row.stack.updated_time };
        fillRow(row.tr, row.stack);
      }
      applyFilter();
    },
  });
  await load();
}
