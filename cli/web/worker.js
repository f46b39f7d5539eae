// One engine in a Web Worker (see engine.js): the WebAssembly module's `Studio`, which
// answers each API request exactly as `fairyforge serve` answers it over HTTP.
//
// Messages in: `{ module }` once (the compiled WebAssembly.Module), then `{ id, path, body }`
// (`path` with its query, `body` the request's JSON text, '' for a GET). Out: `{ id, text }`
// with the answer's JSON text `{"status": N, "body": ...}`, or `{ id, failed }`.

import { initSync, Studio } from './fairyforge.js';

let studio = null;

self.onmessage = (e) => {
  const m = e.data;
  if (m.module) {
    initSync({ module: m.module });
    studio = new Studio();
    return;
  }
  try {
    self.postMessage({ id: m.id, text: studio.call(m.path, m.body) });
  } catch (err) {
    self.postMessage({ id: m.id, failed: String((err && err.message) || err) });
  }
};
