// bench/console: the console's stack page with a stack of N resources in Debian's Chromium (docs/console.md).
// Prints figures, asserts nothing. See bench/console/run for usage.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchTemplate } from './template.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { chromium } = createRequire(join(here, '..', '..', 'console', 'package.json'))('playwright-core');

const CONSOLE = (process.env.HEARTH_CONSOLE_URL ?? 'http://127.0.0.1:8004').replace(/\/+$/, '');
const TOKEN = process.env.HEARTH_TOKEN ?? 'hearth-dev-token';
const COUNT = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 3);
const CLICKS = 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (x) => (x === undefined || x === null || Number.isNaN(x) ? 'n/a' : `${Math.round(x)} ms`);
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN; };

const session = await (await fetch(`${CONSOLE}/console/session`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: TOKEN }),
})).json();
const API = `${CONSOLE}/v1/${session.session.tenant}`;
async function api(method, path, body) {
  const r = await fetch(`${API}${path}`, { method, headers: { 'x-auth-token': TOKEN, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}
async function settled(name) {
  for (;;) {
    const { stack } = await api('GET', `/stacks/${name}`);
    if (!stack.stack_status.endsWith('_IN_PROGRESS')) return stack;
    await sleep(250);
  }
}

const name = `bench-console-${Date.now().toString(36)}`;
const template = benchTemplate(COUNT);
console.log(`bench/console: ${COUNT} resources (stack ${name}), ${ROUNDS} update rounds, console ${CONSOLE}/console/`);
let t = Date.now();
const { stack: created } = await api('POST', '/stacks', { stack_name: name, template, parameters: { round: '0' }, timeout_mins: 30 });
const createdStack = await settled(name);
console.log(`stack create: ${createdStack.stack_status} in ${((Date.now() - t) / 1000).toFixed(1)} s (API)`);

const browser = await chromium.launch({ executablePath: process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  // In every document: long tasks, frames, and the moment the graph holds all N nodes.
  await page.addInitScript((count) => {
    const b = { longTasks: [], allNodesAt: null, frames: [] };
    window.__bench = b;
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) b.longTasks.push([e.startTime, e.duration]); })
        .observe({ type: 'longtask', buffered: true });
    } catch { /* no long-task API */ }
    const frame = (now) => { b.frames.push(now); if (b.frames.length > 200000) b.frames.splice(0, 100000); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    const check = () => {
      if (b.allNodesAt === null && document.querySelectorAll('svg#graph g.node[data-resource-name]').length >= count) {
        b.allNodesAt = performance.now();
      }
    };
    document.addEventListener('DOMContentLoaded', () => new MutationObserver(check).observe(document.body, { subtree: true, childList: true }));
  }, COUNT);

  // Sign in through the form once (the tab keeps its session), then load the stack's page cold.
  await page.goto(`${CONSOLE}/console/`);
  await page.locator('#signin-token-value').fill(TOKEN);
  await page.locator('#signin-token-submit').click();
  await page.locator('#signout').waitFor({ timeout: 60000 });
  await page.goto(`${CONSOLE}/console/stacks/${name}`);
  await page.waitForFunction(() => window.__bench.allNodesAt !== null, null, { timeout: 300000, polling: 200 });
  const load = await page.evaluate(() => ({
    mark: performance.getEntriesByName('hearth:graph-rendered')[0]?.startTime,
    all: window.__bench.allNodesAt,
    longTasks: window.__bench.longTasks,
  }));
  const loadLong = load.longTasks.filter(([s]) => s <= load.all);
  console.log(`render: navigation start -> 'hearth:graph-rendered' ${ms(load.mark)}; -> all ${COUNT} nodes in the DOM ${ms(load.all)}`);
  console.log(`        long tasks until then: ${loadLong.length}, longest ${ms(Math.max(0, ...loadLong.map(([, d]) => d)))}, total ${ms(loadLong.reduce((a, [, d]) => a + d, 0))}`);
  await sleep(3000); // let the journal's replay settle

  // Responsiveness: click a node, time to #resource-panel showing it (next frame included); keyboard too.
  const clicks = [];
  for (let i = 0; i < CLICKS; i++) {
    const target = `r${String((i * 97) % COUNT).padStart(4, '0')}`;
    clicks.push(await page.evaluate(async (target) => {
      const node = document.querySelector(`svg#graph g.node[data-resource-name="${target}"]`);
      const t0 = performance.now();
      node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const panel = document.querySelector('#resource-panel');
        if (panel && panel.offsetParent !== null && panel.textContent.includes(target)) return performance.now() - t0;
        if (performance.now() - t0 > 10000) return NaN;
      }
    }, target));
  }
  console.log(`responsiveness: click on a node -> #resource-panel shows it: p50 ${ms(pct(clicks, 0.5))}, max ${ms(Math.max(...clicks))} (${CLICKS} clicks)`);
  const keyT0 = Date.now();
  await page.locator('svg#graph g.node[data-resource-name="r0500"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#resource-panel')?.textContent.includes('r0500'), null, { timeout: 10000 }).catch(() => {});
  console.log(`                Enter on a focused node -> panel (incl. the driver's round trip): ${Date.now() - keyT0} ms`);

  // The stream: ROUNDS updates of every resource (UPDATE_IN_PROGRESS, UPDATE_COMPLETE each) at the open page.
  for (let round = 1; round <= ROUNDS; round++) {
    await page.evaluate(() => {
      const b = window.__bench;
      b.samples = []; b.frames = []; b.longTasks = [];
      b.sampler = setInterval(() => {
        const s = window.hearthConsoleStats;
        if (s) b.samples.push([performance.now(), s.eventsReceived, s.eventsApplied, s.lastLagMs, s.maxLagMs]);
      }, 50);
    });
    const before = await page.evaluate(() => ({ ...(window.hearthConsoleStats ?? {}) }));
    const { stack } = await api('GET', `/stacks/${name}`);
    t = Date.now();
    await api('PUT', `/stacks/${name}/${stack.id}`, { template, parameters: { round: String(round) } });
    const want = 'UPDATE_COMPLETE';
    let caughtUp = NaN;
    // Caught up: the round's events applied (an IN_PROGRESS and a COMPLETE per resource, two for the stack), and
    // every node and the stack show the round's final status.
    const pageDone = page.waitForFunction(({ want, applied }) => {
      const nodes = [...document.querySelectorAll('svg#graph g.node[data-resource-name]')];
      return (window.hearthConsoleStats?.eventsApplied ?? 0) >= applied + 2 * nodes.length + 2
        && nodes.length && nodes.every((n) => n.getAttribute('data-status') === want)
        && document.querySelector('#stack-status')?.getAttribute('data-status') === want;
    }, { want, applied: before.eventsApplied ?? 0 }, { timeout: 60000, polling: 100 }).then(() => { caughtUp = (Date.now() - t) / 1000; return true; }, () => false);
    const done = await settled(name);
    const apiSeconds = (Date.now() - t) / 1000;
    const current = await pageDone;
    await sleep(500);
    const r = await page.evaluate(() => {
      const b = window.__bench;
      clearInterval(b.sampler);
      const gaps = b.frames.slice(1).map((f, i) => f - b.frames[i]);
      const final = [...document.querySelectorAll('svg#graph g.node[data-resource-name]')];
      return { samples: b.samples, gaps, frames: b.frames.length, longTasks: b.longTasks,
        after: { ...(window.hearthConsoleStats ?? {}) },
        notFinal: final.filter((n) => n.getAttribute('data-status') !== 'UPDATE_COMPLETE').length, nodes: final.length,
        stackStatus: document.querySelector('#stack-status')?.getAttribute('data-status') };
    });
    const s = r.samples;
    const received = (r.after.eventsReceived ?? 0) - (before.eventsReceived ?? 0);
    const applied = (r.after.eventsApplied ?? 0) - (before.eventsApplied ?? 0);
    // The event rate: events received while they were arriving (first to last 50 ms sample whose count moved).
    const moving = s.filter((x, i) => i > 0 && x[1] !== s[i - 1][1]);
    const span = moving.length > 1 ? (moving.at(-1)[0] - moving[0][0] + 50) / 1000 : NaN;
    const busiest = Math.max(0, ...s.map((x) => { const y = s.find((z) => z[0] >= x[0] + 1000); return y ? y[1] - x[1] : 0; }));
    const lags = moving.map((x) => x[3]).filter((x) => typeof x === 'number');
    console.log(`stream round ${round}: page received ${received} events, applied ${applied}`
      + ` over ${Number.isNaN(span) ? 'n/a' : span.toFixed(1) + ' s'}: ${Number.isNaN(span) ? 'n/a' : Math.round(received / span)} events/s on average, ${busiest} in the busiest second`);
    console.log(`        lag (now - event time, hearthConsoleStats.lastLagMs sampled every 50 ms while events arrived): p50 ${ms(pct(lags, 0.5))}, p95 ${ms(pct(lags, 0.95))}, max ${ms(Math.max(...lags))}; maxLagMs since the page loaded ${ms(r.after.maxLagMs)}`);
    console.log(`        every node and the stack ${want} in the page: ${current ? 'yes' : 'NO'} (${r.nodes - r.notFinal}/${r.nodes} nodes, #stack-status ${r.stackStatus}), ${Number.isNaN(caughtUp) ? 'not within 60 s' : caughtUp.toFixed(1) + ' s'} after the update request (API saw ${done.stack_status} after ${apiSeconds.toFixed(1)} s, polling every 250 ms)`);
    console.log(`        frames: ${r.frames} (max gap ${ms(Math.max(0, ...r.gaps))}, p95 gap ${ms(pct(r.gaps, 0.95))}); long tasks ${r.longTasks.length}, longest ${ms(Math.max(0, ...r.longTasks.map(([, d]) => d)))}`);
  }
} finally {
  await browser.close();
  if (!process.env.BENCH_KEEP_STACK) {
    await api('DELETE', `/stacks/${name}/${created.id}`).catch(() => {});
  }
}
