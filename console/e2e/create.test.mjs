// Done-when (issue 34): a stack created through the console reaches CREATE_COMPLETE, every node turning
// CREATE_COMPLETE live. The user uploads a template file, fills its parameter form and submits; the stack's page
// then shows each resource node change status as the stream's events arrive, with no reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib.mjs';

const name = h.stackName('console-create');

const browser = h.browserFor(name);

test('a stack created through the console reaches CREATE_COMPLETE, every node turning CREATE_COMPLETE live', async () => {
  const page = await h.newPage(browser());
  await h.openSignedIn(page, '/console/');
  await page.locator('table#stacks').waitFor();
  await h.markWindow(page);

  await page.locator('a#create-stack').click();
  await page.waitForURL(/\/console\/create$/);
  await page.locator('input#template-file').setInputFiles(h.templatePath('create.yaml'));
  // The template's parameters become a form, with their defaults filled in.
  const greeting = page.locator('input[data-param="greeting"]');
  await greeting.waitFor();
  assert.equal(await greeting.inputValue(), 'Hello from the console');
  assert.equal(await page.locator('input[data-param="wait_secs"]').inputValue(), '3');
  await page.locator('input#stack-name').fill(name);
  await greeting.fill('Hi from the browser test');

  await h.recordNodeStatuses(page);
  await page.locator('button#create-submit').click();
  await page.waitForURL(new RegExp(`/console/stacks/${name}$`), { timeout: h.MINUTE });

  const names = ['first', 'second', 'password', 'summary'];
  await h.until('the four resource nodes', async () => (await h.graphNodes(page)).length >= names.length, h.MINUTE);
  await h.until('every node CREATE_COMPLETE', async () => {
    const nodes = await h.graphNodes(page);
    return names.every((n) => nodes.some((x) => x.name === n && x.status === 'CREATE_COMPLETE'));
  }, 3 * h.MINUTE);
  await page.locator('#stack-status[data-status="CREATE_COMPLETE"]').waitFor({ timeout: h.MINUTE });
  assert.match(await page.locator('#stack-status').innerText(), /CREATE_COMPLETE/);

  // Live: the nodes changed in this page as events arrived; it was never reloaded.
  const seen = await h.seenStatuses(page);
  console.log(`# statuses each node showed: ${JSON.stringify(seen)}`);
  for (const n of names) {
    assert.equal(seen[n]?.at(-1), 'CREATE_COMPLETE', `${n} ends CREATE_COMPLETE`);
  }
  assert.ok(names.some((n) => seen[n].includes('CREATE_IN_PROGRESS')
      && seen[n].indexOf('CREATE_IN_PROGRESS') < seen[n].lastIndexOf('CREATE_COMPLETE')),
  'at least one node was seen CREATE_IN_PROGRESS, then CREATE_COMPLETE');
  assert.ok(seen.summary.length > 1, `the last resource, summary, was seen before it completed: ${seen.summary}`);
  assert.ok(await h.windowMarked(page), 'the page was never reloaded');

  // Each node says its status in words (not by colour alone), and the parameter the user typed reached the stack.
  assert.match(await h.node(page, 'summary').getAttribute('aria-label'), /summary.*CREATE_COMPLETE/);
  assert.match(await h.node(page, 'summary').textContent(), /CREATE_COMPLETE|COMPLETE/);
  await page.locator('#tab-outputs').click();
  await h.until('the greeting output', async () =>
    (await page.locator('#panel-outputs [data-output="greeting"]').allTextContents()).join(' ')
      .includes('Hi from the browser test'), h.MINUTE).catch(async (e) => {
    const api = await h.showStack(name);
    throw new Error(`${e.message}; the outputs tab shows ${JSON.stringify(await page.locator('#panel-outputs').innerText())},`
      + ` #stack-status ${await page.locator('#stack-status').getAttribute('data-status')}; the API: ${api.stack_status},`
      + ` outputs ${JSON.stringify(api.outputs)}`);
  });
  await page.locator('#tab-events').click();
  await page.locator('#panel-events li.event[data-resource-name="summary"][data-status="CREATE_COMPLETE"]').first().waitFor();
  await h.screenshot(page, 'stack-graph');

  // The stacks list shows it, and its filter finds it.
  await page.goto(`${h.CONSOLE_URL}/console/`);
  const row = page.locator(`table#stacks tr[data-stack-name="${name}"]`);
  await row.waitFor();
  await h.until('the stacks list to show it CREATE_COMPLETE', async () =>
    (await row.getAttribute('data-status')) === 'CREATE_COMPLETE', 30 * h.SECOND);
  assert.match(await row.innerText(), /CREATE_COMPLETE/);
  await h.screenshot(page, 'stacks-list');
  await page.locator('input#stack-filter').fill(name);
  await h.until('the filter to leave only this stack', async () => {
    const visible = await page.locator('table#stacks tr[data-stack-name]:visible').evaluateAll(
      (rows) => rows.map((r) => r.getAttribute('data-stack-name')));
    return visible.length === 1 && visible[0] === name;
  }, 30 * h.SECOND);
});
