// The stack's dependency graph: SVG drawn here, laid out by dagre (a compound graph: a nested stack's
// resources inside their parent resource's box). Live updates change a node's attributes in place; a
// relayout (new resources) keeps the view's pan and zoom.
import { Graph as DagreGraph, layout } from '@dagrejs/dagre';
import { s, statusKind } from './dom';
import { waitingHook } from './resources';

export interface Resource {
  resource_name: string;
  resource_type: string;
  resource_status: string;
  resource_status_reason?: string;
  physical_resource_id?: string;
  required_by?: string[];
  parent_resource?: string;
  links?: { href: string; rel: string }[];
  attributes?: Record<string, unknown>;
  updated_time?: string;
  creation_time?: string;
}

export interface GNode {
  key: string;
  res: Resource;
  stackId: string;
  stackName: string;
  parent?: string;
  children: string[];
  depth: number;
}

const W = 200;
const H = 62;
const GRID_MIN = 7;

const ICON: Record<ReturnType<typeof statusKind>, string> = {
  ok: 'M2 7.5 L5.5 11 L12 3',
  failed: 'M3 3 L11 11 M11 3 L3 11',
  busy: 'M7 1 A6 6 0 1 1 1 7',
  paused: 'M4 2 V12 M10 2 V12',
  other: 'M7 2 A5 5 0 1 1 6.99 2 Z',
};

/** A resource waiting on a breakpoint shows it (and the paused symbol) beside its status. */
function statusLabel(r: Resource): string {
  const hook = waitingHook(r.resource_status_reason);
  return hook ? `${r.resource_status} ‖ ${hook}` : r.resource_status;
}

function kindOf(r: Resource): ReturnType<typeof statusKind> {
  return waitingHook(r.resource_status_reason) ? 'paused' : statusKind(r.resource_status);
}

