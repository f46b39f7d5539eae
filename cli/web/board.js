// A board drawn as SVG: the squares that exist (holes left out, rear squares where they
// stand), pieces as core draws them (/api/pictures; a lettered disc for a piece without a
// picture), marks for moves, captures and the extra squares a move
// captures on, the selected square, the last move and a king in check.

import { post } from './api.js';

const NS = 'http://www.w3.org/2000/svg';

/** The pictures of a game's pieces: a Map from letter (upper case) to {white, black} SVG. */
export async function loadPictures(variant) {
  const r = await post('/api/pictures', { variant });
  const map = new Map(r.pieces.map((p) => [p.letter, p]));
  map.library = new Map(r.library.map((p) => [p.id, p])); // the library's, by id
  return map;
}

/** A picture (a standalone SVG document from the server) placed in a box of the board. */
function placed(svg, x, y, size) {
  return svg.replace('<svg ', `<svg x="${x}" y="${y}" width="${size}" height="${size}" `);
}

/**
 * A reserve as a row of buttons: `list` [{letter, count}], each a picture (or a disc) and
 * its count. `opts`: { label, pictures, name(letter), onClick(letter), selected(letter) }.
 */
export function renderReserve(el, color, list, opts) {
  el.innerHTML = '';
  const label = document.createElement('span');
  label.className = 'label';
  label.textContent = opts.label || (color === 'white' ? 'White' : 'Black');
  el.appendChild(label);
  for (const r of list) {
    const b = document.createElement(opts.onClick ? 'button' : 'span');
    b.className = 'reserve-piece';
    b.dataset.reserve = r.letter;
    b.dataset.color = color;
    const name = opts.name ? opts.name(r.letter) : r.letter;
    b.title = opts.onClick ? `${name} in reserve: click, then a square to drop it` : `${name} in reserve`;
    if (opts.selected && opts.selected(r.letter)) b.classList.add('selected');
    const pic = opts.pictures && opts.pictures.get(r.letter.toUpperCase());
    const face = document.createElement('span');
    if (pic) {
      face.className = 'pic';
      face.innerHTML = pic[color];
    } else {
      face.className = `disc ${color}`;
      face.textContent = r.letter.toUpperCase();
    }
    b.append(face, `×${r.count}`);
    if (opts.onClick) b.addEventListener('click', () => opts.onClick(r.letter));
    el.appendChild(b);
  }
  if (!list.length) {
    const none = document.createElement('span');
    none.className = 'muted';
    none.textContent = 'none in reserve';
    el.appendChild(none);
  }
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class Board {
  /** `onSquare(name, element)` is called when a square is clicked. */
  constructor(container, onSquare) {
    this.el = container;
    this.onSquare = onSquare || (() => {});
    this.geo = null;
    this.pictures = null; // Map letter -> {white, black}, see loadPictures
    this.el.addEventListener('click', (e) => {
      const sq = e.target.closest('[data-square]');
      if (sq && this.el.contains(sq)) this.onSquare(sq.dataset.square, sq);
    });
  }

  /** The board's shape, as `/api/variant` gives it: its squares (`cells`) with their file,
   * rank and colour. */
  setGeometry(board, royal) {
    this.geo = board;
    this.royal = new Set((royal || []).map((l) => l.toUpperCase()));
    this.cells = new Map(board.cells.map((c) => [c.name, c]));
    this.byCoords = null;
    this.exists = new Set(this.cells.keys());
  }

  /** The name of the square at a file (from 0) and rank, or null where there is none. */
  squareAt(file, rank) {
    if (!this.byCoords) {
      this.byCoords = new Map([...this.cells.values()].map((c) => [`${c.file},${c.rank}`, c.name]));
    }
    return this.byCoords.get(`${file},${rank}`) || null;
  }

  /** Where a square is drawn (its top-left corner), seen from White or, flipped, Black. */
  place(name, flip) {
    const { file, rank } = this.cells.get(name);
    const g = this.geo;
    const x = flip ? g.files - 1 - file : file;
    const y = flip ? rank - g.rank_min : g.rank_max - rank;
    return { x, y };
  }

  /**
   * Draws the board. `view`: { pieces: {square: letter}, marks: [{square, type}],
   * selected, last: [squares], check, flip, blockers: Set }
   */
  render(view) {
    const g = this.geo;
    if (!g) return;
    const flip = !!view.flip;
    const rows = g.rank_max - g.rank_min + 1;
    const out = [];
    out.push(
      `<svg xmlns="${NS}" viewBox="-0.6 -0.1 ${g.files + 0.7} ${rows + 0.7}" role="img" aria-label="board">`,
    );
    const last = new Set(view.last || []);
    for (const { name, dark } of g.cells) {
      const { x, y } = this.place(name, flip);
      const shade = dark ? 'dark' : 'light';
      const cls = ['sq', shade];
      if (last.has(name)) cls.push('last');
      if (view.selected === name) cls.push('selected');
      out.push(
        `<rect class="${cls.join(' ')}" data-square="${name}" x="${x}" y="${y}" width="1" height="1"/>`,
      );
    }
    // The zones that confine a piece (a palace, each side's half: the river), outlined
    // where they meet the rest of the board (`board.regions` of /api/variant).
    for (const region of g.regions || []) {
      const inside = new Set(region);
      const edges = [];
      for (const name of region) {
        const { file, rank } = this.cells.get(name);
        for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const next = this.squareAt(file + df, rank + dr);
          if (!next || inside.has(next)) continue;
          const a = this.place(name, flip);
          const b = this.place(next, flip);
          if (a.x === b.x) {
            const y = Math.max(a.y, b.y);
            edges.push(`M${a.x} ${y}h1`);
          } else {
            const x = Math.max(a.x, b.x);
            edges.push(`M${x} ${a.y}v1`);
          }
        }
      }
      if (edges.length) out.push(`<path class="region" d="${edges.join('')}"/>`);
    }
    // Rank numbers on the left, file letters below.
    for (let r = g.rank_min; r <= g.rank_max; r++) {
      const y = flip ? r - g.rank_min : g.rank_max - r;
      out.push(`<text class="coord" x="-0.3" y="${y + 0.62}" text-anchor="middle">${r}</text>`);
    }
    for (let f = 0; f < g.files; f++) {
      const x = flip ? g.files - 1 - f : f;
      out.push(
        `<text class="coord" x="${x + 0.5}" y="${rows + 0.4}" text-anchor="middle">${g.file_names[f]}</text>`,
      );
    }
    if (view.check) {
      const { x, y } = this.place(view.check, flip);
      out.push(`<circle class="check" data-check="${view.check}" cx="${x + 0.5}" cy="${y + 0.5}" r="0.46"/>`);
    }
    const blockers = view.blockers || new Set();
    for (const [name, letter] of Object.entries(view.pieces || {})) {
      if (!this.exists.has(name)) continue;
      const { x, y } = this.place(name, flip);
      const white = letter === letter.toUpperCase();
      const cls = ['piece', white ? 'white' : 'black'];
      if (this.royal.has(letter.toUpperCase())) cls.push('royal');
      if (blockers.has(name)) cls.push('blocker');
      const pic = this.pictures && this.pictures.get(letter.toUpperCase());
      if (pic) {
        cls.push('pictured');
        out.push(
          `<g class="${cls.join(' ')}" data-piece="${esc(letter)}" data-on="${name}">` +
            `${placed(white ? pic.white : pic.black, x + 0.04, y + 0.04, 0.92)}</g>`,
        );
        continue;
      }
      out.push(
        `<g class="${cls.join(' ')}" data-piece="${esc(letter)}" data-on="${name}" transform="translate(${x + 0.5} ${y + 0.5})">` +
          `<circle r="0.4"/><text y="0.02">${esc(letter.toUpperCase())}</text></g>`,
      );
    }
    for (const m of view.marks || []) {
      if (!this.exists.has(m.square)) continue;
      const { x, y } = this.place(m.square, flip);
      const cx = x + 0.5;
      const cy = y + 0.5;
      const at = `data-mark="${m.square}"`;
      if (m.type === 'move') {
        out.push(`<circle class="mark mark-move" ${at} cx="${cx}" cy="${cy}" r="0.16"/>`);
      } else if (m.type === 'capture') {
        out.push(`<circle class="mark mark-capture" ${at} cx="${cx}" cy="${cy}" r="0.43"/>`);
      } else if (m.type === 'victim') {
        const d = 0.28;
        out.push(
          `<path class="mark mark-victim" ${at} d="M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}"/>`,
        );
      }
    }
    out.push('</svg>');
    this.el.innerHTML = out.join('');
    // The board's width over its height, for the style sheet to size it without margins.
    this.el.style.setProperty('--aspect', String((g.files + 0.7) / (rows + 0.7)));
  }
}

/**
 * Marks for a set of moves (as the API gives them: `to` and `captures`): a dot where a move
 * lands quietly, a ring where a move captures, a cross on every other square that loses its
 * piece (a double capture's second victim, a cannon's screen, a piece flown over).
 */
export function marksFor(moves) {
  const type = new Map();
  const victims = new Set();
  for (const m of moves) {
    const captures = m.captures || [];
    const t = captures.length ? 'capture' : 'move';
    if (type.get(m.to) !== 'capture') type.set(m.to, t);
    for (const c of captures) if (c !== m.to) victims.add(c);
  }
  const marks = [];
  for (const [square, t] of type) marks.push({ square, type: t });
  for (const square of victims) marks.push({ square, type: 'victim' });
  return marks;
}
