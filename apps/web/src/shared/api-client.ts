import type { RouteDef, RouteBody, RouteData, RouteParams, RouteQuery } from '@pmw/contract/api';
import { API_PREFIX, buildPath, type FirstCall } from '@pmw/contract/paths';
import { ApiError, isRefusal, isUnreachable } from './api-error';

export { ApiError, isRefusal, isUnreachable };

/** What names a call: a contract route, or a first screen's call without schemas. */
type Call = Pick<RouteDef, 'method' | 'path'>;
type Unauthorized = (route: Call) => void;
const unauthorizedHandlers = new Set<Unauthorized>();
/** Areas register how a 401 returns the person to their login (one place per area). */
export function onUnauthorized(handler: Unauthorized): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

export interface CallOptions<T extends RouteDef> {
  params?: RouteParams<T>;
  query?: RouteQuery<T>;
  body?: RouteBody<T>;
  signal?: AbortSignal;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) q.set(key, value.join(','));
    else q.set(key, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function routeUrl(route: Call, opts: { params?: unknown; query?: unknown } = {}): string {
  return (
    API_PREFIX +
    buildPath(route.path, opts.params as Record<string, string | number> | undefined) +
    toQueryString(opts.query as Record<string, unknown> | undefined)
  );
}

/**
 * The only place that calls fetch for the API: builds the path from the
 * contract route, parses the answer with the route's schema, and turns any
 * failure into an ApiError. Answers the data and the server's message.
 */
/** Sends a route's request; a request that never reached the server is one ApiError. */
async function send(
  route: Call,
  opts: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal | undefined },
): Promise<Response> {
  try {
    return await fetch(routeUrl(route, opts), {
      method: route.method,
      credentials: 'same-origin',
      headers: opts.body !== undefined ? { 'content-type': 'application/json' } : {},
      body: opts.body !== undefined ? JSON.stringify(opts.body) : null,
      signal: opts.signal ?? null,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw ApiError.said('common.networkError', 'NETWORK', 0);
  }
}

type Envelope = {
  status?: boolean;
  message?: string;
  code?: string;
  data?: unknown;
  errors?: { field: string; message: string }[];
} | null;

/**
 * A failed answer as an ApiError: the server's words as they came (already in
 * the reader's language), or, when the answer says none (a proxy's error
 * page), "Something went wrong" by its code.
 */
function failure(envelope: Envelope, res: Response): ApiError {
  const code = envelope?.code ?? `HTTP_${res.status}`;
  if (!envelope?.message) return ApiError.said('common.somethingWentWrong', code, res.status);
  return new ApiError(envelope.message, code, res.status, Array.isArray(envelope.errors) ? envelope.errors : undefined);
}

/** The success envelope's data and message; any failure as an ApiError (a 401 tells the areas). */
async function answer(route: Call, res: Response): Promise<{ data: unknown; message: string; status: number }> {
  const envelope = (await res.json().catch(() => null)) as Envelope;
  if (!res.ok || !envelope || envelope.status !== true) {
    if (res.status === 401) unauthorizedHandlers.forEach((h) => h(route));
    throw failure(envelope, res);
  }
  return { data: envelope.data, message: envelope.message ?? '', status: res.status };
}

export async function apiWithMessage<T extends RouteDef>(
  route: T,
  opts: CallOptions<T> = {},
): Promise<{ data: RouteData<T>; message: string }> {
  const { data, message, status } = await answer(route, await send(route, opts));
  const parsed = route.response.safeParse(data);
  if (!parsed.success) throw ApiError.said('common.somethingWentWrong', 'BAD_RESPONSE', status);
  return { data: parsed.data as RouteData<T>, message };
}

/**
 * A first screen's call (`@pmw/contract/first-calls`): the same request and
 * errors as `api`, the answer read without its schema, so the screen loads
 * no zod. Only for the few answers a login screen needs before anyone acts.
 */
export async function firstCall<D>(
  call: FirstCall<D>,
  opts: { query?: Record<string, string | number>; signal?: AbortSignal } = {},
): Promise<D> {
  return (await answer(call, await send(call, opts))).data as D;
}

export async function api<T extends RouteDef>(route: T, opts: CallOptions<T> = {}): Promise<RouteData<T>> {
  return (await apiWithMessage(route, opts)).data;
}

/**
 * Step 2 of the upload flow: PUT the bytes to the signed URL, without
 * credentials. A signing answer with an empty URL is the spec's "Unable to
 * upload file. Please try again later."; one without a URL at all never gets
 * here (the answer's check says "Something went wrong").
 */
export async function putFile(url: string, file: Blob, contentType: string): Promise<void> {
  if (!url) throw ApiError.said('common.uploadFailed', 'UPLOAD', 0);
  // If-None-Match: * : an upload URL only creates its object, never replaces it (S3 signs this header).
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'PUT',
      body: file,
      headers: { 'content-type': contentType, 'if-none-match': '*' },
      credentials: 'omit',
    });
  } catch {
    // The bytes never reached a server: the same failure as any call without a network.
    throw ApiError.said('common.networkError', 'NETWORK', 0);
  }
  if (!res.ok) {
    // The storage's own refusal carries no words of ours; this server's upload endpoint answers them in the reader's language.
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw body?.message
      ? new ApiError(body.message, 'UPLOAD', res.status)
      : ApiError.said('common.uploadFailedShort', 'UPLOAD', res.status);
  }
}

/**
 * A call that answers a file rather than an envelope (exports, generated
 * sheets). Failures still arrive as the JSON envelope and become an ApiError.
 */
export async function apiDownload<T extends RouteDef>(route: T, opts: CallOptions<T> = {}): Promise<{ blob: Blob; fileName: string }> {
  const res = await send(route, opts);
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as Envelope;
    if (res.status === 401) unauthorizedHandlers.forEach((h) => h(route));
    throw failure(envelope, res);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : (plain ?? 'download');
  return { blob: await res.blob(), fileName };
}
