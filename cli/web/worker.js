// One engine in a Web Worker (see engine.js): the WebAssembly module's `Studio`, which
// answers each API request exactly as `fairyforge serve` answers it over HTTP.
//
// Messages in: `{ module, nets }` once (the compiled WebAssembly.Module, and where the
// built-in games' networks are: `{ base }`, the address of their files, or `{ files }`,
// their bytes by file name), then `{ id, path, body }` (`path` with its query, `body` the
// request's JSON text, '' for a GET). Out: `{ id, text }` with the answer's JSON text
// `{"status": N, "body": ...}`, or `{ id, failed }`.
//
// The module carries no network: before a search of a game that ships one, the engine
// names the file it wants (`networkWanted`), which is loaded once and handed to it.

import { initSync, Studio, supplyNetwork } from './fairyforge.js';

let studio = null;
let nets = null;
const supplied = new Map(); // file -> a promise settled once the file was handed over

function networkBytes(file) {
  if (nets.files) {
    const b = nets.files[file];
    return b ? Promise.resolve(b) : Promise.reject(new Error('the page does not hold it'));
  }
  return fetch(new URL(file, nets.base)).then((r) => {
    if (!r.ok) throw new Error(`the server answered ${r.status}`);
    return r.arrayBuffer();
  });
}

// A network that cannot be loaded leaves the game to the hand-set evaluation (the
// engine's own fallback), and is not asked for again.
function supply(file) {
  if (!supplied.has(file)) {
    const done = networkBytes(file)
      .then((b) => { supplyNetwork(new Uint8Array(b)); })
      .catch((err) => {
        console.warn(`fairyforge: no network ${file} (${err.message}): the hand-set evaluation plays`);
      });
    supplied.set(file, done);
  }
  return supplied.get(file);
}

self.onmessage = async (e) => {
  const m = e.data;
  if (m.module) {
    initSync({ module: m.module });
    studio = new Studio();
    nets = m.nets || null;
    return;
  }
  try {
    const file = nets && studio.networkWanted(m.path, m.body);
    if (file) await supply(file);
    self.postMessage({ id: m.id, text: studio.call(m.path, m.body) });
  } catch (err) {
    self.postMessage({ id: m.id, failed: String((err && err.message) || err) });
  }
};
