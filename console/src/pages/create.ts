// Create a stack from an uploaded template, its parameters as a form.
import { api } from '../api';
import { errorBox, h, messageOf, replace } from '../dom';
import { navigate } from '../router';
import { paramsForm, paramValues, TemplateFiles, templateInputs, validate } from '../template';

export function createPage(root: HTMLElement, _params: string[], signal: AbortSignal): void {
  const name = h('input', { id: 'stack-name', type: 'text', required: true, pattern: '[A-Za-z][A-Za-z0-9_.\\-]*', autocomplete: 'off' });
  const inputs = templateInputs(true);
  const errors = h('div', { 'aria-live': 'polite' });
  const params = h('div', { id: 'parameters-form' });
  const submit = h('button', { id: 'create-submit', type: 'submit', disabled: true }, 'Create stack');
  let current: TemplateFiles | null = null;

  const check = async () => {
    replace(errors);
    submit.disabled = true;
    replace(params);
    try {
      current = await inputs.read();
      if (!current) return;
      if (!name.value) name.value = current.templateName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_.-]/g, '-').replace(/^[^A-Za-z]+/, '') || '';
      paramsForm(params, await validate(current, signal));
      submit.disabled = false;
    } catch (e) {
      if (!signal.aborted) replace(errors, errorBox(messageOf(e)));
    }
  };
  inputs.file.addEventListener('change', check);
  inputs.extra.addEventListener('change', check);
  inputs.env.addEventListener('change', check);

  const form = h('form', { id: 'create-form', class: 'card wide' },
    h('label', { for: 'stack-name' }, 'Stack name'), name, inputs.fields, params, errors,
    h('div', { class: 'buttons' }, h('a', { href: '/console/', class: 'button secondary' }, 'Cancel'), submit));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!current) return;
    submit.disabled = true;
    replace(errors);
    try {
      const body: Record<string, unknown> = {
        stack_name: name.value.trim(), template: current.template, files: current.files, parameters: paramValues(params),
      };
      if (current.environment) body.environment = current.environment;
      await api('/stacks', { method: 'POST', body, signal });
      navigate(`/console/stacks/${encodeURIComponent(name.value.trim())}`);
    } catch (err) {
      if (!signal.aborted) replace(errors, errorBox(messageOf(err)));
      submit.disabled = false;
    }
  });
  replace(root, h('h1', {}, 'Create a stack'), form);
  name.focus();
}
