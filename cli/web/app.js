// The studio page: one shared state (the game, its variant, the position) kept in the
// address, and the four panes that show and change it.

import { get, post } from './api.js';
import { loadPictures } from './board.js';
import * as address from './address.js';
import { createPlay } from './play.js';
import { createDesign } from './design.js';
import { createPieces } from './pieces.js';
import { createAnalysis } from './analysis.js';

const $ = (id) => document.getElementById(id);

const DEFAULT_GAME = 'birds-and-ninjas';

class App {
  constructor() {
    this.addr = null; // what the address holds (see address.js)
    this.catalog = null; // /api/games
    this.variant = null; // /api/variant of the current game, null while it has errors
    this.state = null; // /api/position of the current game
    this.pictures = null; // the pieces' pictures (board.js loadPictures), null while none
    this.listeners = { variant: [], state: [], tab: [] };
    this.seq = 0;
  }

  on(what, fn) {
    this.listeners[what].push(fn);
  }

  emit(what) {
    for (const fn of this.listeners[what]) fn(this);
  }

  /** The `variant` of API requests for the current game. */
  ref() {
    const a = this.addr;
    if (a.text != null) return { text: a.text, name: a.file || 'untitled.toml', options: a.options };
    return { game: a.game, options: a.options };
  }

  /** The current position as API requests name it. */
  at() {
    return { variant: this.ref(), fen: this.addr.fen || null, moves: this.addr.moves };
  }

  save() {
    address.write(this.addr);
  }

  notice(msg) {
    const n = $('notice');
    n.textContent = msg || '';
    n.hidden = !msg;
  }

  /** Loads the current game's variant; false (and a notice) when it cannot be used. */
  async loadVariant() {
    const seq = ++this.seq;
    try {
      const v = await post('/api/variant', { variant: this.ref() });
      let pictures = null;
      try {
        pictures = await loadPictures(this.ref());
      } catch (_) {
        pictures = null; // lettered discs
      }
      if (seq !== this.seq) return false;
      this.variant = v;
      this.pictures = pictures;
      this.notice('');
    } catch (e) {
      if (seq !== this.seq) return false;
      this.variant = null;
      this.notice(
        e.kind === 'bad-variant'
          ? 'The edited file has errors: see the Design tab. The other panes follow it once it is valid.'
          : e.message,
      );
      this.emit('variant');
      return false;
    }
    this.renderGameControls();
    this.emit('variant');
    return true;
  }

  /** Replays the moves; on a move that does not fit, keeps those before it. */
  async refresh() {
    if (!this.variant) return;
    const seq = ++this.seq;
    try {
      const st = await post('/api/position', this.at());
      if (seq !== this.seq) return;
      this.state = st;
    } catch (e) {
      if (seq !== this.seq) return;
      if (e.kind === 'bad-move' && e.moveIndex !== undefined) {
        this.notice(`${e.message} (the moves from there on were dropped)`);
        this.addr.moves = this.addr.moves.slice(0, e.moveIndex);
      } else if (e.kind === 'bad-position') {
        this.notice(e.message);
        this.addr.fen = null;
        this.addr.moves = [];
      } else {
        this.notice(e.message);
        return;
      }
      this.save();
      return this.refresh();
    }
    this.save();
    this.emit('state');
  }

  /** Switches to a built-in game (`id`) or to the edited file's text (`text`). */
  async setGame({ game = null, text = null, file = null, options = [] }) {
    this.addr.game = game;
    this.addr.text = text;
    this.addr.file = file;
    this.addr.options = options;
    this.addr.fen = null;
    this.addr.moves = [];
    this.save();
    if (await this.loadVariant()) await this.refresh();
  }

  /** The edited file changed and is valid: follow it, keeping the moves that still fit. */
  async followText(text, file) {
    this.addr.text = text;
    this.addr.file = file;
    this.addr.game = null;
    this.save();
    if (await this.loadVariant()) await this.refresh();
  }

  setTab(tab) {
    if (!['play', 'design', 'pieces', 'analysis'].includes(tab)) tab = 'play';
    this.addr.tab = tab;
    for (const b of document.querySelectorAll('#tabs button')) {
      b.setAttribute('aria-selected', String(b.dataset.tab === tab));
    }
    for (const p of document.querySelectorAll('.pane')) p.hidden = p.dataset.pane !== tab;
    this.save();
    this.emit('tab');
  }

  renderGameControls() {
    const sel = $('game-select');
    sel.innerHTML = '';
    for (const g of this.catalog.games) {
      const o = document.createElement('option');
      o.value = 'g:' + g.id;
      o.textContent = g.name;
      sel.appendChild(o);
    }
    if (this.addr.text != null) {
      const o = document.createElement('option');
      o.value = 'edited';
      o.textContent = `Edited: ${this.variant ? this.variant.name : this.addr.file || 'file'}`;
      sel.appendChild(o);
      sel.value = 'edited';
    } else {
      sel.value = 'g:' + this.addr.game;
    }
    const opts = $('options');
    opts.innerHTML = '';
    for (const o of this.variant ? this.variant.options : []) {
      const label = document.createElement('label');
      label.title = o.description;
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = o.on;
      box.dataset.option = o.name;
      box.addEventListener('change', () => this.toggleOption(o.name, box.checked));
      label.append(box, ' ', o.name);
      opts.appendChild(label);
    }
  }

  /** Sets an optional rule explicitly (`name` or `name=off`), whatever its default. */
  async toggleOption(name, on) {
    const rest = this.addr.options.filter((o) => o.split('=')[0] !== name);
    rest.push(on ? name : `${name}=off`);
    this.addr.options = rest;
    this.save();
    if (await this.loadVariant()) await this.refresh();
  }
}

async function start() {
  const app = new App();
  window.studio = app; // for the browser test and the curious
  app.catalog = await get('/api/games');
  app.addr = await address.read();
  if (app.addr.text == null && !app.catalog.games.some((g) => g.id === app.addr.game)) {
    app.addr.game = DEFAULT_GAME;
  }
  createPlay(app);
  createDesign(app);
  createPieces(app);
  createAnalysis(app);
  $('game-select').addEventListener('change', (e) => {
    const v = e.target.value;
    if (v.startsWith('g:')) app.setGame({ game: v.slice(2) });
  });
  for (const b of document.querySelectorAll('#tabs button')) {
    b.addEventListener('click', () => app.setTab(b.dataset.tab));
  }
  window.addEventListener('hashchange', async () => {
    const hash = location.hash;
    const fresh = await address.read();
    if (hash !== location.hash) return;
    app.addr = fresh;
    if (app.addr.text == null && !app.catalog.games.some((g) => g.id === app.addr.game)) {
      app.addr.game = DEFAULT_GAME;
    }
    app.setTab(app.addr.tab);
    if (await app.loadVariant()) await app.refresh();
  });
  app.setTab(app.addr.tab);
  if (await app.loadVariant()) await app.refresh();
  await app.design.openServed();
  document.body.dataset.ready = '1';
  performance.mark('fairyforge-ready'); // the board drawn: the benchmark's mark (docs/js.md)
}

start().catch((e) => {
  const n = document.getElementById('notice');
  n.textContent = `The studio could not start: ${e.message}`;
  n.hidden = false;
});
