// Shared helpers of the console's browser tests (docs/console.md): Debian's Chromium driven by playwright-core,
// signed in through the console's own sign-in form, and the Heat API (for setting up what a test looks at and
// for checking what the console did) on the same origin.
import { chromium } from 'playwright-core';
import { after, before } from 'node:test';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONSOLE_URL = (process.env.HEARTH_CONSOLE_URL ?? 'http://127.0.0.1:8004').replace(/\/+$/, '');
export const TOKEN = process.env.HEARTH_TOKEN ?? 'hearth-dev-token';
export const OTHER_TOKEN = process.env.HEARTH_OTHER_TOKEN;
export const SCREENSHOTS = process.env.HEARTH_CONSOLE_SCREENSHOTS;
export const CHROMIUM = process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium';
export const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), 'templates');
export const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'examples');

/** Generous bounds: the tests wait for what a user would wait for, never assert how long it took. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

export const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
}

/**
 * The browser a test file's tests share: launched before them; after them it is closed and the stack the file
 * made is deleted. Call at the top level of the file; the returned function gives the browser.
 */
export function browserFor(stackName) {
  let browser;
  before(async () => { browser = await launch(); });
  after(async () => {
    await browser?.close();
    await deleteStack(stackName);
  });
  return () => browser;
}

/** A fresh browser context (its own sessionStorage) with one page, 1400x900. */
export async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30 * SECOND);
  page.on('pageerror', (error) => console.log(`# page error: ${error.message}`));
  return page;
}

/** A unique stack name for one test run. */
export function stackName(prefix) {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export function template(name) {
  return readFileSync(join(TEMPLATES, name), 'utf8');
}

export function templatePath(name) {
  return join(TEMPLATES, name);
}

// ---- the API -------------------------------------------------------------------------------------------

const tenants = new Map();

/** The tenant of a token, as the console's sign-in answers it. */
export async function tenantOf(token) {
  if (!tenants.has(token)) {
    const response = await fetch(`${CONSOLE_URL}/console/session`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }),
    });
    if (response.status !== 200) {
      throw new Error(`POST /console/session answered ${response.status}: ${await response.text()}`);
    }
    tenants.set(token, (await response.json()).session.tenant);
  }
  return tenants.get(token);
}

/** Calls the Heat API as the token's tenant; path is relative to /v1/{tenant}. Returns {status, body}. */
export async function api(method, path, body, token = TOKEN) {
  const tenant = await tenantOf(token);
  const url = path.startsWith('http') ? path : `${CONSOLE_URL}/v1/${tenant}${path}`;
  const response = await fetch(url, {
    method,
    headers: { 'x-auth-token': token, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  return { status: response.status, body: json };
}

/** Creates a stack through the API and returns its id. */
export async function createStack(name, templateText, parameters = {}, files = {}) {
  const { status, body } = await api('POST', '/stacks', {
    stack_name: name, template: templateText, parameters, files, timeout_mins: 10,
  });
  if (status !== 201) {
    throw new Error(`creating ${name} answered ${status}: ${JSON.stringify(body)}`);
  }
  return body.stack.id;
}

export async function showStack(name, token = TOKEN) {
  const { status, body } = await api('GET', `/stacks/${name}`, undefined, token);
  return status === 200 ? body.stack : undefined;
}

/** Waits until the stack's status is no longer *_IN_PROGRESS and returns the stack. */
export async function awaitStackSettled(name, timeoutMs = 3 * MINUTE) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stack = await showStack(name);
    if (stack && !stack.stack_status.endsWith('_IN_PROGRESS')) {
      return stack;
    }
    if (Date.now() > deadline) {
      throw new Error(`${name} still ${stack?.stack_status} after ${timeoutMs / SECOND} s`);
    }
    await sleep(SECOND);
  }
}

export async function deleteStack(name) {
  const stack = await showStack(name);
  if (stack) {
    await api('DELETE', `/stacks/${name}/${stack.id}`);
  }
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---- the console ---------------------------------------------------------------------------------------

/**
 * Opens a console route (e.g. "/console/stacks/x") and signs in through the sign-in form with the token, as a user
 * does; returns once the console shows the route signed in (the header's sign-out button).
 */
export async function openSignedIn(page, route, token = TOKEN) {
  await page.goto(`${CONSOLE_URL}${route}`);
  await page.locator('form#signin-token').waitFor();
  await page.locator('#signin-token-value').fill(token);
  await page.locator('#signin-token-submit').click();
  await page.locator('#signout').waitFor();
}

/** Marks the page's window: it is gone after a reload (or a full navigation), so a test can show there was none. */
export async function markWindow(page) {
  await page.evaluate(() => { window.__hearthE2eMark = 'not reloaded'; });
}

export async function windowMarked(page) {
  return page.evaluate(() => window.__hearthE2eMark === 'not reloaded');
}

/**
 * Records every status each resource node showed, from now on: a MutationObserver on the document adds each
 * g.node's data-status to window.__hearthSeen[name] whenever a node is added or its data-status changes.
 */
export async function recordNodeStatuses(page) {
  await page.evaluate(() => {
    const seen = {};
    window.__hearthSeen = seen;
    const scan = () => {
      for (const node of document.querySelectorAll('svg#graph g.node[data-resource-name]')) {
        const name = node.getAttribute('data-resource-name');
        const status = node.getAttribute('data-status');
        (seen[name] ??= []);
        if (seen[name][seen[name].length - 1] !== status) {
          seen[name].push(status);
        }
      }
    };
    scan();
    new MutationObserver(scan).observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'],
    });
  });
}

