// Done-when (issue 34): another tenant's stack URL shows "not found". A stack of tenant A is shown to A's session;
// B's session, given the same URL, sees "not found" and none of the stack's data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib.mjs';

const name = h.stackName('console-private');

const browser = h.browserFor(name);

test('another tenant\'s stack URL shows "not found" and none of its data', { skip: h.OTHER_TOKEN ? false
  : 'HEARTH_OTHER_TOKEN (a token of another tenant) is not set' }, async () => {
  const id = await h.createStack(name, h.template('small.yaml'));
  const stack = await h.awaitStackSettled(name);
  assert.equal(stack.stack_status, 'CREATE_COMPLETE');
  const secret = stack.outputs.find((o) => o.output_key === 'secret_output').output_value;
  const other = await h.tenantOf(h.OTHER_TOKEN);
  assert.notEqual(other, await h.tenantOf(h.TOKEN), 'HEARTH_OTHER_TOKEN must be a token of another tenant');

  // Its own tenant sees it.
  const own = await h.newPage(browser());
  await h.openSignedIn(own, `/console/stacks/${name}`);
  await h.node(own, 'secret_looking_resource').waitFor();
  await own.locator('#stack-status[data-status="CREATE_COMPLETE"]').waitFor();

  // Another tenant, at the same URL, does not.
  const page = await h.newPage(browser());
  await h.openSignedIn(page, `/console/stacks/${name}`, h.OTHER_TOKEN);
  await h.until('the tenant in the header', async () =>
    (await page.locator('#tenant').innerText()).includes(other), 30 * h.SECOND);
  const notFound = page.locator('#not-found');
  await notFound.waitFor();
  assert.match(await notFound.innerText(), /not found/i);
  await h.sleep(2 * h.SECOND); // anything the page would still draw of the stack, it has drawn by now
  assert.equal(await page.locator('svg#graph g.node').count(), 0, 'no resource node');
  assert.equal(await page.locator('#stack-status').count(), 0, 'no stack status');
  const html = await page.content();
  for (const leak of [id, 'secret_looking_resource', 'secret_output', secret]) {
    assert.ok(!html.includes(leak), `the page shows nothing of the stack, but it contains ${leak}`);
  }
  await h.screenshot(page, 'not-found');
});
