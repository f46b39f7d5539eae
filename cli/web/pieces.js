// The Pieces pane: any piece of the game or of the built-in library alone on an empty board
// of the game, moved by clicking a square, with blockers placed by clicking; its moves,
// captures and the extra squares a move captures on are marked, its value and primitives
// listed.

import { post } from './api.js';
import { Board, marksFor } from './board.js';

const $ = (id) => document.getElementById(id);

// A pane is one closure over its state: longer than a function should be, but each of
// the functions inside it is short and does one thing.
export function createPieces(app) {
  const board = new Board($('piece-board'), onSquare);
  let seq = 0;

  const mode = () => document.querySelector('input[name=piece-mode]:checked').value;

  function pieces() {
    return app.variant ? app.variant.pieces : [];
  }

  function defaultPiece() {
    const p = pieces().find((x) => !x.royal && !x.pawn) || pieces()[0];
    return p ? p.id : null;
  }

  function renderLists() {
    for (const [id, list] of [['piece-list', pieces()], ['library-list', app.variant ? app.variant.library : []]]) {
      const el = $(id);
      el.innerHTML = '';
      for (const p of list) {
        const b = document.createElement('button');
        b.dataset.piece = p.id;
        b.textContent = `${p.letter} ${p.name}`;
        if (p.id === app.addr.piece) b.classList.add('selected');
        b.addEventListener('click', () => {
          app.addr.piece = p.id;
          app.addr.blockers = [];
          show();
        });
        el.appendChild(b);
      }
    }
  }

  async function show() {
    if (!app.variant || app.addr.tab !== 'pieces') return;
    if (!app.addr.piece) app.addr.piece = defaultPiece();
    if (!app.addr.piece) return;
    const mine = ++seq;
    let ex;
    try {
      ex = await post('/api/piece', {
        variant: app.ref(),
        piece: app.addr.piece,
        color: app.addr.pieceBlack ? 'black' : 'white',
        at: app.addr.pieceAt,
        blockers: app.addr.blockers,
      });
    } catch (e) {
      if (mine !== seq) return;
      if (e.kind === 'bad-square' || e.kind === 'unknown-piece') {
        // A square or piece of another game: start again with this game's defaults.
        app.addr.pieceAt = null;
        app.addr.blockers = [];
        if (e.kind === 'unknown-piece') app.addr.piece = defaultPiece();
        return show();
      }
      app.notice(e.message);
      return;
    }
    if (mine !== seq) return;
    app.addr.pieceAt = ex.at;
    app.save();
    board.setGeometry(app.variant.board, ex.piece.royal ? [ex.piece.letter] : []);
    // The game's pictures, unless the piece is a library piece that shares a letter.
    const own = pieces().some((p) => p.id === ex.piece.id);
    board.pictures = own ? app.pictures : null;
    board.render({
      pieces: ex.board,
      marks: marksFor(ex.moves),
      selected: ex.at,
      flip: app.addr.flip,
      blockers: new Set(app.addr.blockers.map((b) => b.square)),
    });
    const p = ex.piece;
    $('piece-title').textContent = `${p.name} (${p.letter})`;
    const value = p.royal ? 'royal' : `value ${p.value}`;
    const where = ex.in_game ? '' : ' — from the library, not used by this game';
    const n = ex.moves.length;
    $('piece-summary').textContent =
      `${value}${p.pawn ? ', a pawn' : ''}; ${n} square${n === 1 ? '' : 's'} to go to from ${ex.at}${where}`;
    const ul = $('piece-primitives');
    ul.innerHTML = '';
    for (const prim of p.primitives) {
      const li = document.createElement('li');
      li.textContent = prim;
      ul.appendChild(li);
    }
    renderLists();
  }

  function onSquare(square) {
    const m = mode();
    if (m === 'move') {
      app.addr.pieceAt = square;
      app.addr.blockers = app.addr.blockers.filter((b) => b.square !== square);
    } else if (square !== app.addr.pieceAt) {
      const color = (m === 'friend') !== app.addr.pieceBlack ? 'white' : 'black';
      const i = app.addr.blockers.findIndex((b) => b.square === square);
      if (i >= 0 && app.addr.blockers[i].color === color) {
        app.addr.blockers.splice(i, 1);
      } else if (i >= 0) {
        app.addr.blockers[i].color = color;
      } else {
        app.addr.blockers.push({ square, color });
      }
    }
    show();
  }

  $('clear-blockers').addEventListener('click', () => {
    app.addr.blockers = [];
    show();
  });
  $('piece-black').addEventListener('change', (e) => {
    app.addr.pieceBlack = e.target.checked;
    app.addr.blockers = app.addr.blockers.map((b) => ({ ...b, color: b.color === 'white' ? 'black' : 'white' }));
    show();
  });
  app.on('variant', () => {
    $('piece-board').classList.toggle('disabled', !app.variant);
    $('piece-black').checked = app.addr.pieceBlack;
    show();
  });
  app.on('tab', show);
}
