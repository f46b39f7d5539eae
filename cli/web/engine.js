// The studio's engine inside the page: fairyforge compiled to WebAssembly, answering the
// same API (docs/api.md) as `fairyforge serve` does over HTTP, with no server behind it.
//
// Two Web Workers each hold one engine (`Studio` of the WebAssembly module): one answers
// the quick requests (the game, its moves, a played move, the editor's checks), the other
// the long ones (the computer's move, analysis, perft), so that a click is answered while
// the computer thinks. Stopping a long request ends its worker; a new one takes its place
// and is sent again what the old one had still to answer.

/** Compiles the module once from its address (the static site, `fairyforge serve`). */
export async function compileFrom(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`cannot load the engine (${url}): the server answered ${r.status}`);
  if (typeof WebAssembly.compileStreaming === 'function' && /wasm/.test(r.headers.get('content-type') || '')) {
    return WebAssembly.compileStreaming(r);
  }
  return WebAssembly.compile(await r.arrayBuffer());
}

function abortError() {
  return new DOMException('The request was stopped.', 'AbortError');
}

/** One worker and the calls it has yet to answer. */
class Lane {
  constructor(engine) {
    this.engine = engine;
    this.calls = new Map(); // id -> { path, body, resolve, reject }
    this.worker = null;
  }

  start() {
    const w = new Worker(this.engine.workerUrl, { type: 'module' });
    this.worker = w;
    w.onmessage = (e) => {
      const m = e.data;
      const c = this.calls.get(m.id);
      if (!c) return;
      this.calls.delete(m.id);
      if (m.failed != null) {
        // The engine failed inside (it should not): start afresh for the next call.
        this.restart();
        c.reject(new Error(`the engine failed: ${m.failed}`));
      } else {
        c.resolve(m.text);
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      const calls = [...this.calls.values()];
      this.calls.clear();
      this.stop();
      const why = e.message || 'its worker could not start';
      for (const c of calls) c.reject(new Error(`the engine stopped: ${why}`));
    };
    // The module first; requests follow it in order once it is there.
    this.ready = this.engine.module.then(
      (module) => w.postMessage({ module, nets: this.engine.nets }),
      (err) => w.onerror({ message: err.message, preventDefault() {} }),
    );
    return w;
  }

  send(w, id, c) {
    this.ready.then(() => {
      if (this.worker === w) w.postMessage({ id, path: c.path, body: c.body });
    });
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  /** Ends the worker and sends what it had yet to answer to a new one. */
  restart() {
    this.stop();
    if (this.calls.size) {
      const w = this.start();
      for (const [id, c] of this.calls) this.send(w, id, c);
    }
  }

  call(path, body, signal) {
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) return reject(abortError());
      const id = this.engine.nextId++;
      const c = { path, body, resolve, reject };
      this.calls.set(id, c);
      if (signal) {
        signal.addEventListener(
          'abort',
          () => {
            if (!this.calls.delete(id)) return;
            reject(abortError());
            this.restart();
          },
          { once: true },
        );
      }
      this.send(this.worker || this.start(), id, c);
    });
  }
}

export class Engine {
  /**
   * `module`: a promise of the compiled WebAssembly module; `workerUrl`: the worker's
   * script (worker.js, or the one-file page's copy of it); `nets`: where the built-in
   * games' networks are (worker.js), or null for none.
   */
  constructor(module, workerUrl, nets) {
    this.module = module;
    this.workerUrl = workerUrl;
    this.nets = nets || null;
    this.nextId = 1;
    this.quick = new Lane(this);
    this.long = new Lane(this);
    this.quick.start();
  }

  /**
   * Answers one request as the server would: `{ status, body }` with the body parsed.
   * Requests that can be stopped (`signal`) go to the long requests' worker.
   */
  async call(path, body, signal) {
    const lane = signal ? this.long : this.quick;
    const text = await lane.call(path, body, signal);
    return JSON.parse(text);
  }
}

/**
 * What the page runs on. The studio's page says it in `<meta name="fairyforge-engine">`:
 * `http` (`fairyforge serve` without the WebAssembly engine: ask the server), `wasm+http`
 * (`fairyforge serve` with it: the engine here, the server for what only it has, the
 * file it serves) or `wasm` (the static site: no server at all). A one-file page
 * (`fairyforge publish`) has no such line: it sets `globalThis.fairyforgeInline` before
 * its scripts run.
 */
export function pageMode() {
  if (globalThis.fairyforgeInline) return 'wasm';
  const meta = document.querySelector('meta[name="fairyforge-engine"]');
  return meta ? meta.content : 'http';
}

/** The engine this page runs, or null when it asks `fairyforge serve` over HTTP. */
export function pageEngine() {
  const inline = globalThis.fairyforgeInline;
  if (inline) return new Engine(inline.module(), inline.worker, { files: inline.nets() });
  if (!pageMode().startsWith('wasm')) return null;
  const module = compileFrom(new URL('fairyforge_bg.wasm', import.meta.url));
  // The networks' files sit beside the module (`static/capablanca.nnue`).
  const nets = { base: new URL('./', import.meta.url).href };
  return new Engine(module, new URL('worker.js', import.meta.url), nets);
}
