import { REQUEST_TIMEOUT_MS, MESSAGES } from '@tillbook/contract/constants';
import { buildPath } from '@tillbook/contract/paths';
import type { Answer, Pagination, RouteDef, RouteOf, RouteRef } from '@tillbook/contract/common';
import type { z } from 'zod';
import { clearSession, sessionToken } from './session';

export const API_BASE = '/api/v1';

/** A failed call: the text to show, the HTTP status and the per-field messages of a 400. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly fields: Record<string, string>;
  readonly requestId: string | null;
  readonly body: unknown;

  constructor(message: string, init: { status: number; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    const error = asRecord(asRecord(init.body)?.error);
    this.code = typeof error?.code === 'string' ? error.code : null;
    this.requestId = typeof error?.requestId === 'string' ? error.requestId : null;
    const fields = asRecord(error?.fields);
    this.fields = Object.fromEntries(
      Object.entries(fields ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The text to show for a failure, in the spec's order (section 8): the body's `error.message`,
 * `message`, `error`, `msg`, `Error`, then the client's own message, then 'Something went wrong!'.
 */
export function errorText(body: unknown, clientMessage?: string | null): string {
  const b = asRecord(body);
  return (
    text(asRecord(b?.error)?.message) ??
    text(b?.message) ??
    text(b?.error) ??
    text(b?.msg) ??
    text(b?.Error) ??
    text(clientMessage) ??
    MESSAGES.somethingWentWrong
  );
}

/** The text to show for anything thrown by a call. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return errorText(null, error.message);
  return errorText(error);
}

export interface ApiAnswer<T> {
  success: boolean;
  message: string;
  data: T;
  pagination?: Pagination;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Use this token instead of the stored session's (a session not saved yet). */
  token?: string | null;
  timeoutMs?: number;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

function onUnauthorized(sentToken: string | null): void {
  // Only a session we sent can have expired; a wrong password on sign-in is also a 401.
  if (sentToken && sentToken === sessionToken()) clearSession();
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    const raw = await response.text().catch(() => '');
    return raw ? { message: response.ok ? raw : undefined } : null;
  }
  return response.json().catch(() => null);
}

/**
 * Lets the browser do what waits (input, a paint) before a request's own work. A screen mounting
 * with several queries starts all their requests in one React effect phase, which on a slow phone
 * was one long task (the till's cold load, decision 0023); with `scheduler.yield` (Chromium 129 and
 * later) each request's work runs in a task of its own, ahead of other queued work. Elsewhere the
 * request goes at once.
 */
function yieldToBrowser(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : undefined;
}

/**
 * Calls the API: JSON, a 20 s timeout, the session token in `Authorization` with no prefix.
 * Resolves with the success envelope; rejects with an ApiError carrying the text to show.
 * A 2xx answer with `success: false` is a failure too (the spec's order and customer calls).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  await yieldToBrowser();
  // A caller that gave up while the request waited its turn: nothing is sent.
  options.signal?.throwIfAborted();
  const token = options.token === undefined ? sessionToken() : options.token;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = token;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const clientMessage = timedOut
      ? 'The server took too long to answer. Check your connection and try again.'
      : 'Could not reach the server. Check your connection and try again.';
    throw new ApiError(errorText(null, clientMessage), { status: 0 });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }

  const body = await readBody(response);
  if (response.status === 401) onUnauthorized(token);
  const record = asRecord(body);
  if (!response.ok || record?.success === false) {
    throw new ApiError(errorText(body, response.ok ? null : response.statusText), {
      status: response.ok ? 422 : response.status,
      body,
    });
  }
  return (record ?? { success: true, message: '', data: null }) as unknown as ApiAnswer<T>;
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: 'POST', body, query }),
  put: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: 'PUT', body, query }),
  patch: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: 'PATCH', body, query }),
  delete: <T>(path: string, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: 'DELETE', query }),
};

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : never;

/** What a call of a route takes: its path parameters, query and body as the contract types them. */
export type CallArgs<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: { [K in keyof SchemaIn<R['params']>]: string | number } }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType
    ? { query?: { [K in keyof SchemaOut<R['query']>]?: SchemaOut<R['query']>[K] | null } }
    : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: SchemaIn<R['body']> } : { body?: undefined }) & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    token?: string | null;
    /** The store the call is for, when it must not follow the session's current store. */
    storeId?: string | null;
  };

