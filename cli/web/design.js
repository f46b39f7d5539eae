// The Design pane: the variant file in an editor with line numbers. Each change is checked
// by the server (debounced); every problem is shown at its line and column with the text
// `fairyforge validate` prints, and the other panes follow the file whenever it is valid.

import { get, post } from './api.js';
import { Board } from './board.js';

const $ = (id) => document.getElementById(id);

const LINE = 18; // px, as in style.css
const PAD_TOP = 6;
const PAD_LEFT = 8;
const DEBOUNCE_MS = 300;

// A pane is one closure over its state: longer than a function should be, but each of
// the functions inside it is short and does one thing.
export function createDesign(app) {
  const source = $('source');
  const gutter = $('gutter');
  const marks = $('source-marks');
  const board = new Board($('design-board'));
  let file = 'variant.toml';
  let timer = null;
  let seq = 0;
  let diagnostics = [];
  let loadedFor = null; // the built-in game whose text fills the editor untouched

  // The "Start from" list: built-in games and the documentation's examples.
  const start = $('design-start');
  for (const g of app.catalog.games) {
    start.appendChild(new Option(`${g.name} (${g.id}.toml)`, g.id));
  }
  for (const x of app.catalog.examples) {
    start.appendChild(new Option(`Example: ${x.name} (${x.id}.toml)`, x.id));
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
      if (left !== undefined) {
        d.style.left = `${left}px`;
        d.style.width = `${width}px`;
      }
      scroller.appendChild(d);
    };
    for (const d of diagnostics) {
      if (d.file !== file || d.line < 1 || d.severity === 'warning') continue;
      const top = PAD_TOP + (d.line - 1) * LINE;
      add('line', top);
      const endCol = d.end_line === d.line ? Math.max(d.end_column, d.column + 1) : d.column + 1;
      add('squiggle', top + LINE - 4, PAD_LEFT + (d.column - 1) * cw, Math.max(cw, (endCol - d.column) * cw));
    }
    marks.replaceChildren(scroller);
    syncScroll();
  }

  function syncScroll() {
    gutter.scrollTop = source.scrollTop;
    const s = marks.firstElementChild;
    if (s) s.style.transform = `translate(${-source.scrollLeft}px, ${-source.scrollTop}px)`;
  }

  function renderDiagnostics(result) {
    const ul = $('diagnostics');
    ul.innerHTML = '';
    if (result.ok) {
      const li = document.createElement('li');
      li.className = 'ok';
      li.textContent = `${file}: ok (${result.name})`;
      ul.appendChild(li);
      $('design-state').textContent = 'valid';
    } else {
      const n = result.diagnostics.length + (result.omitted || 0);
      $('design-state').textContent = `${n} problem${n === 1 ? '' : 's'}`;
    }
    for (const d of result.diagnostics) {
      const li = document.createElement('li');
      if (d.severity === 'warning') li.className = 'warning';
      li.dataset.line = String(d.line);
      li.dataset.column = String(d.column);
      const where = document.createElement('span');
      where.className = 'where';
      where.textContent = d.line ? `line ${d.line}, column ${d.column}: ` : '';
      const msg = document.createElement('span');
      msg.textContent = d.message;
      const pre = document.createElement('pre');
      pre.textContent = d.rendered;
      li.append(where, msg, pre);
      if (d.line && d.file === file) li.addEventListener('click', () => jumpTo(d.line, d.column));
      ul.appendChild(li);
    }
    if (result.omitted) {
      const li = document.createElement('li');
      li.textContent = `and ${result.omitted} more problems`;
      ul.appendChild(li);
    }
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

  /** The board of the file: its start position, dimmed while the file has errors. */
  function drawBoard(v, st) {
    board.setGeometry(v.board, v.pieces.filter((p) => p.royal).map((p) => p.letter));
    board.render({ pieces: st.board });
    $('design-title').textContent = v.name;
    $('design-board').classList.remove('disabled');
  }

  async function showBoard() {
    try {
      const v = await post('/api/variant', { variant: { text: source.value, name: file } });
      const st = await post('/api/position', { variant: { text: source.value, name: file }, moves: [] });
      drawBoard(v, st);
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
    renderGutter();
    renderMarks();
    renderDiagnostics(result);
    if (result.ok) {
      await showBoard();
      if (follow) await app.followText(text, file);
    } else {
      $('design-board').classList.add('disabled');
      $('design-title').textContent = `${file} has errors`;
      if (follow) {
        // Keep the text in the address (nothing typed is lost); the panes wait.
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

  async function load(id) {
    const src = await get(`/api/source?name=${encodeURIComponent(id)}`);
    file = src.file;
    source.value = src.text;
    source.scrollTop = 0;
    loadedFor = id;
    await check(false);
  }

  source.addEventListener('input', () => {
    renderGutter();
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
  $('design-load').addEventListener('click', async () => {
    await load(start.value);
    await app.followText(source.value, file);
  });

  // The editor shows the edited file, or else the current built-in game's file.
  async function sync() {
    if (app.addr.text != null) {
      if (source.value !== app.addr.text) {
        file = app.addr.file || 'variant.toml';
        source.value = app.addr.text;
        loadedFor = null;
        await check(false);
      }
    } else if (app.addr.game && loadedFor !== app.addr.game) {
      start.value = app.addr.game;
      if (app.variant) {
        const st = await post('/api/position', { variant: app.ref(), moves: [] });
        drawBoard(app.variant, st);
      }
      await load(app.addr.game);
    }
  }
  app.on('variant', () => {
    if (app.addr.tab === 'design') sync();
  });
  app.on('tab', () => {
    if (app.addr.tab === 'design') sync();
  });
}
