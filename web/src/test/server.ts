import { vi } from 'vitest';

/** A request the fake API got. */
export interface Recorded {
  url: string;
  method: string;
  /** The JSON body (a FormData or other body as it was sent). */
  body: unknown;
  headers: Record<string, string>;
}

/** An answer given as its parts: a JSON `body`, or `raw` bytes of a `type`; 200 unless `status`. */
export interface Reply {
  status?: number;
  body?: unknown;
  raw?: BodyInit;
  type?: string;
}

/** A route's handler: the request's body and URL in, a Response or what the API kind makes of the answer out. */
export type Handler = (body: unknown, url: string) => unknown;

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs `fetch` with `answer`, which sees each request (its JSON body parsed); returns the requests as they come. */
export function fakeFetch(answer: (request: Recorded) => Response | Promise<Response>): Recorded[] {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const request = { url, method: init.method ?? 'GET', body, headers: (init.headers ?? {}) as Record<string, string> };
      requests.push(request);
      return answer(request);
    }),
  );
  return requests;
}

function stub(routes: Record<string, Handler>, answer: (out: unknown) => Response): Recorded[] {
  return fakeFetch(async ({ url, method, body }) => {
    const key = Object.keys(routes).find((k) => k === `${method} ${url}` || (k.endsWith('*') && `${method} ${url}`.startsWith(k.slice(0, -1))));
    if (!key) return json(404, { code: 'not_found', message: 'Not found' });
    const out = await routes[key](body, url);
    return out instanceof Response ? out : answer(out);
  });
}

/**
 * Stubs `fetch` with a fake API for a page test: `routes` maps "METHOD /api/path" (a trailing `*`
 * matches the rest) to a handler; an unknown route is a 404. A handler's answer is the JSON body
 * of a 200 (or a Response as it is). Returns the requests as they come.
 */
export const fakeApi = (routes: Record<string, Handler>) => stub(routes, (out) => json(200, out));

/** `fakeApi` whose handlers answer `Reply`s: a status with a JSON body, or raw bytes. */
export const fakeApiReplies = (routes: Record<string, (body: unknown, url: string) => Reply | Response>) =>
  stub(routes, (out) => {
    const r = out as Reply;
    if (r.raw !== undefined) return new Response(r.raw, { status: r.status ?? 200, headers: { 'Content-Type': r.type ?? 'application/octet-stream' } });
    return json(r.status ?? 200, r.body);
  });
