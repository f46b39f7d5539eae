// The Design pane: the variant file in an editor with line numbers. Each change is checked
// by the server (debounced); every problem is shown once, next to its line, with the text
// `fairyforge validate` prints on its squiggle, and the other panes follow the file
// whenever it is valid. Files come in by Open (from the disk, through the browser) or
// `fairyforge serve FILE` (saved back to it, reloaded when it changes on disk) and go out
// by Save and Download. Loading over edited text keeps it for Undo.

import { get, post } from './api.js';
import { Board, loadPictures, renderReserve } from './board.js';

const $ = (id) => document.getElementById(id);

const LINE = 18; // px, as in style.css
const PAD_TOP = 6;
const PAD_LEFT = 8;
const DEBOUNCE_MS = 300;
const POLL_MS = 1500;
const UNTITLED = 'untitled.toml';
const TEXT_BYTES = 64 * 1024; // as the server's limit

// A pane is one closure over its state: longer than a function should be, but each of
// the functions inside it is short and does one thing.
export function createDesign(app) {
  const source = $('source');
  const gutter = $('gutter');
  const marks = $('source-marks');
  const board = new Board($('design-board'));
  let file = UNTITLED;
  let timer = null;
  let seq = 0;
  let diagnostics = [];
  let loadedFor = null; // the built-in game whose text fills the editor untouched
  let clean = null; // the text as last loaded, opened or saved: edits are what differ
  let undo = null; // {text, file}: what a load replaced
  let served = null; // {name, version}: the file of `fairyforge serve FILE`
  let diskChanged = false; // the served file changed on disk while the editor had edits
  let pushed = null; // the text this pane last handed to the other panes

  // The "Start from" list: built-in games and the documentation's examples.
  const start = $('design-start');
  for (const g of app.catalog.games) {
    start.appendChild(new Option(`${g.name} (${g.id}.toml)`, g.id));
  }
  for (const x of app.catalog.examples) {
    start.appendChild(new Option(`Example: ${x.name} (${x.id}.toml)`, x.id));
  }
  const ownStart = new Option('(extends no built-in game)', '');
  ownStart.disabled = true;
  start.appendChild(ownStart);

  const dirty = () => clean !== null && source.value !== clean;

  /** The state line: edits, the served file, the last check. */
  function renderState(check) {
    if (check !== undefined) $('design-state').dataset.check = check;
    const parts = [];
    if (served && file === served.name) parts.push(dirty() ? `${file}: unsaved changes` : `${file}: saved`);
    else if (dirty()) parts.push('edited');
    if ($('design-state').dataset.check) parts.push($('design-state').dataset.check);
    $('design-state').textContent = parts.join(' · ');
    $('design-undo').hidden = !undo;
    $('design-save').hidden = !served;
    $('design-reload').hidden = !diskChanged;
  }

  /** Puts a new text in the editor; edited text it replaces is kept for Undo. */
  async function replaceText(text, name, follow) {
    if (dirty() || (clean === null && source.value && source.value !== text)) {
      undo = { text: source.value, file };
    }
    file = name;
    source.value = text;
    source.scrollTop = 0;
    clean = text;
    await check(follow);
  }

  function charWidth() {
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;font:inherit';
    probe.textContent = 'M'.repeat(40);
    source.parentElement.appendChild(probe);
    const w = probe.getBoundingClientRect().width / 40;
    probe.remove();
    return w || 7.8;
  }

  function renderGutter() {
    const lines = source.value.split('\n').length;
    const mine = diagnostics.filter((d) => d.file === file && d.line > 0);
    const bad = new Set(mine.filter((d) => d.severity !== 'warning').map((d) => d.line));
    const warn = new Set(mine.filter((d) => d.severity === 'warning').map((d) => d.line));
    const out = [];
    for (let i = 1; i <= lines; i++) {
      const cls = bad.has(i) ? ' class="err"' : warn.has(i) ? ' class="warn"' : '';
      out.push(`<div${cls} data-line="${i}">${i}</div>`);
    }
    gutter.innerHTML = out.join('');
    for (const d of mine) {
      const g = gutter.children[d.line - 1];
      if (g) g.title = d.rendered;
    }
    gutter.scrollTop = source.scrollTop;
  }

  /** A band on each line with a problem and a wavy underline under its place. Built with
   * the DOM (the page's content security policy forbids inline style attributes). */
  function renderMarks() {
    const cw = charWidth();
    const scroller = document.createElement('div');
    scroller.className = 'scroller';
    const add = (cls, top, left, width) => {
      const d = document.createElement('div');
      d.className = cls;
      d.style.top = `${top}px`;
      if (left !== undefined) d.style.left = `${left}px`;
      if (width !== undefined) d.style.width = `${width}px`;
      scroller.appendChild(d);
      return d;
    };
    const lines = source.value.split('\n');
    const said = new Map(); // line -> its message element, one per line
    for (const d of diagnostics) {
      if (d.file !== file || d.line < 1) continue;
      const warning = d.severity === 'warning';
      const top = PAD_TOP + (d.line - 1) * LINE;
      if (!warning) add('line', top);
      const endCol = d.end_line === d.line ? Math.max(d.end_column, d.column + 1) : d.column + 1;
      const sq = add(
        warning ? 'squiggle warning' : 'squiggle',
        top + LINE - 6,
        PAD_LEFT + (d.column - 1) * cw,
        Math.max(cw, (endCol - d.column) * cw),
      );
      sq.title = d.rendered;
      sq.dataset.line = String(d.line);
      // The message itself, once, after the end of its line.
      const text = d.label ? `${d.message}: ${d.label}` : d.message;
      const prev = said.get(d.line);
      if (prev) {
        prev.textContent += ` · ${text}`;
        prev.title += `\n${d.rendered}`;
        continue;
      }
      const len = (lines[d.line - 1] || '').length;
      const msg = add(warning ? 'inline warning' : 'inline', top, PAD_LEFT + (len + 3) * cw);
      msg.textContent = text;
      msg.title = d.rendered;
      msg.dataset.line = String(d.line);
      said.set(d.line, msg);
    }
    marks.replaceChildren(scroller);
    syncScroll();
  }

  function syncScroll() {
    gutter.scrollTop = source.scrollTop;
    const s = marks.firstElementChild;
    if (s) s.style.transform = `translate(${-source.scrollLeft}px, ${-source.scrollTop}px)`;
  }

  /** Below the editor: that the file is valid, or how many problems it has (each shown at
   * its line), and in full only those with no line of this file to stand by. */
  function renderDiagnostics(result) {
    const ul = $('diagnostics');
    ul.innerHTML = '';
    const n = result.diagnostics.length + (result.omitted || 0);
    if (result.ok) {
      const li = document.createElement('li');
      li.className = 'ok';
      li.textContent = `${file}: ok (${result.name})`;
      ul.appendChild(li);
    }
    renderState(result.ok ? 'valid' : `${n} problem${n === 1 ? '' : 's'}`);
    for (const d of result.diagnostics) {
      if (d.line && d.file === file) continue; // shown next to its line
      const li = document.createElement('li');
      if (d.severity === 'warning') li.className = 'warning';
      const pre = document.createElement('pre');
      pre.textContent = d.rendered;
      li.append(pre);
      ul.appendChild(li);
    }
    if (result.omitted) {
      const li = document.createElement('li');
      li.textContent = `and ${result.omitted} more problems`;
      ul.appendChild(li);
    }
    const first = result.diagnostics.find((d) => d.line && d.file === file && d.severity !== 'warning');
    const go = $('design-first');
    go.hidden = !first;
    if (first) go.onclick = () => jumpTo(first.line, first.column);
  }

  function jumpTo(line, column) {
    const lines = source.value.split('\n');
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += column - 1;
    source.focus();
    source.setSelectionRange(offset, offset);
    source.scrollTop = Math.max(0, (line - 6) * LINE);
    syncScroll();
  }

  /** The board of the file: its start position with both reserves, dimmed while the file
   * has errors. */
  function drawBoard(v, st, pictures) {
    board.setGeometry(v.board, v.pieces.filter((p) => p.royal).map((p) => p.letter));
    board.pictures = pictures;
    board.render({ pieces: st.board });
    $('design-title').textContent = v.name;
    $('design-board').classList.remove('disabled');
    const name = (l) => {
      const p = v.pieces.find((x) => x.letter === l.toUpperCase());
      return p ? p.name : l;
    };
    for (const [id, color] of [['design-reserve-top', 'black'], ['design-reserve-bottom', 'white']]) {
      const el = $(id);
      el.hidden = !v.reserves;
      if (v.reserves) renderReserve(el, color, st.reserves[color], { pictures, name });
    }
  }

  async function showBoard() {
    const variant = { text: source.value, name: file };
    try {
      const [v, st, pictures] = await Promise.all([
        post('/api/variant', { variant }),
        post('/api/position', { variant, moves: [] }),
        loadPictures(variant).catch(() => null),
      ]);
      drawBoard(v, st, pictures);
    } catch (_) {
      $('design-board').classList.add('disabled');
    }
  }

  async function check(follow) {
    const mine = ++seq;
    const text = source.value;
    let result;
    try {
      result = await post('/api/validate', { text, name: file });
    } catch (e) {
      result = { ok: false, diagnostics: [{ file: '', line: 0, column: 0, message: e.message, rendered: e.message }] };
    }
    if (mine !== seq) return;
    diagnostics = result.diagnostics;
    showExtends();
    renderGutter();
    renderMarks();
    renderDiagnostics(result);
    if (result.ok) {
      await showBoard();
      if (follow) {
        pushed = text;
        await app.followText(text, file);
      }
    } else {
      $('design-board').classList.add('disabled');
      $('design-title').textContent = `${file} has errors`;
      if (follow) {
        // Keep the text in the address (nothing typed is lost); the panes wait.
        pushed = text;
        app.addr.text = text;
        app.addr.file = file;
        app.addr.game = null;
        app.save();
        app.variant = null;
        app.notice('The edited file has errors: see the Design tab. The other panes follow it once it is valid.');
        app.emit('variant');
      }
    }
  }

  /** Loads a built-in game or example as the start of a new file (named as the served
   * file when there is one, else untitled.toml). */
  async function load(id, follow) {
    const src = await get(`/api/source?name=${encodeURIComponent(id)}`);
    loadedFor = id;
    await replaceText(src.text, served ? served.name : UNTITLED, follow);
  }

  /** "Start from" shows the game the text really extends (a shared link's, an opened
   * file's), or says it extends none. */
  function showExtends() {
    const m = /^\s*extends\s*=\s*"([^"]*)"/m.exec(source.value);
    const id = m ? m[1] : '';
    start.value = [...start.options].some((o) => o.value === id && id) ? id : '';
  }

  source.addEventListener('input', () => {
    renderGutter();
    renderState();
    clearTimeout(timer);
    timer = setTimeout(() => check(true), DEBOUNCE_MS);
  });
  source.addEventListener('scroll', syncScroll);
  source.addEventListener('keydown', (e) => {
    if (e.key === 'Tab' && !e.shiftKey) {
      e.preventDefault();
      const { selectionStart: a, selectionEnd: b } = source;
      source.setRangeText('  ', a, b, 'end');
      source.dispatchEvent(new Event('input'));
    }
  });
  $('design-load').addEventListener('click', () => start.value && load(start.value, true));
  $('design-undo').addEventListener('click', async () => {
    if (!undo) return;
    const u = undo;
    undo = null;
    file = u.file;
    source.value = u.text;
    await check(true);
  });

  // Open: a file from the disk, read by the browser.
  $('design-open').addEventListener('click', () => $('design-file').click());
  $('design-file').addEventListener('change', async (e) => {
    const f = e.target.files && e.target.files[0];
    e.target.value = '';
    if (!f) return;
    if (f.size > TEXT_BYTES) {
      app.notice(`${f.name} is ${f.size} bytes; the studio takes files up to ${TEXT_BYTES} bytes`);
      return;
    }
    await replaceText(await f.text(), f.name, true);
  });

  // Download: the text as a file of its name.
  $('design-download').addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([source.value], { type: 'application/toml' }));
    a.download = file;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  // Save: back to the served file; a newer version on disk is not overwritten unasked.
  async function save(base) {
    const text = source.value;
    try {
      const r = await fetchJson('PUT', '/api/file', { text, base });
      served.version = r.version;
      file = served.name;
      clean = text;
      diskChanged = false;
      renderState();
      pushed = text;
      app.followText(text, file);
    } catch (e) {
      if (e.kind === 'changed-on-disk' && window.confirm(`${e.message}\n\nOverwrite it with the editor's text?`)) {
        return save(null);
      }
      app.notice(e.message);
    }
  }
  $('design-save').addEventListener('click', () => served && save(served.version));
  $('design-reload').addEventListener('click', () => served && reloadFromDisk());

  async function fetchJson(method, path, body) {
    const r = await fetch(path, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const v = await r.json().catch(() => null);
    if (!r.ok) {
      const e = new Error(v && v.error ? v.error : `the server answered ${r.status}`);
      e.kind = v && v.kind;
      throw e;
    }
    return v;
  }

  async function reloadFromDisk() {
    const f = await get('/api/file');
    served.version = f.version;
    diskChanged = false;
    await replaceText(f.text, f.name, true);
  }

  /** Watches the served file: reloads the pane when it changes on disk, or, when the
   * editor has unsaved edits, offers to. */
  async function poll() {
    try {
      const f = await get(`/api/file?known=${encodeURIComponent(served.version)}`);
      if (f.changed) {
        served.version = f.version;
        if (f.text === source.value) {
          clean = f.text;
        } else if (!dirty() || file !== served.name) {
          if (file === served.name) await replaceText(f.text, f.name, true);
        } else {
          diskChanged = true;
        }
        renderState();
      }
    } catch (_) {
      // The file is gone or unreadable for now: try again later.
    }
    setTimeout(poll, POLL_MS);
  }

  /** `fairyforge serve FILE`: open the file in this pane (unless the address already
   * holds edits of it) and watch it. */
  async function openServed() {
    let f;
    try {
      f = await get('/api/file');
    } catch (_) {
      return; // no file served
    }
    served = { name: f.name, version: f.version };
    if (app.addr.text != null && app.addr.file === f.name) {
      clean = f.text; // the address's text: unsaved edits if it differs
      await sync();
    } else {
      loadedFor = null;
      file = f.name;
      source.value = f.text;
      clean = f.text;
      await check(true);
      app.setTab('design');
    }
    renderState();
    setTimeout(poll, POLL_MS);
  }
  app.design = { openServed };

  // The editor shows the edited file, or else the current built-in game's file.
  async function sync() {
    if (app.addr.text != null) {
      // The address's text, unless it is what this pane handed on (the editor is newer).
      if (source.value !== app.addr.text && app.addr.text !== pushed) {
        file = app.addr.file || UNTITLED;
        source.value = app.addr.text;
        loadedFor = null;
        await check(false);
      }
      renderState();
    } else if (app.addr.game && loadedFor !== app.addr.game) {
      start.value = app.addr.game;
      if (app.variant) {
        const st = await post('/api/position', { variant: app.ref(), moves: [] });
        drawBoard(app.variant, st);
      }
      await load(app.addr.game, false);
    }
  }
  app.on('variant', () => {
    if (app.addr.tab === 'design') sync();
  });
  app.on('tab', () => {
    if (app.addr.tab === 'design') sync();
  });
}
