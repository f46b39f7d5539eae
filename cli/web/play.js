// The Play pane: the board as it is, click a piece (or a reserve piece) to see its moves,
// click a target to move (a picker when several moves end there), the computer on either
// side, the move list, undo, new game, flip, the position string and pasting.

import { post } from './api.js';
import { Board, marksFor, renderReserve } from './board.js';

const $ = (id) => document.getElementById(id);

// A pane is one closure over its state: longer than a function should be, but each of
// the functions inside it is short and does one thing.
export function createPlay(app) {
  const board = new Board($('play-board'), onSquare);
  let selected = null; // {square} or {drop: letter}
  let thinking = null; // {controller, key}
  let busy = false;
  let pickerFor = null; // {moves, square} of the open picker

  const human = () => {
    const st = app.state;
    if (!st || st.outcome) return false;
    return (st.turn === 'white' ? app.addr.white : app.addr.black) === 'h';
  };

  function royalLetters() {
    return app.variant ? app.variant.pieces.filter((p) => p.royal).map((p) => p.letter) : [];
  }

  function pieceName(letter) {
    const p = app.variant && app.variant.pieces.find((x) => x.letter === letter.toUpperCase());
    return p ? p.name : letter;
  }

  /** The legal moves of the selection. */
  function selectionMoves() {
    const st = app.state;
    if (!st || !selected) return [];
    if (selected.drop) return st.legal.filter((m) => m.kind === 'drop' && m.drop === selected.drop);
    return st.legal.filter((m) => m.kind !== 'drop' && m.from === selected.square);
  }

  function render() {
    const st = app.state;
    if (!st || !app.variant) return;
    const moves = selectionMoves();
    let marks = marksFor(moves);
    if (selected && selected.drop) {
      // A drop is chosen by the square it is dropped on (then a push, if any, in the picker).
      const drops = new Set(moves.map((m) => m.from));
      marks = [...drops].map((square) => ({ square, type: 'move' }));
    }
    const last = st.history.length ? st.history[st.history.length - 1] : null;
    board.pictures = app.pictures;
    board.render({
      pieces: st.board,
      marks,
      selected: selected && selected.square,
      last: last ? [last.from, last.to] : [],
      check: st.check_square,
      flip: app.addr.flip,
    });
    renderReserves();
    renderStatus();
    renderMoves();
    $('fen').value = st.fen;
  }

  function renderReserves() {
    const st = app.state;
    const top = app.addr.flip ? 'white' : 'black';
    const bottom = app.addr.flip ? 'black' : 'white';
    for (const [id, color] of [['reserve-top', top], ['reserve-bottom', bottom]]) {
      const el = $(id);
      el.hidden = !app.variant.reserves;
      if (!app.variant.reserves) continue;
      renderReserve(el, color, st.reserves[color], {
        pictures: app.pictures,
        name: pieceName,
        onClick: (letter) => onReserve(color, letter),
        selected: (letter) => selected && selected.drop === letter.toUpperCase() && st.turn === color,
      });
    }
  }

  function renderStatus() {
    const st = app.state;
    const el = $('status');
    el.classList.toggle('over', !!st.outcome);
    if (st.outcome) {
      el.textContent = `Game over: ${st.outcome.text}.`;
    } else {
      const side = st.turn === 'white' ? 'White' : 'Black';
      let s = `${side} to move`;
      if (st.check) s += ' (in check)';
      if (thinking) s = `${side} (computer) is thinking…` + (st.check ? ' (in check)' : '');
      el.textContent = s;
    }
    $('game-title').textContent = app.variant.name;
    $('game-description').textContent = app.variant.description;
  }

  function renderMoves() {
    const st = app.state;
    const ol = $('move-list');
    ol.innerHTML = '';
    // Number moves from the position string's move number and side.
    const parts = st.history.length ? firstMove() : { number: 1, black: false };
    let li = null;
    let number = parts.number;
    st.history.forEach((m, i) => {
      const blackMove = (i + (parts.black ? 1 : 0)) % 2 === 1;
      if (!li || !blackMove) {
        li = document.createElement('li');
        li.value = number;
        if (blackMove) li.appendChild(document.createElement('span')).textContent = '…';
        ol.appendChild(li);
        number += 1;
      }
      const span = document.createElement('span');
      span.textContent = m.san;
      span.title = m.move;
      span.dataset.ply = String(i + 1);
      if (i === st.history.length - 1) span.className = 'last';
      li.appendChild(span);
    });
    ol.scrollTop = ol.scrollHeight;
  }

  function firstMove() {
    const st = app.state;
    return { number: st.start_move_number, black: st.start_turn === 'black' };
  }

  function closePicker() {
    $('picker').hidden = true;
  }

  /** A choice of the picker in words: what the move does, not its text. */
  function describe(m) {
    if (m.kind === 'castle') return `Castle: king to ${m.to}, rook ${m.rook[0]} to ${m.rook[1]}`;
    if (m.kind === 'drop') {
      const what = pieceName(m.drop);
      return m.from === m.to ? `Drop the ${what} on ${m.to}` : `Drop the ${what} on ${m.from}, push to ${m.to}`;
    }
    const st = app.state;
    const mover = pieceName(st.board[m.from] || '?');
    let s = m.captures.length ? `${mover} takes on ${m.to}` : `${mover} to ${m.to}`;
    if (m.kind === 'en-passant') s += ' (en passant)';
    if (m.promotion) s += `, promotes to ${pieceName(m.promotion)}`;
    if (m.captures.length > 1) s += ` (captures on ${m.captures.join(' and ')})`;
    return s;
  }

  /** The squares a picker must leave in view: the clicked one and every square its
   * choices start, end or move a rook on. */
  function keepVisible(moves, square) {
    const names = new Set([square]);
    for (const m of moves) {
      names.add(m.from);
      names.add(m.to);
      if (m.rook) m.rook.forEach((r) => names.add(r));
    }
    let box = null;
    for (const n of names) {
      const el = $('play-board').querySelector(`[data-square="${n}"]`);
      if (!el) continue;
      const r = el.getBoundingClientRect();
      box = box
        ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top), right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom) }
        : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }
    return box;
  }

  /** Places the picker beside the squares it is about (right, left, below or above,
   * the first that fits in the window), never over them when it can help it. */
  function placePicker(picker, box) {
    const w = picker.offsetWidth;
    const h = picker.offsetHeight;
    const W = document.documentElement.clientWidth;
    const H = window.innerHeight;
    const gap = 6;
    const clampX = (x) => Math.max(4, Math.min(x, W - w - 4));
    const clampY = (y) => Math.max(4, Math.min(y, H - h - 4));
    const spots = [
      { x: box.right + gap, y: clampY(box.top), fits: box.right + gap + w <= W },
      { x: box.left - gap - w, y: clampY(box.top), fits: box.left - gap - w >= 0 },
      { x: clampX(box.left), y: box.bottom + gap, fits: box.bottom + gap + h <= H },
      { x: clampX(box.left), y: box.top - gap - h, fits: box.top - gap - h >= 0 },
    ];
    const spot = spots.find((p) => p.fits) || { x: clampX(box.left), y: clampY(box.bottom + gap) };
    picker.style.left = `${spot.x}px`;
    picker.style.top = `${spot.y}px`;
  }

  function openPicker(moves, square) {
    const picker = $('picker');
    picker.innerHTML = '';
    const title = document.createElement('div');
    title.className = 'title';
    title.textContent = 'Which move?';
    picker.appendChild(title);
    for (const m of moves) {
      const b = document.createElement('button');
      b.dataset.move = m.move;
      b.textContent = describe(m);
      b.title = m.san;
      b.addEventListener('click', () => {
        closePicker();
        playMove(m.move);
      });
      picker.appendChild(b);
    }
    const cancel = document.createElement('button');
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', closePicker);
    picker.appendChild(cancel);
    picker.hidden = false;
    pickerFor = { moves, square };
    const box = keepVisible(moves, square);
    if (box) placePicker(picker, box);
  }

  function onSquare(square) {
    const st = app.state;
    if (!st || busy) return;
    closePicker();
    if (selected && human()) {
      const moves = selectionMoves();
      const here = selected.drop ? moves.filter((m) => m.from === square) : moves.filter((m) => m.to === square);
      if (here.length === 1) {
        selected = null;
        playMove(here[0].move);
        return;
      }
      if (here.length > 1) {
        openPicker(here, square);
        return;
      }
    }
    const letter = st.board[square];
    const mine = letter && ((letter === letter.toUpperCase()) === (st.turn === 'white'));
    if (letter && mine && human() && !(selected && selected.square === square)) {
      selected = { square };
    } else {
      selected = null;
    }
    render();
  }

  function onReserve(color, letter) {
    const st = app.state;
    closePicker();
    if (!st || !human() || st.turn !== color) return;
    const l = letter.toUpperCase();
    selected = selected && selected.drop === l ? null : { drop: l };
    render();
  }

  async function playMove(text) {
    busy = true;
    try {
      const res = await post('/api/play', { ...app.at(), move: text });
      app.addr.moves = [...app.addr.moves, res.played.move];
      app.state = res.state;
      selected = null;
      app.save();
      app.emit('state');
    } catch (e) {
      app.notice(e.message);
    } finally {
      busy = false;
    }
  }

  function stopThinking() {
    if (thinking) {
      thinking.controller.abort();
      thinking = null;
    }
  }

  /** Lets the computer move when it is its turn. */
  async function maybeThink() {
    const st = app.state;
    if (!st || st.outcome || human() || !app.variant) return;
    const key = `${st.fen}|${app.addr.moves.length}`;
    if (thinking && thinking.key === key) return;
    stopThinking();
    const controller = new AbortController();
    thinking = { controller, key };
    renderStatus();
    try {
      const t = await post('/api/think', { ...app.at(), time_ms: app.addr.time }, controller.signal);
      if (!thinking || thinking.controller !== controller) return;
      thinking = null;
      await playMove(t.move.move);
    } catch (e) {
      if (e.name === 'AbortError') return;
      if (thinking && thinking.controller === controller) thinking = null;
      app.notice(e.message);
      renderStatus();
    }
  }

  async function setMoves(moves, fen) {
    stopThinking();
    selected = null;
    closePicker();
    app.addr.moves = moves;
    if (fen !== undefined) app.addr.fen = fen;
    app.save();
    await app.refresh();
  }

  // The picker stands beside the squares it is about: it follows them when the page
  // scrolls or the window changes.
  const replacePicker = () => {
    const picker = $('picker');
    if (picker.hidden || !pickerFor) return;
    const box = keepVisible(pickerFor.moves, pickerFor.square);
    if (box) placePicker(picker, box);
  };
  window.addEventListener('scroll', replacePicker, { passive: true });
  window.addEventListener('resize', replacePicker);
  $('new-game').addEventListener('click', () => setMoves([], null));
  $('undo').addEventListener('click', () => {
    const moves = [...app.addr.moves];
    if (!moves.length) return;
    const wasThinking = !!thinking;
    moves.pop();
    // Against the computer, take back to the human's turn.
    const humanSide = app.addr.white === 'h' ? 0 : app.addr.black === 'h' ? 1 : -1;
    const firstBlack = app.state && app.state.start_turn === 'black' ? 1 : 0;
    if (!wasThinking && humanSide >= 0 && app.addr.white !== app.addr.black) {
      while (moves.length && (moves.length + firstBlack) % 2 !== humanSide) moves.pop();
    }
    setMoves(moves);
  });
  $('flip').addEventListener('click', () => {
    app.addr.flip = !app.addr.flip;
    app.save();
    render();
  });
  for (const [id, key] of [['white-player', 'white'], ['black-player', 'black']]) {
    $(id).addEventListener('change', (e) => {
      app.addr[key] = e.target.value;
      app.save();
      stopThinking();
      render();
      maybeThink();
    });
  }
  $('think-time').addEventListener('change', (e) => {
    app.addr.time = parseInt(e.target.value, 10);
    app.save();
  });
  $('copy-fen').addEventListener('click', async () => {
    const input = $('fen');
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (_) {
      input.select();
      document.execCommand('copy');
    }
  });
  $('load-paste').addEventListener('click', () => loadPaste($('paste').value));
  $('paste').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') loadPaste($('paste').value);
  });

  /** A position string (it has `/`) or a list of moves (numbers and results ignored). */
  async function loadPaste(text) {
    const err = $('paste-error');
    err.hidden = true;
    text = text.trim();
    if (!text) return;
    let fen = null;
    let moves = [];
    if (text.includes('/')) {
      fen = text;
    } else {
      fen = app.addr.fen;
      moves = text
        .split(/[\s,]+/)
        .map((t) => t.replace(/^\d+\.+/, ''))
        .filter((t) => t && !/^(\d+\.+|1-0|0-1|1\/2-1\/2|\*)$/.test(t));
    }
    try {
      const st = await post('/api/position', { variant: app.ref(), fen, moves });
      stopThinking();
      selected = null;
      app.addr.fen = fen;
      app.addr.moves = st.history.map((m) => m.move);
      app.state = st;
      app.save();
      app.emit('state');
      $('paste').value = '';
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    }
  }

  app.on('variant', () => {
    selected = null;
    stopThinking();
    $('play-board').classList.toggle('disabled', !app.variant);
    if (app.variant) board.setGeometry(app.variant.board, royalLetters());
  });
  app.on('state', () => {
    $('white-player').value = app.addr.white;
    $('black-player').value = app.addr.black;
    const time = $('think-time');
    if (![...time.options].some((o) => o.value === String(app.addr.time))) {
      time.appendChild(new Option(`${app.addr.time / 1000} s`, String(app.addr.time)));
    }
    time.value = String(app.addr.time);
    render();
    maybeThink();
  });
}