/** A resource's stack, from its "stack" link: /stacks/{name}/{id}. */
export function stackOf(r: Resource): { name: string; id: string } {
  const href = r.links?.find((l) => l.rel === 'stack')?.href ?? '';
  const m = /\/stacks\/([^/]+)\/([^/?#]+)\/?$/.exec(href);
  return m ? { name: decodeURIComponent(m[1]), id: decodeURIComponent(m[2]) } : { name: '', id: '' };
}

export const keyOf = (stackId: string, name: string) => `${stackId}/${name}`;

/** Builds the tree: a resource of a nested stack hangs below the resource whose physical id is that stack. */
export function buildModel(resources: Resource[]): Map<string, GNode> {
  const model = new Map<string, GNode>();
  const byPhysical = new Map<string, string>();
  for (const r of resources) {
    const st = stackOf(r);
    const key = keyOf(st.id, r.resource_name);
    model.set(key, { key, res: r, stackId: st.id, stackName: st.name, children: [], depth: 0 });
    if (r.physical_resource_id) byPhysical.set(r.physical_resource_id, key);
  }
  for (const n of model.values()) {
    const parent = byPhysical.get(n.stackId);
    if (parent && parent !== n.key) {
      n.parent = parent;
      model.get(parent)!.children.push(n.key);
    }
  }
  const depth = (n: GNode): number => (n.parent ? depth(model.get(n.parent)!) + 1 : 0);
  for (const n of model.values()) n.depth = depth(n);
  return model;
}

interface View {
  g: SVGGElement;
  status: SVGTextElement;
  icon: SVGPathElement;
  toggle?: SVGGElement;
}

export class GraphView {
  readonly svg: SVGSVGElement;
  private readonly viewport: SVGGElement;
  private model = new Map<string, GNode>();
  private views = new Map<string, View>();
  private collapsed = new Set<string>();
  private tx = { x: 0, y: 0, k: 1 };
  private size = { w: 0, h: 0 };
  private drawn = false;
  /** The user panned or zoomed: a relayout keeps the view; until then it fits the graph. */
  private userMoved = false;
  private selected: string | null = null;

  constructor(private readonly onSelect: (n: GNode) => void) {
    this.viewport = s('g', { class: 'viewport' });
    this.svg = s('svg', {
      id: 'graph', role: 'group', tabindex: 0, 'aria-label': 'Resource graph: drag or arrow keys to pan, wheel or + and - to zoom, 0 to fit',
    }, this.viewport);
    this.wire();
  }

  get nodes(): ReadonlyMap<string, GNode> {
    return this.model;
  }

  /** Replaces the resources and lays the graph out again (the view stays where it is after the first draw). */
  setResources(resources: Resource[]): void {
    this.model = buildModel(resources);
    this.draw();
  }

  /** A stream event for a resource: true when it is known (its node changed in place). */
  update(stackId: string, name: string, status: string, reason?: string, physicalId?: string): boolean {
    const n = this.model.get(keyOf(stackId, name));
    if (!n) return false;
    n.res.resource_status = status;
    if (reason !== undefined) n.res.resource_status_reason = reason;
    if (physicalId) n.res.physical_resource_id = physicalId;
    const v = this.views.get(n.key);
    if (v) this.paint(n, v);
    return true;
  }

  private paint(n: GNode, v: View): void {
    const st = n.res.resource_status;
    const kind = kindOf(n.res);
    const label = statusLabel(n.res);
    if (v.g.dataset.status !== st || v.status.textContent !== label) {
      v.g.dataset.status = st;
      v.g.setAttribute('class', `node status-${kind}${this.selected === n.key ? ' selected' : ''}${n.children.length ? ' compound' : ''}`);
      v.g.setAttribute('aria-label', `${n.res.resource_name}, ${n.res.resource_type}, ${st}`);
      v.status.textContent = label;
      v.icon.setAttribute('d', ICON[kind]);
    }
  }

  select(key: string | null): void {
    if (this.selected) this.views.get(this.selected)?.g.classList.remove('selected');
    this.selected = key;
    if (key) this.views.get(key)?.g.classList.add('selected');
  }

  focusNode(key: string): void {
    this.views.get(key)?.g.focus();
  }

  private visible(n: GNode): boolean {
    for (let p = n.parent; p; p = this.model.get(p)?.parent) if (this.collapsed.has(p)) return false;
    return true;
  }

  private draw(): void {
    const focusedKey = (document.activeElement as Element | null)?.closest?.('g.node')?.getAttribute('data-key');
    const focusedToggle = !!(document.activeElement as Element | null)?.closest?.('g.toggle');
    const g = new DagreGraph({ compound: true });
    g.setGraph({ rankdir: 'TB', nodesep: 18, ranksep: 42, marginx: 16, marginy: 16 });
    g.setDefaultEdgeLabel(() => ({}));
    const shown = [...this.model.values()].filter((n) => this.visible(n));
    const isOpen = (n: GNode) => n.children.length > 0 && !this.collapsed.has(n.key);
    const container = (n: GNode) => (n.parent ? `c:${n.parent}` : null);
    // Edges between shown resources of the same stack (required_by names them in that stack).
    const edges: [string, string][] = [];
    const linked = new Set<string>();
    for (const n of shown) {
      for (const dep of n.res.required_by ?? []) {
        const k = keyOf(n.stackId, dep);
        const d = this.model.get(k);
        if (d && this.visible(d)) {
          edges.push([n.key, k]);
          linked.add(n.key);
          linked.add(k);
        }
      }
    }
    // Resources without edges in one container are laid out as a grid (a group's members, big flat stacks).
    const loose = new Map<string, GNode[]>();
    for (const n of shown) {
      if (linked.has(n.key) || isOpen(n)) continue;
      const c = container(n) ?? '';
      if (!loose.has(c)) loose.set(c, []);
      loose.get(c)!.push(n);
    }
    const grids = new Map<string, { id: string; nodes: GNode[]; cols: number }>();
    for (const [c, list] of loose) {
      if (list.length < GRID_MIN) continue;
      const cols = Math.max(2, Math.ceil(Math.sqrt(list.length * 1.6)));
      const id = `grid:${c}`;
      grids.set(id, { id, nodes: list, cols });
    }
    const inGrid = new Set<string>();
    for (const gr of grids.values()) for (const n of gr.nodes) inGrid.add(n.key);

    for (const n of shown) {
      if (inGrid.has(n.key)) continue;
      g.setNode(n.key, { width: W, height: H });
      if (isOpen(n)) {
        g.setNode(`c:${n.key}`, {});
        g.setParent(n.key, `c:${n.key}`);
        if (container(n)) g.setParent(`c:${n.key}`, container(n)!);
      } else if (container(n)) {
        g.setParent(n.key, container(n)!);
      }
    }
    for (const gr of grids.values()) {
      const rows = Math.ceil(gr.nodes.length / gr.cols);
      g.setNode(gr.id, { width: gr.cols * (W + 12) - 12, height: rows * (H + 12) - 12 });
      const c = gr.id.slice(5);
      if (c) g.setParent(gr.id, c);
    }
    for (const [a, b] of edges) g.setEdge(a, b);
    // An open resource's own box sits on top of its members: invisible edges to its members' roots.
    const targets = new Set(edges.map(([, b]) => b));
    for (const n of shown) {
      if (!isOpen(n)) continue;
      const gridId = `grid:c:${n.key}`;
      if (grids.has(gridId)) g.setEdge(n.key, gridId, { weight: 2 });
      for (const ck of n.children) {
        if (inGrid.has(ck)) continue;
        if (!targets.has(ck)) g.setEdge(n.key, ck, { weight: 2 });
      }
    }
    layout(g);

    const pos = new Map<string, { x: number; y: number }>();
    for (const n of shown) {
      if (inGrid.has(n.key)) continue;
      const l = g.node(n.key);
      pos.set(n.key, { x: l.x - W / 2, y: l.y - H / 2 });
    }
    for (const gr of grids.values()) {
      const l = g.node(gr.id);
      const x0 = l.x - l.width! / 2;
      const y0 = l.y - l.height! / 2;
      gr.nodes.sort((a, b) => a.res.resource_name.localeCompare(b.res.resource_name));
      gr.nodes.forEach((n, i) => pos.set(n.key, { x: x0 + (i % gr.cols) * (W + 12), y: y0 + Math.floor(i / gr.cols) * (H + 12) }));
    }

    const compounds = s('g', { class: 'compounds' });
    const edgeLayer = s('g', { class: 'edges', 'aria-hidden': 'true' });
    const nodeLayer = s('g', { class: 'nodes' });
    const cf = document.createDocumentFragment();
    const ef = document.createDocumentFragment();
    const nf = document.createDocumentFragment();
    this.views.clear();
    const ordered = [...shown].sort((a, b) => a.depth - b.depth);
    for (const n of ordered) {
      const p = pos.get(n.key)!;
      if (isOpen(n)) {
        const c = g.node(`c:${n.key}`);
        const box = { x: c.x - c.width! / 2, y: c.y - c.height! / 2, w: c.width!, h: c.height! };
        cf.append(this.nodeView(n, p, box));
      } else {
        nf.append(this.nodeView(n, p, null));
      }
    }
    for (const [a, b] of edges) {
      const pa = pos.get(a)!;
      const pb = pos.get(b)!;
      const e = g.edge(a, b);
      const pts = e?.points?.length ? e.points : [{ x: pa.x + W / 2, y: pa.y + H }, { x: pb.x + W / 2, y: pb.y }];
      ef.append(s('path', { class: 'edge', d: 'M' + pts.map((q: { x: number; y: number }) => `${q.x.toFixed(1)} ${q.y.toFixed(1)}`).join(' L'), 'marker-end': 'url(#arrow)' }));
    }
    compounds.append(cf);
    edgeLayer.append(ef);
    nodeLayer.append(nf);
    const defs = s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      s('path', { d: 'M0 0 L10 5 L0 10 z', class: 'arrowhead' })));
    this.viewport.replaceChildren(defs, compounds, edgeLayer, nodeLayer);
    const gl = g.graph();
    this.size = { w: gl.width ?? 0, h: gl.height ?? 0 };
    if (!this.drawn || !this.userMoved) {
      this.drawn = true;
      requestAnimationFrame(() => this.fit());
    }
    this.apply();
    if (focusedKey) {
      const v = this.views.get(focusedKey);
      (focusedToggle && v?.toggle ? v.toggle : v?.g)?.focus({ preventScroll: true });
    }
  }

  private nodeView(n: GNode, p: { x: number; y: number }, box: { x: number; y: number; w: number; h: number } | null): SVGGElement {
    const r = n.res;
    const kind = kindOf(r);
    const ox = box ? p.x - box.x : 0;
    const oy = box ? p.y - box.y : 0;
    const g = s('g', {
      class: `node status-${kind}${n.children.length ? ' compound' : ''}${this.selected === n.key ? ' selected' : ''}`,
      'data-key': n.key, 'data-resource-name': r.resource_name, 'data-status': r.resource_status,
      'data-resource-type': r.resource_type, 'data-stack-name': n.stackName, tabindex: 0, role: 'button',
      'aria-label': `${r.resource_name}, ${r.resource_type}, ${r.resource_status}`,
      transform: `translate(${(box ? box.x : p.x).toFixed(1)},${(box ? box.y : p.y).toFixed(1)})`,
    });
    if (n.children.length) g.dataset.expanded = String(!!box);
    if (box) g.append(s('rect', { class: 'cluster', width: box.w, height: box.h, rx: 10 }));
    const name = r.resource_name.length > 24 ? r.resource_name.slice(0, 23) + '…' : r.resource_name;
    const type = r.resource_type.length > 30 ? '…' + r.resource_type.slice(-29) : r.resource_type;
    const icon = s('path', { class: 'icon', d: ICON[kind], transform: `translate(${ox + 10},${oy + 40})` });
    const status = s('text', { class: 'status-text', x: ox + 30, y: oy + 52 }, statusLabel(r));
    g.append(
      s('title', {}, `${r.resource_name} (${r.resource_type})`),
      s('rect', { class: 'box', x: ox, y: oy, width: W, height: H, rx: 6 }),
      s('text', { class: 'name', x: ox + 10, y: oy + 18 }, name),
      s('text', { class: 'type', x: ox + 10, y: oy + 33 }, type),
      icon, status);
    let toggle: SVGGElement | undefined;
    if (n.children.length) {
      const open = !!box;
      toggle = s('g', {
        class: 'toggle', tabindex: 0, role: 'button', 'data-expanded': String(open), 'aria-expanded': String(open),
        'aria-label': `${open ? 'Collapse' : 'Expand'} ${r.resource_name} (${n.children.length} resources)`,
        transform: `translate(${ox + W - 30},${oy + 6})`,
      }, s('rect', { width: 24, height: 20, rx: 4 }), s('text', { x: 12, y: 15, 'text-anchor': 'middle' }, open ? '−' : '+'));
      g.append(toggle, s('text', { class: 'count', x: ox + W - 34, y: oy + 18, 'text-anchor': 'end' }, String(n.children.length)));
    }
    this.views.set(n.key, { g, status, icon, toggle });
    return g;
  }

  toggle(key: string): void {
    if (this.collapsed.has(key)) this.collapsed.delete(key);
    else this.collapsed.add(key);
    this.draw();
    this.views.get(key)?.toggle?.focus({ preventScroll: true });
  }

  private apply(): void {
    this.viewport.setAttribute('transform', `translate(${this.tx.x.toFixed(1)},${this.tx.y.toFixed(1)}) scale(${this.tx.k.toFixed(4)})`);
  }

  fit(): void {
    this.userMoved = false;
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !this.size.w) return;
    const k = Math.max(0.01, Math.min(1, r.width / this.size.w, r.height / this.size.h));
    this.tx = { k, x: (r.width - this.size.w * k) / 2, y: Math.max(0, (r.height - this.size.h * k) / 2) };
    this.apply();
  }

  zoom(factor: number, cx?: number, cy?: number): void {
    const r = this.svg.getBoundingClientRect();
    const x = cx ?? r.width / 2;
    const y = cy ?? r.height / 2;
    this.userMoved = true;
    const k = Math.min(4, Math.max(0.01, this.tx.k * factor));
    const f = k / this.tx.k;
    this.tx = { k, x: x - (x - this.tx.x) * f, y: y - (y - this.tx.y) * f };
    this.apply();
  }

  pan(dx: number, dy: number): void {
    this.userMoved = true;
    this.tx.x += dx;
    this.tx.y += dy;
    this.apply();
  }

  private wire(): void {
    const svg = this.svg;
    let drag: { x: number; y: number; moved: boolean; id: number } | null = null;
    let suppressClick = false;
    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || (e.target as Element).closest('g.toggle')) return;
      drag = { x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
    });
    svg.addEventListener('pointermove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 4) return;
      if (!drag.moved) {
        drag.moved = true;
        svg.setPointerCapture(drag.id);
        svg.classList.add('panning');
      }
      drag.x = e.clientX;
      drag.y = e.clientY;
      this.pan(dx, dy);
    });
    const end = () => {
      if (drag?.moved) suppressClick = true;
      drag = null;
      svg.classList.remove('panning');
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      this.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    svg.addEventListener('click', (e) => {
      if (suppressClick) {
        suppressClick = false;
        return;
      }
      this.activate(e.target as Element);
    });
    // A node reached with the keyboard is brought into view.
    svg.addEventListener('focusin', (e) => {
      const box = (e.target as Element).closest?.('g.node')?.querySelector('rect.box');
      if (!box) return;
      const r = svg.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom) return;
      this.pan(r.left + r.width / 2 - (b.left + b.width / 2), r.top + r.height / 2 - (b.top + b.height / 2));
    });
    svg.addEventListener('keydown', (e) => {
      const t = e.target as Element;
      if (e.key === 'Enter' || e.key === ' ') {
        if (t.closest('g.toggle') || t.closest('g.node')) {
          e.preventDefault();
          this.activate(t);
        }
        return;
      }
      const step = 60;
      const keys: Record<string, () => void> = {
        '+': () => this.zoom(1.25), '=': () => this.zoom(1.25), '-': () => this.zoom(0.8), _: () => this.zoom(0.8),
        '0': () => this.fit(),
        ArrowLeft: () => this.pan(step, 0), ArrowRight: () => this.pan(-step, 0),
        ArrowUp: () => this.pan(0, step), ArrowDown: () => this.pan(0, -step),
      };
      const f = keys[e.key];
      if (f && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        f();
      }
    });
  }

  private activate(t: Element): void {
    const toggle = t.closest('g.toggle');
    const node = t.closest('g.node');
    const key = node?.getAttribute('data-key');
    if (!key) return;
    if (toggle) {
      this.toggle(key);
      return;
    }
    const n = this.model.get(key);
    if (n) {
      this.select(key);
      this.onSelect(n);
    }
  }
}
