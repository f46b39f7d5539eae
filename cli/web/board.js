// A board drawn as SVG: the squares that exist (holes left out, rear squares where they
// stand), pieces as lettered discs, marks for moves, captures and the extra squares a move
// captures on, the selected square, the last move and a king in check.

const NS = 'http://www.w3.org/2000/svg';

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class Board {
  /** `onSquare(name, element)` is called when a square is clicked. */
  constructor(container, onSquare) {
    this.el = container;
    this.onSquare = onSquare || (() => {});
    this.geo = null;
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
    this.exists = new Set(this.cells.keys());
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
