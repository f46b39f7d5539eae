// The studio's JSON API (docs/api.md), with errors as exceptions that carry the server's
// message, kind and, for variant files, the problems with their lines and columns.
//
// The page asks its engine: the WebAssembly module in Web Workers (engine.js) when the page
// has it (the static site, a one-file page, `fairyforge serve` built with it), or else
// `fairyforge serve` over HTTP. Both answer the same requests with the same bodies.

import { pageEngine, pageMode } from './engine.js';

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `the server answered ${status}`);
    this.status = status;
    this.kind = body && body.kind ? body.kind : 'http';
    this.diagnostics = (body && body.diagnostics) || [];
    this.moveIndex = body ? body.move_index : undefined;
  }
}

const engine = pageEngine();

/** Whether a `fairyforge serve` is behind the page (not for the static site). */
const server = pageMode() !== 'wasm';

/** What only the server has, whatever runs the engine: the file `fairyforge serve FILE`
 * reads and saves. */
const SERVER_ONLY = ['/api/file'];

function serverOnly(path) {
  return SERVER_ONLY.some((p) => path === p || path.startsWith(p + '?'));
}

/** `'wasm'` when the page runs the engine itself, `'http'` when it asks the server. */
export const transport = engine ? 'wasm' : 'http';

async function answer(r) {
  let body = null;
  try {
    body = await r.json();
  } catch (_) {
    body = null;
  }
  if (!r.ok) throw new ApiError(r.status, body);
  return body;
}

async function ask(path, body, signal) {
  if (serverOnly(path)) {
    throw new ApiError(404, { error: `${path}: there is no server behind this page`, kind: 'not-found' });
  }
  let r;
  try {
    r = await engine.call(path, body == null ? '' : JSON.stringify(body), signal);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(500, { error: e.message, kind: 'engine' });
  }
  if (r.status < 200 || r.status > 299) throw new ApiError(r.status, r.body);
  return r.body;
}

/** GET an endpoint: `get('/api/games')`. */
export async function get(path) {
  if (engine && !(server && serverOnly(path))) return ask(path, null);
  return answer(await fetch(path, { headers: { accept: 'application/json' } }));
}

/** POST JSON to an endpoint; `signal` (an AbortSignal) cancels it, and the server's work. */
export async function post(path, body, signal) {
  if (engine && !(server && serverOnly(path))) return ask(path, body, signal);
  return answer(
    await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    }),
  );
}
