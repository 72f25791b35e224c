// The console's only way to the server: fetch against /api with the session's bearer token, errors turned into ApiError.

/** The API's one error shape, `{ error: { code, message, details } }`, as a thrown value. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The issues of a validation error (a JSON Pointer and a message each), when the API listed them. */
  get issues(): { path: string; message: string }[] {
    const issues = (this.details as { issues?: unknown } | undefined)?.issues;
    return Array.isArray(issues) ? (issues as { path: string; message: string }[]) : [];
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

type Listener = (err: ApiError) => void;

let token: string | null = null;
const unauthorizedListeners = new Set<Listener>();

export function setToken(value: string | null): void {
  token = value;
}

/** Called when the API refuses the token (expired, revoked), so the app can sign out. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function authHeaders(explicit?: string): Record<string, string> {
  const value = explicit ?? token;
  return value ? { authorization: `Bearer ${value}` } : {};
}

export async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: { error?: { code?: string; message?: string; details?: unknown } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: keep the status line
  }
  const err = new ApiError(res.status, body.error?.code ?? `http_${res.status}`, body.error?.message ?? (res.statusText || `HTTP ${res.status}`), body.error?.details);
  if (res.status === 401) for (const listener of unauthorizedListeners) listener(err);
  return err;
}

export interface RequestOptions {
  method?: string;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Use this token instead of the session's (the sign-in check). */
  token?: string;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(options.token) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check that Nexus is running.');
  }
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};

/** Multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can). */
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [key, value] of Object.entries(authHeaders())) xhr.setRequestHeader(key, value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload could not reach the server.'));
    xhr.onload = () => {
      const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as T);
      } else {
        void errorOf(res).then(reject);
      }
    };
    xhr.send(form);
  });
}
