// The events list: newest first, counting every event but keeping only the newest in the DOM.
import { h, statusBadge, time } from './dom';

export interface EventRow {
  time?: string;
  resource: string;
  status: string;
  reason?: string;
  stack?: string;
}

export class EventList {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly counter: HTMLElement;
  private count = 0;

  constructor(private readonly cap = 500) {
    this.list = h('ol', { class: 'events', reversed: true });
    this.counter = h('p', { class: 'muted events-count', 'aria-live': 'off' }, 'No events yet.');
    this.el = h('div', {}, this.counter, this.list);
  }

  /** Adds a batch (oldest first) in one DOM change. */
  add(rows: EventRow[]): void {
    if (!rows.length) return;
    this.count += rows.length;
    const frag = document.createDocumentFragment();
    const start = Math.max(0, rows.length - this.cap);
    for (let i = rows.length - 1; i >= start; i--) {
      const r = rows[i];
      frag.append(h('li', { class: 'event', 'data-resource-name': r.resource, 'data-status': r.status },
        h('time', { datetime: r.time ?? '' }, time(r.time)), ' ',
        h('span', { class: 'event-resource' }, r.resource), r.stack ? h('span', { class: 'muted' }, ` (${r.stack})`) : null, ' ',
        statusBadge(r.status), ' ',
        h('span', { class: 'reason' }, r.reason ?? '')));
    }
    this.list.prepend(frag);
    while (this.list.childElementCount > this.cap) this.list.lastElementChild!.remove();
    this.counter.textContent = this.count > this.cap
      ? `${this.count} events; the newest ${this.cap} shown.`
      : `${this.count} events.`;
  }
}
