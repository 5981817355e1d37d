// Hearth's console: a single-page app under /console (docs/console.md).
import './style.css';
import { clearSession, session, setUnauthorizedHandler } from './api';
import { h, replace } from './dom';
import { dispatch, onRender, route, startRouter, navigate } from './router';
import { signInPage } from './pages/signin';
import { stacksPage } from './pages/stacks';
import { createPage } from './pages/create';
import { stackPage } from './pages/stack';
import { updatePage } from './pages/update';
import { deploymentPage } from './pages/deployment';
import { groupPage } from './pages/group';

route(/^\/console\/?$/, stacksPage);
route(/^\/console\/create\/?$/, createPage);
route(/^\/console\/stacks\/([^/]+)\/?$/, stackPage);
route(/^\/console\/stacks\/([^/]+)\/update\/?$/, updatePage);
route(/^\/console\/stacks\/([^/]+)\/deployments\/([^/]+)\/?$/, deploymentPage);
route(/^\/console\/stacks\/([^/]+)\/groups\/([^/]+)\/?$/, groupPage);

const app = document.getElementById('app')!;

function header(): HTMLElement {
  const s = session();
  return h('header', { class: 'top' },
    h('a', { href: '/console/', class: 'brand' }, 'Hearth'),
    h('nav', { 'aria-label': 'Main' }, h('a', { href: '/console/' }, 'Stacks'), h('a', { href: '/console/create' }, 'Create')),
    h('span', { class: 'spacer' }),
    s && h('span', { class: 'tenant-label' }, 'Tenant ', h('strong', { id: 'tenant' }, s.tenant)),
    s && h('button', {
      id: 'signout', type: 'button', onclick: () => {
        clearSession();
        dispatch();
      },
    }, 'Sign out'));
}

onRender((page, params, signal) => {
  const main = h('main', { id: 'main' });
  if (!session()) {
    replace(app, header(), main);
    signInPage(main, () => dispatch());
    return;
  }
  replace(app, header(), main);
  if (!page) {
    replace(main, h('h1', {}, 'Page not found'), h('p', { id: 'not-found' }, 'This page was not found. ', h('a', { href: '/console/' }, 'Stacks')));
    return;
  }
  void Promise.resolve(page(main, params, signal)).catch((e) => {
    if (!signal.aborted) main.append(h('p', { class: 'error', role: 'alert' }, e instanceof Error ? e.message : String(e)));
  });
});

setUnauthorizedHandler(() => {
  // The token expired or was revoked: sign in again, then come back here.
  clearSession();
  navigate(location.pathname, true);
});

startRouter();
