// A small JSON client for the REST API of a running Nexus, acting with one bearer token.

export interface ApiResponse<T = any> {
  readonly status: number;
  readonly body: T;
}

export interface ApiClient {
  get<T = any>(path: string): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
}

export function apiClient(baseUrl: string, token: string): ApiClient {
  const call = async (method: string, path: string, body?: unknown): Promise<ApiResponse> => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}
