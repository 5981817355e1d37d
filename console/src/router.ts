// Client routes under /console: history.pushState, with real <a href> links intercepted.

export type Page = (root: HTMLElement, params: string[], signal: AbortSignal) => void | Promise<void>;

const routes: [RegExp, Page][] = [];
let current: AbortController | null = null;
let render: (page: Page | null, params: string[], signal: AbortSignal) => void = () => {};

export function route(pattern: RegExp, page: Page): void {
  routes.push([pattern, page]);
}

export function onRender(f: typeof render): void {
  render = f;
}

export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  dispatch();
}

/** Renders the page of the current location; the previous page's work (streams, fetches) is aborted. */
export function dispatch(): void {
  current?.abort();
  current = new AbortController();
  const path = location.pathname;
  for (const [re, page] of routes) {
    const m = re.exec(path);
    if (m) {
      render(page, m.slice(1).map((p) => decodeURIComponent(p)), current.signal);
      return;
    }
  }
  render(null, [], current.signal);
}

export function startRouter(): void {
  window.addEventListener('popstate', dispatch);
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest?.('a');
    if (!a || a.target || a.hasAttribute('download')) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/console')) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
  dispatch();
}

/** A console link for a path under /console. */
export function consoleHref(path: string): string {
  return `/console${path}`;
}
