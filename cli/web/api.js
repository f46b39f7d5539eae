// The studio's JSON API (docs/api.md), with errors as exceptions that carry the server's
// message, kind and, for variant files, the problems with their lines and columns.

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `the server answered ${status}`);
    this.status = status;
    this.kind = body && body.kind ? body.kind : 'http';
    this.diagnostics = (body && body.diagnostics) || [];
    this.moveIndex = body ? body.move_index : undefined;
  }
}

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

/** GET an endpoint: `get('/api/games')`. */
export async function get(path) {
  return answer(await fetch(path, { headers: { accept: 'application/json' } }));
}

/** POST JSON to an endpoint; `signal` (an AbortSignal) cancels it, and the server's work. */
export async function post(path, body, signal) {
  return answer(
    await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    }),
  );
}
