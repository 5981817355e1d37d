// The live stream read with fetch() (it can send X-Auth-Token, EventSource cannot) and parsed with
// eventsource-parser; after a drop it resumes with Last-Event-ID and a growing back-off.
import { createParser } from 'eventsource-parser';
import { authHeaders, tenantPath, toError, ApiError } from './api';

export interface CloudEvent<D = any> {
  id: string;
  type: string;
  time?: string;
  subject?: string;
  sequence?: string;
  data: D;
}

export interface StreamOptions {
  /** Path under /v1/{tenant}, e.g. /stream or /stacks/NAME/ID/stream. */
  path: string;
  /** Start with the journal's replay (Last-Event-ID: 0). */
  replay?: boolean;
  signal: AbortSignal;
  /** Called once per animation frame with the events received since the last one. */
  onEvents: (events: CloudEvent[]) => void;
  onState?: (state: 'open' | 'reconnecting', detail?: string) => void;
  /** A refusal the stream cannot recover from (4xx). */
  onError?: (e: ApiError) => void;
  /** How many times a 404 is retried: a stack's stream knows the stack from its first event on, moments after its create. */
  retryNotFound?: number;
}

export interface ConsoleStats {
  eventsReceived: number;
  eventsApplied: number;
  lastLagMs: number;
  maxLagMs: number;
  /** Time spent applying events (script only), in total. */
  applyMs: number;
}

declare global {
  interface Window {
    hearthConsoleStats: ConsoleStats;
  }
}

window.hearthConsoleStats = { eventsReceived: 0, eventsApplied: 0, lastLagMs: 0, maxLagMs: 0, applyMs: 0 };

/** Reads a stream until the signal aborts; events are handed over in batches, one per animation frame. */
export function openStream(opts: StreamOptions): void {
  const stats = window.hearthConsoleStats;
  const openedAt = Date.now();
  let queue: CloudEvent[] = [];
  let frame = 0;
  const flush = () => {
    frame = 0;
    if (opts.signal.aborted) return;
    const batch = queue;
    queue = [];
    const t0 = performance.now();
    opts.onEvents(batch);
    stats.applyMs += performance.now() - t0;
    const now = Date.now();
    stats.eventsApplied += batch.length;
    for (const e of batch) {
      const t = e.time ? Date.parse(e.time) : NaN;
      // Lag is measured for live events only: a replayed one is as old as the journal.
      if (!Number.isNaN(t) && t >= openedAt - 1000) {
        stats.lastLagMs = now - t;
        if (stats.lastLagMs > stats.maxLagMs) stats.maxLagMs = stats.lastLagMs;
      }
    }
  };
  const receive = (e: CloudEvent) => {
    stats.eventsReceived++;
    queue.push(e);
    if (!frame) frame = requestAnimationFrame(flush);
  };
  opts.signal.addEventListener('abort', () => {
    if (frame) cancelAnimationFrame(frame);
  });
  void run(opts, receive);
}

async function run(opts: StreamOptions, receive: (e: CloudEvent) => void): Promise<void> {
  let lastId: string | null = opts.replay ? '0' : null;
  let delay = 500;
  let notFound = 0;
  while (!opts.signal.aborted) {
    try {
      const headers: Record<string, string> = { ...authHeaders(), Accept: 'text/event-stream' };
      if (lastId !== null) headers['Last-Event-ID'] = lastId;
      const r = await fetch(tenantPath(opts.path), { headers, signal: opts.signal, cache: 'no-store' });
      if (!r.ok) {
        const e = await toError(r);
        if (r.status === 404 && notFound++ < (opts.retryNotFound ?? 0)) throw e;
        if (r.status >= 400 && r.status < 500 && r.status !== 429) {
          opts.onError?.(e);
          return;
        }
        throw e;
      }
      opts.onState?.('open');
      delay = 500;
      const parser = createParser({
        onEvent(m) {
          if (m.id) lastId = m.id;
          try {
            receive(JSON.parse(m.data) as CloudEvent);
          } catch {
            // not a CloudEvent: skip it
          }
        },
      });
      const reader = r.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch (e) {
      if (opts.signal.aborted) return;
      opts.onState?.('reconnecting', e instanceof Error ? e.message : String(e));
    }
    if (opts.signal.aborted) return;
    opts.onState?.('reconnecting');
    await sleep(delay, opts.signal);
    delay = Math.min(delay * 2, 15000);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}

/** An element that says whether the stream is live: an onState handler for openStream. */
export function liveIndicator(el: HTMLElement): NonNullable<StreamOptions['onState']> {
  el.textContent = 'connecting…';
  return (state) => {
    el.textContent = state === 'open' ? '● live' : 'reconnecting…';
  };
}

/** Coalesces calls: f runs `ms` after the first call of a burst, once (so a steady stream cannot starve it). */
export function coalesce(f: () => void, ms: number): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    window.setTimeout(() => {
      pending = false;
      f();
    }, ms);
  };
}
