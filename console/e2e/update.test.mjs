// Done-when (issue 34): an update shows its diff before it runs. The user opens the update page from the stack's
// toolbar, uploads the new template, asks for the preview and sees each resource's change and the template's text
// diff while the stack is still untouched; confirming runs the update.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib.mjs';

const name = h.stackName('console-update');

const browser = h.browserFor(name);

test('an update shows its diff before it runs', async () => {
  const id = await h.createStack(name, h.template('update-old.yaml'));
  assert.equal((await h.awaitStackSettled(name)).stack_status, 'CREATE_COMPLETE');
  // What the API's preview says the update does: the console must show the same.
  const { body: preview } = await h.api('PUT', `/stacks/${name}/${id}/preview`,
    { template: h.template('update-new.yaml'), parameters: {} });
  const expected = {};
  for (const [change, resources] of Object.entries(preview.resource_changes)) {
    for (const r of resources) {
      expected[r.resource_name] = change;
    }
  }
  assert.equal(expected.added, 'added');
  assert.equal(expected.removed, 'deleted');

  const page = await h.newPage(browser());
  await h.openSignedIn(page, `/console/stacks/${name}`);
  await page.locator('#stack-status[data-status="CREATE_COMPLETE"]').waitFor();
  await h.markWindow(page);
  await page.locator('a#action-update').click();
  await page.waitForURL(new RegExp(`/console/stacks/${name}/update$`));
  await page.locator('input#template-file').setInputFiles(h.templatePath('update-new.yaml'));
  await page.locator('input[data-param="size"]').waitFor();
  await page.locator('button#update-preview').click();

  const diff = page.locator('#preview-diff');
  await diff.waitFor();
  for (const [resource, change] of Object.entries(expected)) {
    await diff.locator(`[data-change="${change}"][data-resource-name="${resource}"]`)
      .waitFor({ timeout: 30 * h.SECOND });
  }
  const lines = (await page.locator('#template-diff').innerText()).split('\n');
  assert.ok(lines.some((l) => /^\s*\+.*value: new value/.test(l)), `a + line with the new value in:\n${lines.join('\n')}`);
  assert.ok(lines.some((l) => /^\s*-.*value: old value/.test(l)), 'a - line with the old value');
  assert.ok(lines.some((l) => /^\s*-\s*removed:/.test(l)), 'a - line for the removed resource');
  assert.ok(lines.some((l) => /^\s*\+\s*added:/.test(l)), 'a + line for the added resource');

  // Nothing has run yet: the stack still has its old status and template.
  const before = await h.showStack(name);
  assert.equal(before.stack_status, 'CREATE_COMPLETE');
  const { body: current } = await h.api('GET', `/stacks/${name}/${id}/template`);
  assert.ok(current.resources.removed && !current.resources.added, 'the stack still has its old template');
  assert.ok(await page.locator('button#update-confirm').isEnabled(), 'confirm is enabled after the preview');
  await h.screenshot(page, 'update-preview');

  await page.locator('button#update-confirm').click();
  await page.waitForURL(new RegExp(`/console/stacks/${name}$`));
  await page.locator('#stack-status[data-status="UPDATE_COMPLETE"]').waitFor({ timeout: 2 * h.MINUTE });
  // The added resource is drawn, created; the removed one is deleted (gone, or shown DELETE_COMPLETE until a reload).
  await h.until('the added node CREATE_COMPLETE and the removed one deleted', async () => {
    const nodes = await h.graphNodes(page);
    return nodes.some((n) => n.name === 'added' && n.status === 'CREATE_COMPLETE')
      && nodes.every((n) => n.name !== 'removed' || n.status === 'DELETE_COMPLETE')
      && nodes.some((n) => n.name === 'changed' && n.status === 'UPDATE_COMPLETE');
  }, h.MINUTE);
  const after = await h.showStack(name);
  assert.equal(after.stack_status, 'UPDATE_COMPLETE');
  assert.ok(await h.windowMarked(page), 'the page was never reloaded');
});
