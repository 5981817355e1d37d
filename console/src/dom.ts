// Small DOM helpers: the console builds its pages with these instead of a framework.

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** Creates an HTML element: attributes (on* keys are listeners; false/null/undefined skip), then children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}

/** Replaces an element's children. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** The kind of a Heat status, for its icon and colour. */
export function statusKind(status: string | undefined | null): 'ok' | 'failed' | 'busy' | 'paused' | 'other' {
  if (!status) return 'other';
  if (status.endsWith('FAILED')) return 'failed';
  if (status.endsWith('IN_PROGRESS')) return 'busy';
  if (status.startsWith('SUSPEND') && status.endsWith('COMPLETE')) return 'paused';
  if (status.endsWith('COMPLETE')) return status.startsWith('INIT') || status.startsWith('DELETE') ? 'other' : 'ok';
  return 'other';
}

/** A status as text with its symbol (colour only in addition). */
export function statusBadge(status: string | undefined | null, id?: string): HTMLSpanElement {
  const kind = statusKind(status);
  // The symbol comes from the stylesheet (::before), so the element's text is the status alone.
  return h('span', { class: `status status-${kind}`, id, 'data-status': status ?? '' }, status ?? 'unknown');
}

export function updateBadge(el: HTMLElement, status: string): void {
  const fresh = statusBadge(status, el.id || undefined);
  el.className = fresh.className;
  el.dataset.status = status;
  el.replaceChildren(...Array.from(fresh.childNodes));
}

/** An error shown as the API words it. */
export function errorBox(message: string): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, message);
}

export function time(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
