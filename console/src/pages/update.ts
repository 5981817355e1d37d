// Update a stack: a new template (optional) and parameters, the preview's resource changes and the
// template's text diff shown first; only then can the update run.
import { createTwoFilesPatch } from 'diff';
import { parse, stringify } from 'yaml';
import { api, stackPath } from '../api';
import { errorBox, h, messageOf, replace } from '../dom';
import { navigate } from '../router';
import { consoleStackHref } from '../resources';
import { ParamSchema, paramsForm, paramValues, TemplateFiles, templateInputs, validate } from '../template';
import { loadStack } from './stack';

const CHANGES = ['added', 'deleted', 'replaced', 'updated', 'unchanged'] as const;

export async function updatePage(root: HTMLElement, [name]: string[], signal: AbortSignal): Promise<void> {
  const stack = await loadStack(root, name, signal);
  if (!stack) return;
  const base = stackPath(stack);
  const current = await api<Record<string, unknown>>(`${base}/template`, { signal });
  const currentText = stringify(current, { sortMapEntries: true });
  const inputs = templateInputs(false);
  const params = h('div', { id: 'parameters-form' });
  const errors = h('div', { 'aria-live': 'polite' });
  const previewDiff = h('div', { id: 'preview-diff', class: 'preview', hidden: true });
  const templateDiff = h('div', { id: 'template-diff', class: 'diff', hidden: true });
  const previewButton = h('button', { id: 'update-preview', type: 'button' }, 'Preview the update');
  const confirm = h('button', { id: 'update-confirm', type: 'submit', class: 'danger', disabled: true }, 'Update the stack');
  const original: Record<string, string> = {};
  for (const [k, v] of Object.entries(stack.parameters ?? {})) if (!k.startsWith('OS::')) original[k] = v;
  let chosen: TemplateFiles | null = null;

  const stale = () => {
    confirm.disabled = true;
    previewDiff.hidden = true;
    templateDiff.hidden = true;
  };
  // Parameters: the chosen template's (validated), else the current template's, with the stack's values.
  const loadParams = async () => {
    replace(errors);
    stale();
    try {
      chosen = await inputs.read();
      const schema: Record<string, ParamSchema> = chosen
        ? await validate(chosen, signal)
        : await validate({ template: JSON.stringify(current), templateName: 'current', files: {} }, signal).catch(() =>
          Object.fromEntries(Object.keys(original).map((k) => [k, {}])));
      paramsForm(params, schema, original);
      params.querySelectorAll('input').forEach((i) => i.addEventListener('input', stale));
    } catch (e) {
      if (!signal.aborted) replace(errors, errorBox(messageOf(e)));
    }
  };
  inputs.file.addEventListener('change', loadParams);
  inputs.extra.addEventListener('change', loadParams);
  inputs.env.addEventListener('change', loadParams);

  // The body for preview and update: PUT with a new template, PATCH (existing) without one.
  const request = () => {
    const parameters = paramValues(params, original);
    // A hidden parameter shows as ****** : never send that back.
    for (const [k, v] of Object.entries(parameters)) if (/^\*+$/.test(v)) delete parameters[k];
    if (!chosen) return { method: 'PATCH', body: { parameters } as Record<string, unknown> };
    const body: Record<string, unknown> = { template: chosen.template, files: chosen.files, parameters };
    if (chosen.environment) body.environment = chosen.environment;
    return { method: 'PUT', body };
  };

  previewButton.addEventListener('click', async () => {
    replace(errors);
    stale();
    previewButton.disabled = true;
    try {
      const { method, body } = request();
      const preview = await api<{ resource_changes: Record<string, { resource_name: string; resource_type?: string }[]> }>(`${base}/preview`, { method, body, signal });
      const changes = preview?.resource_changes ?? {};
      replace(previewDiff, h('h2', {}, 'Resource changes'),
        h('ul', { class: 'changes' }, ...CHANGES.flatMap((c) => (changes[c] ?? []).map((r) => h('li', { 'data-change': c, 'data-resource-name': r.resource_name },
          h('span', { class: `tag change-${c}` }, c), ' ', h('strong', {}, r.resource_name), r.resource_type ? h('span', { class: 'muted' }, ` ${r.resource_type}`) : null)))));
      const newText = chosen ? canonical(chosen.template) : currentText;
      const patch = createTwoFilesPatch('current template', chosen ? chosen.templateName : 'current template (kept)', currentText, newText, '', '', { context: 3 });
      const all = patch.split('\n');
      const first = all.findIndex((l) => l.startsWith('@@'));
      // Heading lines (--- current, +++ new) then the hunks; no hunk when nothing changed.
      const lines = first < 0 ? [] : [all.find((l) => l.startsWith('---'))!, all.find((l) => l.startsWith('+++'))!, ...all.slice(first)]
        .filter((l) => l !== '\\ No newline at end of file');
      replace(templateDiff, h('h2', {}, 'Template'),
        newText === currentText ? h('p', { class: 'muted' }, 'The template does not change.') : null,
        lines.length === 0 ? null : h('pre', { class: 'code diff-text' }, ...lines.map((l, i) => h('span', {
          class: i < 2 ? 'file' : l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : l.startsWith('@@') ? 'hunk' : 'ctx',
        }, l + '\n'))));
      previewDiff.hidden = false;
      templateDiff.hidden = false;
      confirm.disabled = false;
    } catch (e) {
      if (!signal.aborted) replace(errors, errorBox(messageOf(e)));
    } finally {
      previewButton.disabled = false;
    }
  });

  const form = h('form', { id: 'update-form', class: 'card wide' },
    h('p', { class: 'muted' }, 'Without a template file the current template is kept.'),
    inputs.fields, params, h('div', { class: 'buttons' }, previewButton), errors, previewDiff, templateDiff,
    h('div', { class: 'buttons' }, h('a', { class: 'button secondary', href: consoleStackHref(stack.stack_name) }, 'Cancel'), confirm));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (confirm.disabled) return;
    confirm.disabled = true;
    replace(errors);
    try {
      const { method, body } = request();
      await api(base, { method, body, signal });
      navigate(consoleStackHref(stack.stack_name));
    } catch (err) {
      if (!signal.aborted) replace(errors, errorBox(messageOf(err)));
      confirm.disabled = false;
    }
  });
  replace(root, h('p', { class: 'crumbs' }, h('a', { href: consoleStackHref(stack.stack_name) }, stack.stack_name), ' › update'),
    h('h1', {}, `Update ${stack.stack_name}`), form);
  await loadParams();
}

/** A template written as the current one is (parsed, keys sorted, YAML), so the diff shows only real changes. */
function canonical(text: string): string {
  try {
    return stringify(parse(text), { sortMapEntries: true });
  } catch {
    return text;
  }
}
