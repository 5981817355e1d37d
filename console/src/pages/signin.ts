// Sign-in: a token, or a Keystone username and password (POST /console/session).
import { signIn } from '../api';
import { errorBox, h, messageOf, replace } from '../dom';

export function signInPage(root: HTMLElement, done: () => void): void {
  const status = h('div', { class: 'signin-status' });
  const submit = async (e: Event, body: () => Parameters<typeof signIn>[0], button: HTMLButtonElement) => {
    e.preventDefault();
    button.disabled = true;
    replace(status);
    try {
      await signIn(body());
      done();
    } catch (err) {
      replace(status, errorBox(messageOf(err)));
      button.disabled = false;
    }
  };
  const tokenInput = h('input', { id: 'signin-token-value', type: 'password', required: true, autocomplete: 'off' });
  const tokenButton = h('button', { id: 'signin-token-submit', type: 'submit' }, 'Sign in with token');
  const tokenForm = h('form', { id: 'signin-token', class: 'card' },
    h('h2', {}, 'Token'),
    h('label', { for: 'signin-token-value' }, 'Keystone token'), tokenInput, tokenButton);
  tokenForm.addEventListener('submit', (e) => submit(e, () => ({ token: tokenInput.value.trim() }), tokenButton));

  const field = (id: string, label: string, type = 'text', value = '') =>
    [h('label', { for: id }, label), h('input', { id, type, value, autocomplete: type === 'password' ? 'current-password' : 'on' })] as const;
  const [lu, user] = field('signin-username', 'Username');
  const [lp, pass] = field('signin-password', 'Password', 'password');
  const [lpr, project] = field('signin-project', 'Project');
  const [ld, domain] = field('signin-domain', 'Domain', 'text', 'Default');
  const passButton = h('button', { id: 'signin-password-submit', type: 'submit' }, 'Sign in');
  const passForm = h('form', { id: 'signin-password', class: 'card' },
    h('h2', {}, 'Username and password'), lu, user, lp, pass, lpr, project, ld, domain, passButton);
  passForm.addEventListener('submit', (e) => submit(e, () => ({
    username: user.value.trim(), password: pass.value, project: project.value.trim(),
    ...(domain.value.trim() ? { domain: domain.value.trim() } : {}),
  }), passButton));

  replace(root, h('h1', {}, 'Sign in to Hearth'), status, h('div', { class: 'signin' }, tokenForm, passForm));
  tokenInput.focus();
}
