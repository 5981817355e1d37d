// Done-when (issue 34): a failed deployment shows its stderr. A script deployment on a server of the local compute
// driver writes to stderr and exits 3; its deployment page, reached from the stack's graph, shows the run and its
// stderr.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib.mjs';

const name = h.stackName('console-failing');

const browser = h.browserFor(name);

test('a failed deployment shows its stderr on its deployment page', async () => {
  await h.createStack(name, h.template('failing-deployment.yaml'));
  const stack = await h.awaitStackSettled(name);
  assert.equal(stack.stack_status, 'CREATE_FAILED', stack.stack_status_reason);

  const page = await h.newPage(browser());
  await h.openSignedIn(page, `/console/stacks/${name}`);
  const broken = h.node(page, 'broken');
  await broken.waitFor();
  await h.until('the deployment node to show CREATE_FAILED',
    async () => (await broken.getAttribute('data-status')) === 'CREATE_FAILED', h.MINUTE);
  await h.clickNode(page, 'broken');
  await page.locator('#resource-panel').waitFor();
  assert.match(await page.locator('#resource-panel').innerText(), /non-zero status code: 3/);
  await page.locator('a#open-deployment').click();
  await page.waitForURL(new RegExp(`/console/stacks/${name}/deployments/[0-9a-f-]+$`));

  await h.until('the deployment status FAILED', async () =>
    /FAILED/.test((await page.locator('#deployment-status').getAttribute('data-status').catch(() => '')) ?? ''), h.MINUTE);
  const run = page.locator('table#runs tr.run').first();
  await run.waitFor();
  assert.equal(await run.getAttribute('data-action'), 'CREATE');
  assert.match(await run.getAttribute('data-status'), /FAILED/);
  if (!(await page.locator('pre.stderr').count())) {
    await run.click(); // the run's details open on selection
  }
  await h.until('the run\'s stderr', async () =>
    (await page.locator('pre.stderr').allInnerTexts()).join('\n')
      .includes('fatal: cannot open /etc/hearth-e2e/db.conf: no such file'), h.MINUTE);
  assert.match((await page.locator('pre.stdout').allInnerTexts()).join('\n'), /configuring the database/);
  await h.screenshot(page, 'deployment-stderr');
});