/**
 * Calls a route of the contract's route table: the path, method, parameters, body and answer
 * all come from the table, so a route that changes breaks the build here as well as on the server.
 */
export function call<T extends RouteRef>(
  route: T,
  args: CallArgs<RouteOf<T>>,
): Promise<ApiAnswer<Answer<RouteOf<T>>>> {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const { params, query, body, signal, headers, token, storeId } = args as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    token?: string | null;
    storeId?: string | null;
  };
  return apiRequest<Answer<RouteOf<T>>>(buildPath(route.path, params), {
    method: method as RequestOptions['method'],
    query: storeId ? { storeId, ...query } : query,
    body,
    signal,
    headers,
    ...(token !== undefined ? { token } : {}),
  });
}

/**
 * Uploads a file as multipart field `file`, reporting progress (fetch cannot report upload
 * progress, XMLHttpRequest can). Same token, timeout and error rules as `apiRequest`.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
  method: 'POST' | 'PATCH' | 'PUT' = 'PATCH',
  query?: Record<string, QueryValue>,
): Promise<ApiAnswer<T>> {
  const token = sessionToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path, query));
    xhr.timeout = REQUEST_TIMEOUT_MS * 3;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 401) onUnauthorized(token);
      const record = asRecord(body);
      if (xhr.status >= 200 && xhr.status < 300 && record?.success !== false) {
        onProgress?.(100);
        resolve(record as unknown as ApiAnswer<T>);
      } else {
        reject(new ApiError(errorText(body, xhr.statusText), { status: xhr.status, body }));
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(errorText(null, 'Could not reach the server. Check your connection.'), { status: 0 }),
      );
    xhr.ontimeout = () =>
      reject(new ApiError(errorText(null, 'The upload took too long. Try a smaller image.'), { status: 0 }));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Downloads a file the API makes (a CSV export, a template) with the session's token, saving it
 * under the name the server gives. Rejects with an ApiError carrying the text to show.
 */
export async function downloadFromApi(
  path: string,
  query: Record<string, QueryValue> = {},
  fallbackName = 'download',
): Promise<void> {
  const token = sessionToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers });
  } catch {
    throw new ApiError(errorText(null, 'Could not reach the server. Check your connection and try again.'), {
      status: 0,
    });
  }
  if (!response.ok) {
    const body = await readBody(response);
    if (response.status === 401) onUnauthorized(token);
    throw new ApiError(errorText(body, response.statusText), { status: response.status, body });
  }
  const name =
    /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The path (with its parameters filled) and method of a route of the contract's table. */
export function routeTarget<T extends RouteRef>(route: T, params?: Record<string, string | number>) {
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as NonNullable<
    RequestOptions['method']
  >;
  return { path: buildPath(route.path, params), method };
}

/** `downloadFromApi` for a file route of the contract's table (a CSV export, a PDF). */
export function downloadRoute<T extends RouteRef>(
  route: T,
  args: Pick<CallArgs<RouteOf<T>>, 'params' | 'query'>,
  fallbackName = 'download',
): Promise<void> {
  const { params, query } = args as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
  };
  return downloadFromApi(routeTarget(route, params).path, query, fallbackName);
}

/** `uploadFile` for a multipart route of the contract's table; the answer is typed by the route. */
export function uploadRoute<T extends RouteRef>(
  route: T,
  args: Pick<CallArgs<RouteOf<T>>, 'params' | 'query'>,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<ApiAnswer<Answer<RouteOf<T>>>> {
  const { params, query } = args as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
  };
  const { path, method } = routeTarget(route, params);
  return uploadFile<Answer<RouteOf<T>>>(path, file, onProgress, method as 'POST' | 'PATCH' | 'PUT', query);
}
