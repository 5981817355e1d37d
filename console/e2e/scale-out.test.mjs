// Done-when (issue 34): a scale-out of the cluster example adds its members to the graph and its generation to
// the timeline without a reload. deploy/examples/cluster/ is created with 2 members; one tab shows the stack's
// graph, another the group's page; POSTing the scale_to_four ScalingPolicy's pre-signed alarm_url (as
// deploy/demo-cluster does) makes it four members, and both tabs follow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './lib.mjs';

const name = h.stackName('console-cluster');
const cluster = (file) => readFileSync(join(h.EXAMPLES, 'cluster', file), 'utf8');

const browser = h.browserFor(name);

/** The names of the group's members drawn in the graph (nodes of the template resource member.yaml). */
async function memberNodes(page) {
  return (await h.graphNodes(page)).filter((n) => /member\.yaml$/.test(n.type ?? '')).map((n) => n.name);
}

async function generations(page) {
  return page.locator('ol#timeline li.generation').evaluateAll((items) =>
    items.map((li) => Number(li.getAttribute('data-generation'))));
}

test('a scale-out adds its members to the graph and its generation to the group\'s timeline without a reload', async () => {
  await h.createStack(name, cluster('cluster.yaml'), { size: 2 }, { 'member.yaml': cluster('member.yaml') });
  const created = await h.awaitStackSettled(name, 4 * h.MINUTE);
  assert.equal(created.stack_status, 'CREATE_COMPLETE', created.stack_status_reason);
  const scaleUrl = created.outputs.find((o) => o.output_key === 'scale_to_four_url').output_value;

  // Tab 1: the stack's graph, the group expanded in place.
  const graph = await h.newPage(browser());
  await h.openSignedIn(graph, `/console/stacks/${name}`);
  await h.expand(graph, 'members');
  const before2 = await h.until('the graph to draw the 2 members', async () => {
    const members = await memberNodes(graph);
    return members.length === 2 && members;
  }, h.MINUTE);
  await h.markWindow(graph);

  // Tab 2: the group's page, reached from the group's node.
  const group = await h.newPage(browser());
  await h.openSignedIn(group, `/console/stacks/${name}`);
  await h.clickNode(group, 'members');
  await group.locator('#resource-panel').waitFor();
  await group.locator('a#open-group').click();
  await group.waitForURL(new RegExp(`/console/stacks/${name}/groups/members$`));
  await h.until('2 current members', async () => (await group.locator('ul#members li[data-member]').count()) === 2, h.MINUTE);
  const generationsBefore = await h.until('the creation\'s generation on the timeline',
    async () => { const g = await generations(group); return g.length > 0 && g; }, h.MINUTE);
  await h.markWindow(group);

  // Scale out, as deploy/demo-cluster does: a POST to the pre-signed alarm URL, without a token.
  const scaled = await fetch(scaleUrl, { method: 'POST' });
  assert.ok(scaled.ok, `POST alarm_url answered ${scaled.status}`);

  const after4 = await h.until('the graph to draw 4 members', async () => {
    const members = await memberNodes(graph);
    return members.length === 4 && members;
  }, 4 * h.MINUTE);
  const joined = after4.filter((m) => !before2.includes(m));
  assert.equal(joined.length, 2, `two new members: ${after4}`);
  await h.until('the new members\' nodes CREATE_COMPLETE', async () => {
    const nodes = await h.graphNodes(graph);
    return joined.every((m) => nodes.some((n) => n.name === m && n.status === 'CREATE_COMPLETE'));
  }, 4 * h.MINUTE);

  const newest = await h.until('a new generation on the timeline', async () => {
    const g = await generations(group);
    return g.length > generationsBefore.length && Math.max(...g) > Math.max(...generationsBefore) && Math.max(...g);
  }, 4 * h.MINUTE);
  await h.until('4 current members', async () => (await group.locator('ul#members li[data-member]').count()) === 4, h.MINUTE);
  const generation = group.locator(`ol#timeline li.generation[data-generation="${newest}"]`);
  const joinedShown = await h.until('the new generation to list its two joined members', async () => {
    const shown = await generation.locator('.joined li[data-member]').evaluateAll(
      (items) => items.map((li) => li.getAttribute('data-member')));
    return shown.length === 2 && shown;
  }, h.MINUTE);
  console.log(`# generation ${newest} joined: ${joinedShown.join(', ')} (new members in the graph: ${joined.join(', ')})`);

  await h.until('every member CREATE_COMPLETE on the group page', async () => {
    const members = await group.locator('ul#members li[data-member]').allInnerTexts();
    return members.length === 4 && members.every((m) => m.includes('CREATE_COMPLETE'));
  }, 4 * h.MINUTE);

  assert.ok(await h.windowMarked(graph), 'the graph tab was never reloaded');
  assert.ok(await h.windowMarked(group), 'the group tab was never reloaded');
  await h.screenshot(group, 'group-timeline');
  await h.screenshot(graph, 'cluster-graph');
});