export async function seenStatuses(page) {
  return page.evaluate(() => window.__hearthSeen);
}

/** The graph's nodes as {name, status, type, stack}, in document order. */
export async function graphNodes(page) {
  return page.locator('svg#graph g.node[data-resource-name]').evaluateAll((nodes) => nodes.map((n) => ({
    name: n.getAttribute('data-resource-name'),
    status: n.getAttribute('data-status'),
    type: n.getAttribute('data-resource-type'),
    stack: n.getAttribute('data-stack-name'),
  })));
}

/** Waits until fn(page) is truthy (polled every 250 ms), up to timeoutMs; returns its value or throws with why. */
export async function until(description, fn, timeoutMs = 2 * MINUTE) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await fn();
    if (last) {
      return last;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs / SECOND} s waiting for ${description}`);
    }
    await sleep(250);
  }
}

/** The node of a resource in the graph (the top stack's unless stack is given). */
export function node(page, name, stack) {
  const stackPart = stack ? `[data-stack-name="${stack}"]` : '';
  return page.locator(`svg#graph g.node[data-resource-name="${name}"]${stackPart}`).first();
}

/** Expands a compound node (a group or nested stack) if it is collapsed: clicks its [data-expanded=false] toggle. */
export async function expand(page, name, stack) {
  const target = node(page, name, stack);
  await target.waitFor();
  if ((await target.getAttribute('data-expanded')) === 'false') {
    const toggle = target.locator('[data-expanded]');
    if (await toggle.count()) {
      await toggle.first().click();
    } else {
      await target.focus();
      await target.press('Enter');
    }
  } else {
    const toggle = target.locator('[data-expanded="false"]');
    if (await toggle.count()) {
      await toggle.first().click();
    }
  }
}

/** Saves a full-page screenshot as NAME.png in HEARTH_CONSOLE_SCREENSHOTS (if set). */
export async function screenshot(page, name) {
  if (!SCREENSHOTS) {
    return;
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Clicks a resource node where a user would: on its own box (an expanded group's or nested stack's node also
 * holds its members' boxes, so its centre may be one of theirs).
 */
export async function clickNode(page, name, stack) {
  const target = node(page, name, stack);
  await target.waitFor();
  const box = target.locator('rect.box');
  await ((await box.count()) ? box.first() : target).click();
}
