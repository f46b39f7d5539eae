// The Analysis pane: perft with divide for the current position, and the engine's line
// (depth, score, principal variation) on demand.

import { post } from './api.js';
import { Board } from './board.js';

const $ = (id) => document.getElementById(id);

// A pane is one closure over its state: longer than a function should be, but each of
// the functions inside it is short and does one thing.
export function createAnalysis(app) {
  const board = new Board($('analysis-board'));
  let running = null;

  function render() {
    if (!app.variant || !app.state || app.addr.tab !== 'analysis') return;
    board.setGeometry(app.variant.board, app.variant.pieces.filter((p) => p.royal).map((p) => p.letter));
    const last = app.state.history[app.state.history.length - 1];
    board.pictures = app.pictures;
    board.render({ pieces: app.state.board, last: last ? [last.from, last.to] : [], flip: app.addr.flip });
    const side = app.state.turn === 'white' ? 'White' : 'Black';
    $('analysis-position').textContent =
      `${app.variant.name}, after ${app.state.history.length} move${app.state.history.length === 1 ? '' : 's'}; ${side} to move. ` +
      (app.state.outcome ? `Game over: ${app.state.outcome.text}.` : '');
  }

  function row(tbody, cells, cls) {
    const tr = document.createElement('tr');
    cells.forEach((c, i) => {
      const td = document.createElement('td');
      td.textContent = c;
      if (cls && cls[i]) td.className = cls[i];
      tr.appendChild(td);
    });
    tbody.appendChild(tr);
  }

  function stop() {
    if (running) running.abort();
    running = null;
    $('analyse-stop').disabled = true;
    $('analyse-run').disabled = false;
    $('perft-run').disabled = false;
  }

  $('analyse-run').addEventListener('click', async () => {
    stop();
    const controller = new AbortController();
    running = controller;
    $('analyse-stop').disabled = false;
    $('analyse-run').disabled = true;
    const tbody = $('analyse-lines').querySelector('tbody');
    tbody.innerHTML = '';
    row(tbody, ['…', 'thinking', '', '']);
    try {
      const time = parseInt($('analyse-time').value, 10);
      const a = await post('/api/analyse', { ...app.at(), time_ms: time }, controller.signal);
      tbody.innerHTML = '';
      for (const l of a.lines) {
        row(tbody, [String(l.depth), l.score.text, l.pv_san.join(' '), String(l.nodes)], [null, null, 'pv', null]);
      }
    } catch (e) {
      tbody.innerHTML = '';
      if (e.name !== 'AbortError') row(tbody, ['', e.message, '', '']);
    } finally {
      if (running === controller) stop();
    }
  });
  $('analyse-stop').addEventListener('click', stop);

  $('perft-run').addEventListener('click', async () => {
    stop();
    const controller = new AbortController();
    running = controller;
    $('perft-run').disabled = true;
    const tbody = $('perft-table').querySelector('tbody');
    tbody.innerHTML = '';
    $('perft-total').textContent = 'counting…';
    try {
      const depth = parseInt($('perft-depth').value, 10);
      const divide = $('perft-divide').checked;
      const p = await post('/api/perft', { ...app.at(), depth, divide }, controller.signal);
      $('perft-total').textContent = `perft ${p.depth}: ${p.nodes.toLocaleString('en')} paths in ${p.time_ms} ms`;
      for (const d of p.divide || []) row(tbody, [d.move, d.san, d.nodes.toLocaleString('en')]);
    } catch (e) {
      $('perft-total').textContent = e.name === 'AbortError' ? '' : e.message;
    } finally {
      if (running === controller) stop();
    }
  });

  app.on('state', render);
  app.on('tab', render);
  app.on('variant', () => {
    $('analysis-board').classList.toggle('disabled', !app.variant);
    render();
  });
}
