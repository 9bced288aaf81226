// Statehouse browser client (wire protocol v1, see DESIGN.md).
// Turns control events into POST /_sh/event, one request at a time per page,
// and applies the turbo-stream fragments that come back. Without this script the
// page still works through the plain <form id="sh">.
(() => {
  'use strict';
  window.Statehouse = Object.freeze({ version: 1 });

  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
  const page = meta('sh-page');
  const csrf = meta('csrf-token') ?? '';
  if (!page) return; // not a Statehouse page: leave the no-JS form alone

  const isControl = (el) => !!el?.id && el.getAttribute?.('form') === 'sh'; // joined to form#sh
  const isText = (el) => el?.localName === 'textarea' ||
    (el?.localName === 'input' && ['text', 'password', 'search'].includes(el.type));

  // --- Sending: a FIFO queue drained by one loop, so events arrive in order.
  const headers = {
    'Content-Type': 'application/x-www-form-urlencoded',
    'X-CSRF-Token': csrf,
    'Accept': 'text/vnd.turbo-stream.html',
  };
  const queue = [];
  let draining = false;

  function send(event) {
    const last = queue[queue.length - 1];
    if (event.type === 'input' && last?.type === 'input' && last.target === event.target) {
      last.value = event.value; // coalesce keystrokes not yet sent
      return;
    }
    queue.push(event);
    if (!draining) drain();
  }

  async function drain() {
    draining = true;
    while (queue.length) {
      const { target, type, value } = queue.shift();
      const body = new URLSearchParams({ page, target, type });
      if (value !== undefined) body.set('value', value);
      try {
        const init = { method: 'POST', headers, body, credentials: 'same-origin' };
        const res = await fetch('/_sh/event', init);
        const text = await res.text();
        if (res.status === 200) applyStreams(text);
        else if (res.status === 410) { queue.length = 0; location.reload(); break; }
        else notice(text.trim() || `Request failed (${res.status})`);
      } catch (err) {
        notice(`Could not reach the server: ${err.message}`);
      }
    }
    draining = false;
  }

  // --- Applying <turbo-stream action="A" target="ID"><template>…</template></turbo-stream>.
  const actions = {
    replace: (el, frag) => el.replaceWith(frag), update: (el, frag) => el.replaceChildren(frag),
    append: (el, frag) => el.append(frag), prepend: (el, frag) => el.prepend(frag),
    before: (el, frag) => el.before(frag), after: (el, frag) => el.after(frag),
    remove: (el) => el.remove(),
  };

  function applyStreams(html) {
    const parsed = document.createElement('template');
    parsed.innerHTML = html;
    const focus = saveFocus();
    for (const stream of parsed.content.children) {
      if (stream.localName !== 'turbo-stream') continue;
      const action = actions[stream.getAttribute('action')];
      const el = document.getElementById(stream.getAttribute('target') ?? '');
      const tpl = [...stream.children].find((c) => c.localName === 'template');
      if (action && el) action(el, tpl ? tpl.content : document.createDocumentFragment());
    }
    restoreFocus(focus);
  }

  // Replacing the focused element would drop focus and the caret; put them back
  // on the element that now carries the same id.
  function saveFocus() {
    const el = document.activeElement;
    if (!el?.id) return null;
    if (!isText(el)) return { el, id: el.id };
    const { value, selectionStart: start, selectionEnd: end, selectionDirection: dir } = el;
    return { el, id: el.id, value, start, end, dir };
  }

  function restoreFocus(saved) {
    const el = saved && !saved.el.isConnected && document.getElementById(saved.id);
    if (!el) return;
    const text = saved.value !== undefined && isText(el);
    // Keystrokes still waiting in the queue win over the server's (older) value;
    // otherwise the server's value stands (e.g. a field cleared after "Add").
    if (text && queue.some((e) => e.target === saved.id)) el.value = saved.value;
    el.focus({ preventScroll: true });
    if (text) el.setSelectionRange(saved.start, saved.end, saved.dir);
  }

  // --- Errors: one small dismissible notice; error text is never parsed as HTML.
  function notice(text) {
    document.querySelector('.sh-notice')?.remove();
    const box = Object.assign(document.createElement('div'), { className: 'sh-notice' });
    box.setAttribute('role', 'alert');
    const close = document.createElement('button');
    Object.assign(close, { type: 'button', textContent: '×', title: 'Dismiss' });
    close.setAttribute('aria-label', 'Dismiss');
    close.addEventListener('click', () => box.remove());
    box.append(text.slice(0, 500), close); // a string becomes a text node, never markup
    document.body.append(box);
  }

  // --- Event delegation.
  document.addEventListener('click', (e) => {
    const button = e.target.closest?.('button[name="target"]');
    if (!button || !button.value || e.defaultPrevented) return;
    e.preventDefault();
    send({ target: button.value, type: 'click' });
  });

  document.addEventListener('input', (e) => {
    const el = e.target;
    if (isText(el) && isControl(el)) send({ target: el.id, type: 'input', value: el.value });
  });

  // Enter in a text field: handled here, because the browser's implicit submission
  // would otherwise "click" the form's first button, which may be any button on the page.
  document.addEventListener('keydown', (e) => {
    const el = e.target;
    if (e.key !== 'Enter' || e.isComposing || e.defaultPrevented) return;
    if (el.localName !== 'input' || !isText(el) || !isControl(el)) return;
    e.preventDefault();
    send({ target: el.id, type: 'submit', value: el.value });
  });

  document.addEventListener('submit', (e) => {
    if (e.target.id !== 'sh') return;
    e.preventDefault();
    const el = document.activeElement;
    if (isText(el) && isControl(el)) send({ target: el.id, type: 'submit', value: el.value });
  });

  // --- Server push: changes the server makes on its own (a .task after await, a timer)
  // arrive on /_sh/stream. The browser reconnects a dropped stream by itself, and the server
  // keeps what changed meanwhile until a stream is open again. A stream the server refused
  // (410: page gone) closes: ask for the page; 410 again reloads, else take the fresh document
  // and listen again, backing off.
  let retry = 500;
  let source = null;

  function listen() {
    source = new EventSource(`/_sh/stream?page=${encodeURIComponent(page)}`);
    source.onopen = () => { retry = 500; };
    source.onmessage = (e) => applyStreams(e.data);
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(resync, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }

  async function resync() {
    try {
      const res = await fetch(`/_sh/render?page=${encodeURIComponent(page)}`, { credentials: 'same-origin' });
      if (res.status === 410) { location.reload(); return; }
      const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById('sh-root');
      const root = document.getElementById('sh-root');
      if (res.ok && fresh && root) {
        const focus = saveFocus();
        root.replaceWith(document.adoptNode(fresh));
        restoreFocus(focus);
      }
    } catch (err) {
      // offline: try again later
    }
    listen();
  }

  addEventListener('pagehide', () => source?.close());
  listen();
})();
