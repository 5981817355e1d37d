// Template files chosen in the browser, and the parameters form built from POST /validate.
import { api } from './api';
import { h, replace } from './dom';

export interface TemplateFiles {
  template: string;
  templateName: string;
  files: Record<string, string>;
  environment?: string;
}

/** The template, its extra files (e.g. a template resource's member.yaml) and an environment. */
export function templateInputs(required: boolean) {
  const file = h('input', { id: 'template-file', type: 'file', accept: '.yaml,.yml,.json,.template,text/*', required });
  const extra = h('input', { id: 'template-files', type: 'file', multiple: true, accept: '.yaml,.yml,.json,.template,.sh,.py,text/*' });
  const env = h('input', { id: 'environment-file', type: 'file', accept: '.yaml,.yml,.json,text/*' });
  const fields = h('div', { class: 'fields' },
    h('label', { for: 'template-file' }, 'Template'), file,
    h('label', { for: 'template-files' }, 'Files the template uses (template resources, scripts)'), extra,
    h('label', { for: 'environment-file' }, 'Environment (optional)'), env);
  const read = async (): Promise<TemplateFiles | null> => {
    const f = file.files?.[0];
    if (!f) return null;
    const files: Record<string, string> = {};
    for (const x of Array.from(extra.files ?? [])) files[x.name] = await x.text();
    const e = env.files?.[0];
    return { template: await f.text(), templateName: f.name, files, environment: e ? await e.text() : undefined };
  };
  return { file, extra, env, fields, read };
}

export interface ParamSchema {
  Type?: string;
  Default?: unknown;
  Label?: string;
  Description?: string;
  NoEcho?: string | boolean;
  AllowedValues?: unknown[];
}

/** The template's parameters, as POST /validate gives them (errors carry line and column). */
export async function validate(t: TemplateFiles, signal?: AbortSignal): Promise<Record<string, ParamSchema>> {
  const body: Record<string, unknown> = { template: t.template, files: t.files };
  if (t.environment) body.environment = t.environment;
  const r = await api<{ Parameters?: Record<string, ParamSchema> }>('/validate', { method: 'POST', body, signal });
  return r?.Parameters ?? {};
}

const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Renders one input[data-param=KEY] per parameter (OS:: pseudo parameters left out); values over defaults. */
export function paramsForm(container: HTMLElement, params: Record<string, ParamSchema>, values: Record<string, string> = {}): void {
  const keys = Object.keys(params).filter((k) => !k.startsWith('OS::'));
  if (!keys.length) {
    replace(container, h('p', { class: 'muted' }, 'This template has no parameters.'));
    return;
  }
  replace(container, h('h2', {}, 'Parameters'), ...keys.map((k) => {
    const p = params[k];
    const id = `param-${k.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const hidden = p.NoEcho === true || p.NoEcho === 'true';
    const value = k in values ? values[k] : text(p.Default);
    const label = p.Label || k;
    return h('div', { class: 'param' },
      h('label', { for: id }, label, p.Type ? h('span', { class: 'muted' }, ` (${p.Type})`) : null),
      h('input', { id, type: hidden ? 'password' : 'text', 'data-param': k, value, 'aria-describedby': p.Description ? `${id}-desc` : null }),
      p.Description && h('small', { id: `${id}-desc`, class: 'muted' }, p.Description));
  }));
}

/** The form's parameter values: all of them, or only those that differ from `original`. */
export function paramValues(container: HTMLElement, original?: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  container.querySelectorAll<HTMLInputElement>('input[data-param]').forEach((i) => {
    const k = i.dataset.param!;
    if (original && original[k] === i.value) return;
    out[k] = i.value;
  });
  return out;
}
