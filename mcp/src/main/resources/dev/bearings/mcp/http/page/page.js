// The search page: asks the server's /api/ as the user types, and shows what it answers.
// Note text is only ever set as text (textContent, text nodes), never parsed as HTML.
'use strict';
(() => {
  const DEBOUNCE_MS = 120;
  const LIMIT = 10;
  const $ = (id) => document.getElementById(id);
  const box = $('q');
  const results = $('results');
  const summary = $('summary');
  let asked = null;       // the AbortController of the search under way
  let typed = 0;          // performance.now() of the last keystroke, which the next search answers
  let timer = 0;
  let shown = '';         // the request whose results are shown

  /** An element with its class and text; children appended as given. */
  function el(tag, className, text, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    children.filter(Boolean).forEach((child) => node.append(child));
    return node;
  }

  /** What the server says when the session or the server has gone, in the user's terms. */
  async function ask(path, options) {
    let response;
    try {
      response = await fetch('/api/' + path, Object.assign({ credentials: 'same-origin', headers: { Accept: 'application/json' } }, options));
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new Error('The Bearings server is not answering; it may have stopped. Run bearings open again.');
    }
    if (response.status === 401) {
      throw new Error('This page\'s session has ended (the server was restarted). Run bearings open again.');
    }
    const body = await response.json().catch(() => ({ error: 'The server answered ' + response.status + '.' }));
    if (!response.ok) throw new Error(body.error || 'The server answered ' + response.status + '.');
    return body;
  }

  function query() {
    const params = new URLSearchParams();
    params.set('q', box.value.trim());
    params.set('limit', String(LIMIT));
    for (const name of ['source', 'since', 'before']) {
      if ($(name).value) params.set(name, $(name).value);
    }
    if ($('tag').value.trim()) params.append('tag', $('tag').value.trim());
    return params.toString();
  }

  /** Says (aria-busy) whether the results shown are behind what was asked: typed, or a filter changed. */
  function busy(on) {
    results.setAttribute('aria-busy', on ? 'true' : 'false');
  }

  async function search() {
    clearTimeout(timer);
    const request = query();
    if (!box.value.trim()) {
      clear();
      return;
    }
    if (request === shown && !asked) {
      busy(false);
      return;
    }
    busy(true);
    if (asked) asked.abort();
    const controller = new AbortController();
    asked = controller;
    const started = performance.now();
    const keystroke = typed || started;
    typed = 0;
    let passages;
    try {
      passages = await ask('search?' + request, { signal: controller.signal });
    } catch (e) {
      if (e.name === 'AbortError') return;
      if (asked === controller) asked = null;
      show([], e.message);
      busy(false);
      return;
    }
    if (asked !== controller) return;
    asked = null;
    shown = request;
    show(passages);
    busy(false);
    const done = performance.now();
    // The time from the keystroke to the results on screen, and the answer's share of it (User Timing: DevTools shows both).
    performance.measure('bearings-keystroke-to-results', { start: keystroke, end: done });
    performance.measure('bearings-answer', { start: started, end: done });
  }

  function clear() {
    if (asked) asked.abort();
    asked = null;
    shown = '';
    results.replaceChildren();
    summary.textContent = '';
    busy(false);
  }

  /** The snippet's matches, which the search marks **like this**, as <mark>; the rest as text. */
  function marked(snippet) {
    const p = el('p', 'snippet');
    snippet.split(/\*\*(.+?)\*\*/g).forEach((part, i) => {
      if (part) p.append(i % 2 ? el('mark', null, part) : document.createTextNode(part));
    });
    return p;
  }

  function day(iso) {
    const date = new Date(iso);
    return isNaN(date) ? iso : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  }

  /** How well the passage matched: strong or weak where the server says, else the score. */
  function strength(hit) {
    if (typeof hit.strength === 'string') {
      const label = el('span', 'strength ' + (hit.strength === 'strong' ? 'strong' : 'weak'), hit.strength + ' match');
      if (typeof hit.similarity === 'number') label.title = 'similarity ' + hit.similarity.toFixed(2);
      return label;
    }
    return typeof hit.score === 'number' ? el('span', 'score', 'score ' + hit.score.toFixed(2)) : null;
  }

  function show(passages, error) {
    results.replaceChildren();
    if (error) {
      summary.textContent = error;
      summary.classList.add('error');
      return;
    }
    summary.classList.remove('error');
    summary.textContent = passages.length === 0 ? 'Nothing found.'
      : passages.length + (passages.length === 1 ? ' passage' : ' passages') + ', best first.';
    passages.forEach((hit) => results.append(item(hit)));
  }

  function item(hit) {
    const open = el('a', 'open', hit.title || hit.noteId);
    // Only a scheme that opens a note: a source plugin's link can never be script.
    const link = hit.open || hit.link || '';
    open.href = /^(bear|obsidian|file|https?):/i.test(link) ? link : '#';
    if (open.href.startsWith('file:')) {
      // A browser opens no file: link from a web page: the note is shown here, with where it lives.
      open.title = decodeURIComponent(new URL(open.href).pathname);
      open.addEventListener('click', (event) => {
        event.preventDefault();
        read(hit, null, open);
      });
    }
    const where = el('p', 'where', (hit.headingPath || '(top)') + ' · lines ' + hit.startLine + '–' + hit.endLine);
    const meta = el('p', 'meta');
    (hit.tags || []).forEach((tag) => meta.append(el('span', 'tag', '#' + tag)));
    meta.append(el('time', 'date', day(hit.modified)));
    meta.lastChild.dateTime = hit.modified;
    const strong = strength(hit);
    if (strong) meta.append(strong);
    if (hit.attachment) meta.append(el('span', 'attachment', 'in ' + hit.attachment));
    const section = el('button', 'read', 'Read section');
    section.type = 'button';
    section.addEventListener('click', () => read(hit, hit.headingPath || null, section));
    const whole = el('button', 'read', 'Read note');
    whole.type = 'button';
    whole.addEventListener('click', () => read(hit, null, whole));
    const article = el('article', 'hit', null, el('h3', null, null, open), where, marked(hit.snippet || ''), meta,
      el('p', 'actions', null, section, whole));
    return el('li', null, null, article);
  }

  /** The note, whole or one section, as read_note gives it, in the reader. */
  async function read(hit, heading, from) {
    const params = new URLSearchParams({ id: hit.noteId, source: hit.source });
    if (heading) params.set('heading', heading);
    const reader = $('reader');
    reader.returnTo = from;
    let note;
    try {
      note = await ask('note?' + params);
    } catch (e) {
      $('reader-title').textContent = hit.title;
      $('reader-meta').textContent = '';
      $('reader-text').textContent = e.message;
      reader.hidden = false;
      return;
    }
    $('reader-title').textContent = note.title;
    $('reader-meta').textContent = (note.heading ? note.heading + ' · lines ' + note.startLine + '–' + note.endLine : 'whole note')
      + ' · ' + day(note.modified) + (note.link.startsWith('file:') ? ' · ' + decodeURIComponent(new URL(note.link).pathname) : '');
    $('reader-text').textContent = note.markdown;
    reader.hidden = false;
    $('reader-text').focus();
  }

  function closeReader() {
    const reader = $('reader');
    reader.hidden = true;
    if (reader.returnTo) reader.returnTo.focus();
  }

  function ago(iso) {
    const seconds = Math.round((Date.now() - new Date(iso)) / 1000);
    if (isNaN(seconds)) return iso;
    if (seconds < 90) return 'just now';
    if (seconds < 5400) return Math.round(seconds / 60) + ' minutes ago';
    if (seconds < 129600) return Math.round(seconds / 3600) + ' hours ago';
    return Math.round(seconds / 86400) + ' days ago';
  }

  async function status() {
    let index;
    try {
      index = await ask('status');
    } catch (e) {
      $('status-list').replaceChildren(el('dd', 'error', e.message));
      return;
    }
    const list = $('status-list');
    const row = (term, ...values) => list.append(el('dt', null, term), ...values.map((v) => el('dd', null, v)));
    list.replaceChildren();
    row('Sources', ...(index.sources.length ? index.sources.map((s) => s + ' (' + (index.notesBySource[s] || 0) + ' notes)') : ['none']));
    row('Notes', index.notes + ' notes, ' + index.chunks + ' passages');
    row('Last sync', index.lastSync ? ago(index.lastSync) : 'never');
    if (index.lastSync) list.lastChild.title = index.lastSync;
    const changed = index.changedSinceLastSync;
    row('Changed since', changed === null ? 'cannot tell: a source cannot be read now'
      : changed === 0 ? 'nothing' : changed + (changed === 1 ? ' note' : ' notes'));
    $('sync').hidden = !(changed > 0 || !index.lastSync);
    const source = $('source');
    const chosen = source.value;
    source.replaceChildren(el('option', null, 'every source'));
    source.firstChild.value = '';
    index.sources.forEach((name) => {
      const option = el('option', null, name);
      option.value = name;
      source.append(option);
    });
    source.value = index.sources.includes(chosen) ? chosen : '';
  }

  async function tags() {
    try {
      const all = await ask('tags');
      $('tags').replaceChildren(...all.map((t) => {
        const option = el('option');
        option.value = t.tag;
        return option;
      }));
    } catch (e) {
      // The tag box still takes any tag.
    }
  }

  async function sync() {
    const button = $('sync');
    const said = $('sync-said');
    button.disabled = true;
    said.textContent = 'Syncing…';
    try {
      const reports = await ask('sync', { method: 'POST' });
      const sum = (key) => reports.reduce((total, r) => total + (r[key] || 0), 0);
      said.textContent = 'Synced: ' + sum('added') + ' added, ' + sum('changed') + ' changed, ' + sum('removed') + ' removed.';
    } catch (e) {
      said.textContent = e.message;
    }
    button.disabled = false;
    shown = '';
    await status();
    tags();
    if (box.value.trim()) search();
  }

  /** The result links, in order. */
  const links = () => Array.from(results.querySelectorAll('a.open'));

  function move(by) {
    const all = links();
    const at = all.indexOf(document.activeElement.closest('li') ? document.activeElement.closest('li').querySelector('a.open') : null);
    const next = at + by;
    if (next < 0) {
      box.focus();
    } else if (next < all.length) {
      all[next].focus();
      all[next].closest('li').scrollIntoView({ block: 'nearest' });
    }
  }

  box.addEventListener('input', () => {
    typed = performance.now();
    busy(true);
    clearTimeout(timer);
    timer = setTimeout(search, DEBOUNCE_MS);
  });
  $('search').addEventListener('submit', (event) => {
    event.preventDefault();
    search();
  });
  for (const name of ['source', 'tag', 'since', 'before']) {
    $(name).addEventListener('change', search);
  }
  $('sync').addEventListener('click', sync);
  $('reader-close').addEventListener('click', closeReader);
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const typing = event.target.matches('input, select, textarea');
    if (event.key === '/' && !typing) {
      event.preventDefault();
      box.focus();
      box.select();
    } else if (event.key === 'Escape') {
      if (!$('reader').hidden) {
        closeReader();
      } else {
        box.value = '';
        clear();
        box.focus();
      }
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && (event.target === box || results.contains(event.target))) {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    }
  });
  window.addEventListener('focus', status);

  status();
  tags();
  box.focus();
})();
