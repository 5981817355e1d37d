// The console's session and its calls to Hearth's API (the same API and checks as any client).

export interface Session {
  token: string;
  tenant: string;
  roles?: string[];
  expires_at?: string | null;
}

const KEY = 'hearth.console.session';

export function session(): Session | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Session;
  } catch {
    return null;
  }
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
}

/** An API answer that was not 2xx: the message is Heat's `error.message`, verbatim. */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly type?: string) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Turns a failed response into an ApiError with the API's own words. */
export async function toError(r: Response): Promise<ApiError> {
  const text = await r.text().catch(() => '');
  let message = `${r.status} ${r.statusText}`.trim();
  let type: string | undefined;
  try {
    const body = JSON.parse(text);
    message = body?.error?.message ?? body?.explanation ?? body?.message ?? message;
    type = body?.error?.type;
  } catch {
    if (text.trim()) message = text.trim();
  }
  return new ApiError(message, r.status, type);
}

export type SignIn = { token: string } | { username: string; password: string; project: string; domain?: string };

export async function signIn(body: SignIn): Promise<Session> {
  const r = await fetch('/console/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw await toError(r);
  const s = (await r.json()).session as Session;
  sessionStorage.setItem(KEY, JSON.stringify(s));
  return s;
}

/** The tenant's API path for a path under /v1/{tenant}. */
export function tenantPath(path: string): string {
  const s = session();
  if (!s) throw new ApiError('Not signed in', 401);
  return `/v1/${encodeURIComponent(s.tenant)}${path}`;
}

export function authHeaders(): Record<string, string> {
  const s = session();
  return s ? { 'X-Auth-Token': s.token } : {};
}

let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(f: () => void): void {
  onUnauthorized = f;
}

/** Calls /v1/{tenant}{path}; a JSON body, a JSON answer (null when empty). */
export async function api<T = any>(path: string, opts: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders(), Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(tenantPath(path), {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
    cache: 'no-store',
  });
  if (!r.ok) {
    const e = await toError(r);
    if (r.status === 401) onUnauthorized();
    throw e;
  }
  const text = await r.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const enc = encodeURIComponent;

export interface Stack {
  id: string;
  stack_name: string;
  stack_status: string;
  stack_status_reason?: string;
  creation_time?: string;
  updated_time?: string | null;
  description?: string;
  outputs?: { output_key: string; output_value: unknown; description?: string; output_error?: string }[];
  parameters?: Record<string, string>;
  parent?: string | null;
}

/** A stack by name (the API redirects to its canonical URL). */
export async function getStack(name: string, signal?: AbortSignal): Promise<Stack> {
  return (await api<{ stack: Stack }>(`/stacks/${enc(name)}`, { signal })).stack;
}

export function stackPath(st: { stack_name: string; id: string }): string {
  return `/stacks/${enc(st.stack_name)}/${enc(st.id)}`;
}
