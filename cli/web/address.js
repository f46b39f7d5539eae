// The page's address holds everything a user would lose: the game (a built-in name, or the
// edited file's text, compressed), its options, the start position, the moves, who plays,
// the thinking time, the tab, the board's side and the piece explorer's choice. The server
// keeps none of it, so a reload, a shared link or a server restart loses nothing.

const SAFE = /^[A-Za-z0-9@._~-]*$/;

function enc(v) {
  return SAFE.test(v) ? v : encodeURIComponent(v);
}

function bytesToB64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function b64urlToBytes(s) {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

/** Text to a short URL-safe string: `z` + deflated base64url, or `u` + plain base64url. */
export async function packText(text) {
  const bytes = new TextEncoder().encode(text);
  if (typeof CompressionStream === 'function') {
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const packed = new Uint8Array(await new Response(stream).arrayBuffer());
    return 'z' + bytesToB64url(packed);
  }
  return 'u' + bytesToB64url(bytes);
}

export async function unpackText(s) {
  const bytes = b64urlToBytes(s.slice(1));
  if (s[0] === 'z') {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    return new TextDecoder().decode(await new Response(stream).arrayBuffer());
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The state kept in the address:
 * { game, text, file, options[], fen, moves[], white, black, time, tab, flip,
 *   piece, pieceAt, pieceBlack, blockers[] }
 */
export async function write(st) {
  const parts = [];
  if (st.text != null) {
    parts.push('x=' + (await packText(st.text)));
    if (st.file) parts.push('n=' + enc(st.file));
  } else if (st.game) {
    parts.push('g=' + enc(st.game));
  }
  if (st.options && st.options.length) parts.push('o=' + st.options.map(enc).join(','));
  if (st.fen) parts.push('f=' + encodeURIComponent(st.fen));
  if (st.moves && st.moves.length) parts.push('m=' + st.moves.map(enc).join('.'));
  parts.push('w=' + st.white, 'b=' + st.black, 't=' + st.time);
  if (st.tab && st.tab !== 'play') parts.push('tab=' + st.tab);
  if (st.flip) parts.push('flip=1');
  if (st.piece) parts.push('pc=' + enc(st.piece));
  if (st.pieceAt) parts.push('pa=' + enc(st.pieceAt));
  if (st.pieceBlack) parts.push('pk=1');
  if (st.blockers && st.blockers.length) {
    parts.push('pb=' + st.blockers.map((b) => b.square + (b.color === 'white' ? 'w' : 'b')).join('.'));
  }
  const hash = '#' + parts.join('&');
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

export async function read() {
  const out = {
    game: null, text: null, file: null, options: [], fen: null, moves: [],
    white: 'h', black: 'c', time: 1000, tab: 'play', flip: false,
    piece: null, pieceAt: null, pieceBlack: false, blockers: [],
  };
  const hash = location.hash.replace(/^#/, '');
  if (!hash) return out;
  for (const part of hash.split('&')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i);
    let v;
    try {
      v = decodeURIComponent(part.slice(i + 1));
    } catch (_) {
      continue;
    }
    switch (k) {
      case 'g': out.game = v; break;
      case 'x':
        try { out.text = await unpackText(v); } catch (_) { out.text = null; }
        break;
      case 'n': out.file = v; break;
      case 'o': out.options = v ? v.split(',') : []; break;
      case 'f': out.fen = v; break;
      case 'm': out.moves = v ? v.split('.') : []; break;
      case 'w': out.white = v === 'c' ? 'c' : 'h'; break;
      case 'b': out.black = v === 'h' ? 'h' : 'c'; break;
      case 't': out.time = Math.max(50, Math.min(30000, parseInt(v, 10) || 1000)); break;
      case 'tab': out.tab = v; break;
      case 'flip': out.flip = v === '1'; break;
      case 'pc': out.piece = v; break;
      case 'pa': out.pieceAt = v; break;
      case 'pk': out.pieceBlack = v === '1'; break;
      case 'pb':
        out.blockers = v.split('.').filter(Boolean).map((s) => ({
          square: s.slice(0, -1), color: s.endsWith('w') ? 'white' : 'black',
        }));
        break;
      default: break;
    }
  }
  return out;
}
