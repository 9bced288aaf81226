// Statehouse browser client (wire protocol v1, see Sources/Statehouse/Statehouse.docc/WireProtocol.md).
// Turns control events into events for the server (over the page's WebSocket when it is open,
// else POST /_sh/event), one at a time per page, and applies the turbo-stream fragments that
// come back. Without this script the page still works through the plain <form id="sh">.
(() => {
  'use strict';
  // `hooks`: the app's browser-side hooks by name (`.clientHook`), registered by its scripts.
  window.Statehouse = Object.freeze({ version: 1, hooks: {} });

  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
  const page = meta('sh-page');
  const csrf = meta('csrf-token') ?? '';
  if (!page) return; // not a Statehouse page: leave the no-JS form alone

  const isControl = (el) => !!el?.id && el.getAttribute?.('form') === 'sh'; // joined to form#sh
  const isRange = (el) => el?.localName === 'input' && el.type === 'range';
  // Inputs whose value is picked rather than typed: a slider, a date or a time.
  const isPicked = (el) => el?.localName === 'input' && ['range', 'date', 'time', 'datetime-local'].includes(el.type);
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
  let inFlight = null; // the event whose answer is awaited
  let lastEventID = 0; // each event's id (`_event`): one sent again is not applied twice

  function send(event) {
    scrollBeforeEvent = scrollY; // where the screen was, should this event move to another one
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
      inFlight = queue.shift();
      const { target, type, value } = inFlight;
      inFlight.id ??= String(++lastEventID);
      const body = new URLSearchParams({ page, target, type, _event: inFlight.id });
      if (value !== undefined) body.set('value', value);
      // A made-up id (`_7`) is one mount's: with its position, a server that mounted the page
      // again (after a restart) finds the element meant.
      if (target.startsWith('_')) { const at = positionOf(target); if (at) body.set('at', at); }
      // A slow answer marks its control busy (assistive technology announces it).
      const busy = setTimeout(() => document.getElementById(target)?.setAttribute('aria-busy', 'true'), 300);
      try {
        const res = type === 'upload' ? await upload(inFlight) : await transmit(body);
        const text = res.text;
        if (res.status === 200) {
          if (inFlight.tries) document.querySelector('.sh-notice')?.remove(); // the retry's notice
          applyStreams(text); inFlight.after?.();
        }
        else if (res.status === 410) { queue.length = 0; location.reload(); break; }
        else if (res.status === 503 && res.retryAfter !== null && (inFlight.tries = (inFlight.tries || 0) + 1) <= 10) {
          // Nothing changed, and the server asks to be asked again (a state store it could
          // not read): the same event goes again, ahead of those queued behind it.
          if (inFlight.tries === 1 && !inFlight.quiet) notice(text.trim());
          queue.unshift(inFlight);
          await new Promise((resolve) => setTimeout(resolve, Math.min(Number(res.retryAfter) || 1, 10) * 1000));
        }
        else if (!inFlight.quiet) notice(text.trim() || `Request failed (${res.status})`);
      } catch (err) {
        // No answer (the connection dropped, the server restarts): the same event goes again,
        // ahead of those queued behind it; the server applies an id once.
        if ((inFlight.tries = (inFlight.tries || 0) + 1) <= 5) {
          queue.unshift(inFlight);
          await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** inFlight.tries, 4000)));
        } else if (!inFlight.quiet) notice(`Could not reach the server: ${err.message}`);
      } finally {
        clearTimeout(busy);
        document.getElementById(target)?.removeAttribute('aria-busy');
      }
    }
    inFlight = null;
    draining = false;
  }

  // An event's body to the server: over the page's socket when it is open (the answer comes
  // back on it as `:reply ID STATUS[ RETRY]`, a newline, and the body), else as a POST.
  // Resolves to { status, text, retryAfter } (retryAfter: null when not given).
  async function transmit(body) {
    if (source instanceof WebSocket && source.readyState === WebSocket.OPEN) {
      body.set('_csrf', csrf);
      const socket = source;
      const id = ++lastReplyID;
      return new Promise((resolve, reject) => {
        replies.set(id, { resolve, reject, socket });
        socket.send(`${id}\n${body}`);
      });
    }
    const res = await fetch('/_sh/event', { method: 'POST', headers, body, credentials: 'same-origin' });
    return { status: res.status, text: await res.text(), retryAfter: res.headers.get('Retry-After') };
  }
  let lastReplyID = 0;
  const replies = new Map(); // id → the answer awaited over the socket

  // A file importer's files: the page's form as multipart/form-data to /_sh/upload, by XHR
  // (fetch reports no upload progress), the importer's <progress> following it. Resolves as
  // transmit does; its id makes a retry apply once.
  function upload(event) {
    return new Promise((resolve, reject) => {
      const form = new FormData(document.getElementById('sh'));
      form.set('target', event.target);
      form.set('_event', event.id);
      const bar = document.getElementById(event.target)?.closest('.sh-file-importer')?.querySelector('progress');
      if (bar) { bar.hidden = false; bar.value = 0; }
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/_sh/upload');
      xhr.setRequestHeader('Accept', 'text/vnd.turbo-stream.html');
      xhr.setRequestHeader('X-CSRF-Token', csrf);
      xhr.upload.onprogress = (e) => { if (bar && e.lengthComputable) bar.value = e.loaded / e.total; };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('Retry-After') });
      xhr.onerror = () => reject(new Error('the upload did not reach the server'));
      xhr.send(form);
    });
  }

  // Files dropped on a file importer are its files, uploaded at once.
  const dropZone = (e) => e.target.closest?.('.sh-file-importer');
  document.addEventListener('dragover', (e) => { const zone = dropZone(e); if (zone) { e.preventDefault(); zone.classList.add('sh-drop'); } });
  document.addEventListener('dragleave', (e) => dropZone(e)?.classList.remove('sh-drop'));
  document.addEventListener('drop', (e) => {
    const zone = dropZone(e);
    if (!zone) return;
    e.preventDefault();
    zone.classList.remove('sh-drop');
    const input = zone.querySelector('input[type=file]');
    if (!input || !e.dataTransfer?.files.length) return;
    input.files = e.dataTransfer.files;
    zone.querySelector('button.sh-upload')?.click();
  });

  function reply(message) {
    const end = message.indexOf('\n');
    const [, id, status, retryAfter] = (end < 0 ? message : message.slice(0, end)).split(' ');
    const waiting = replies.get(Number(id));
    replies.delete(Number(id));
    waiting?.resolve({ status: Number(status), text: end < 0 ? '' : message.slice(end + 1), retryAfter: retryAfter ?? null });
  }

  // A socket closed with events unanswered: whether they were applied is unknown (as for a
  // post whose connection dropped): each fails, and says so.
  function failReplies(socket) {
    for (const [id, waiting] of replies) {
      if (waiting.socket !== socket) continue;
      replies.delete(id);
      waiting.reject(new Error('the connection closed before the answer came'));
    }
  }

  // `INDEX.SHAPE`: the element's index among the elements with an id inside the root, in
  // document order, and a hash of those elements' tag names (32-bit FNV-1a, each name then a
  // space), which tells the server whether its document has the same elements.
  function positionOf(id) {
    const root = document.getElementById('sh-root');
    const el = document.getElementById(id);
    if (!root || !el) return null;
    let index = 0, found = -1, shape = 0x811c9dc5;
    for (const candidate of root.querySelectorAll('[id]')) {
      if (candidate === el) found = index;
      for (const c of candidate.localName) shape = Math.imul(shape ^ c.charCodeAt(0), 16777619) >>> 0;
      shape = Math.imul(shape ^ 32, 16777619) >>> 0;
      index += 1;
    }
    return found < 0 ? null : `${found}.${shape.toString(16)}`;
  }

  // --- Applying <turbo-stream action="A" target="ID"><template>…</template></turbo-stream>.
  // `replace` and `update` morph the existing DOM into the new HTML: elements are matched by
  // id (every Statehouse element has one), so unchanged nodes stay untouched and the focused
  // field keeps focus, caret and the characters typed since its request left.
  const inserting = (insert) => (el, frag) => { const nodes = [...frag.childNodes]; insert(el, frag); nodes.forEach(enter); };
  const actions = {
    replace: (el, frag) => {
      const next = frag.firstElementChild;
      if (next && next.id === el.id && frag.childElementCount === 1) morph(el, next);
      else inserting((e, f) => e.replaceWith(f))(el, frag);
    },
    update: (el, frag) => morphChildren(el, frag),
    append: inserting((el, frag) => el.append(frag)), prepend: inserting((el, frag) => el.prepend(frag)),
    before: inserting((el, frag) => el.before(frag)), after: inserting((el, frag) => el.after(frag)),
    remove: (el) => leave(el),
    // The changes after it were made inside withAnimation: they animate (see Motion below).
    'sh-animate': (el, frag, stream) => {
      if (reducedMotion.matches || !el.animate) return;
      const number = (name) => Number(stream.getAttribute(name)) || 0;
      const iterations = stream.getAttribute('iterations');
      // An easing this browser cannot read (a spring's linear() before it had one) eases in and out.
      const easing = stream.getAttribute('easing') || 'ease-in-out';
      motion = { duration: number('duration'), easing: CSS.supports('animation-timing-function', easing) ? easing : 'ease-in-out', delay: number('delay'),
                 iterations: iterations === 'infinite' ? Infinity : Math.max(1, number('iterations')),
                 direction: stream.getAttribute('direction') === 'alternate' ? 'alternate' : 'normal' };
    },
    // The page's navigation moved (a NavigationLink, a path written, dismiss): a new history
    // entry, remembering where the screen it leaves was scrolled to. Only its query items
    // changed (`replace`, a @URLQuery written): the entry's URL changes, no entry is added.
    'sh-location': (el, frag, stream) => {
      const url = stream.getAttribute('url');
      if (!url || url === location.pathname + location.search) return;
      if (stream.hasAttribute('replace')) { history.replaceState(history.state, '', url); return; }
      history.replaceState({ ...history.state, shScroll: scrollBeforeEvent }, '');
      history.pushState({ shScroll: 0 }, '', url);
      scrollTo(0, 0);
      syncTitle();
    },
    // A view opened a URL (openURL): go there, if it is one a page may open.
    'sh-open': (el, frag, stream) => {
      const url = new URL(stream.getAttribute('url') ?? '', location.href);
      if (['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol)) location.assign(url.href);
    },
    // A @FocusState was written: focus goes there (or leaves), once the changes are in.
    // (Unless the person has moved focus since: their report, still queued, wins.)
    'sh-focus': (el) => { focusMove = () => { if (!focusReportQueued()) moveFocus(() => el.focus()); }; },
    'sh-blur': (el) => { focusMove = () => { if (document.activeElement === el) moveFocus(() => el.blur()); }; },
  };
  let focusMove = null;

  function applyStreams(html) {
    const parsed = document.createElement('template');
    parsed.innerHTML = html;
    // Views matched by .matchedGeometryEffect move from where they were to where they are
    // (the View Transitions API), when the changes animate.
    const first = parsed.content.firstElementChild;
    if (document.startViewTransition && !reducedMotion.matches && first?.getAttribute('action') === 'sh-animate' &&
        html.includes('view-transition-name')) {
      const duration = Number(first.getAttribute('duration')) || 350;
      document.documentElement.style.setProperty('--sh-transition-duration', duration + 'ms');
      document.documentElement.style.setProperty('--sh-transition-easing', first.getAttribute('easing') || 'ease-in-out');
      document.startViewTransition(() => applyParsed(parsed, html));
      return;
    }
    applyParsed(parsed, html);
  }

  function applyParsed(parsed, html) {
    try { applyChanges(parsed, html); } finally { motion = null; }
  }

  function applyChanges(parsed, html) {
    const focus = saveFocus();
    for (const stream of parsed.content.children) {
      if (stream.localName !== 'turbo-stream') continue;
      const action = actions[stream.getAttribute('action')];
      const el = document.getElementById(stream.getAttribute('target') ?? '');
      const tpl = [...stream.children].find((c) => c.localName === 'template');
      if (action && el) action(el, tpl ? tpl.content : document.createDocumentFragment(), stream);
    }
    // Only an answer that brings a GeometryReader or an AsyncImage has any to watch.
    if (html.includes('data-sh-measure') || html.includes('data-sh-async')) measureAll(document);
    // A ViewThatFits (or a child of one) morphed: its choice is made again.
    for (const el of document.querySelectorAll('[data-sh-fits]')) { fits.observe(el); fit(el); }
    restoreFocus(focus);
    syncDialogs();
    if (hooked.size || html.includes('data-sh-hook')) syncHooks();
    const move = focusMove;
    focusMove = null;
    move?.();
  }

  // --- Hooks: an element with data-sh-hook="NAME" (`.clientHook`) is handed to the app's
  // Statehouse.hooks[NAME]: `mounted` when it comes, `updated` when its value
  // (data-sh-hook-value, JSON) changes, `destroyed` when it goes, each called with `this` an
  // object holding `el`, `value` and `send(message)` (a `hook` event to the view). A hook that
  // throws is reported on the console and does not stop the page.
  const hooked = new Map(); // element → its hook's `this`
  const hookValue = (el) => {
    const text = el.getAttribute('data-sh-hook-value');
    try { return text === null ? undefined : JSON.parse(text); } catch { return undefined; }
  };
  function callHook(context, name) {
    try { context.definition[name]?.call(context); } catch (err) { console.error(`Statehouse hook ${context.name}.${name}:`, err); }
  }
  function syncHooks() {
    for (const [el, context] of hooked) {
      if (el.isConnected && el.getAttribute('data-sh-hook') === context.name) continue;
      hooked.delete(el);
      callHook(context, 'destroyed');
    }
    for (const el of document.querySelectorAll('[data-sh-hook]')) {
      const context = hooked.get(el), raw = el.getAttribute('data-sh-hook-value');
      if (context) {
        if (context.raw !== raw) { context.raw = raw; context.value = hookValue(el); callHook(context, 'updated'); }
        continue;
      }
      const name = el.getAttribute('data-sh-hook'), definition = window.Statehouse.hooks[name];
      if (!definition) { console.warn(`Statehouse: no hook ${name} (Statehouse.hooks.${name} = { mounted() {…} })`); continue; }
      const made = { el, name, definition, raw, value: hookValue(el),
                     send: (message) => send({ target: el.id, type: 'hook', value: JSON.stringify(message ?? null) }) };
      hooked.set(el, made);
      callHook(made, 'mounted');
    }
  }
  // The app's scripts (deferred, after this one) have registered their hooks by now.
  document.addEventListener('DOMContentLoaded', syncHooks);

  // --- Focus: an element with a .focused binding reports focus entering it, and leaving it
  // for one without (focus moving between two such elements is one `focus`). A move the
  // server asked for is not reported back, and a report that raced with a change on the
  // server (its element gone) is dropped quietly.
  const reportsFocus = (el) => !!el?.id && !!el.hasAttribute?.('data-sh-focus');
  let movingFocus = false;
  const focusReportQueued = () => queue.some((e) => e.type === 'focus' || e.type === 'blur');
  function moveFocus(act) {
    movingFocus = true;
    try { act(); } finally { movingFocus = false; }
  }
  document.addEventListener('focusin', (e) => {
    if (reportsFocus(e.target) && !movingFocus) send({ target: e.target.id, type: 'focus', quiet: true });
  });
  document.addEventListener('focusout', (e) => {
    const el = e.target;
    // Another window taking focus leaves the page's focus where it is.
    if (!reportsFocus(el) || movingFocus || reportsFocus(e.relatedTarget) || !el.isConnected || !document.hasFocus()) return;
    send({ target: el.id, type: 'blur', quiet: true });
  });

  // --- Dialogs: a presented sheet or alert arrives as <dialog open data-sh-dialog> (inline,
  // for pages without this script). Here it becomes a modal: focus moves in, the page behind
  // is inert; Escape asks the server to dismiss it, and when it is gone focus goes back to
  // what had it before.
  const openers = new Map(); // dialog id → id of the element that had focus when it opened
  function syncDialogs() {
    for (const dialog of document.querySelectorAll('dialog[data-sh-dialog]')) {
      if (dialog.matches(':modal')) continue;
      openers.set(dialog.id, document.activeElement?.id);
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    for (const [id, opener] of openers) {
      if (document.getElementById(id)) continue;
      openers.delete(id);
      document.getElementById(opener)?.focus();
    }
  }
  // A DisclosureGroup opened or closed: its binding follows (a write from the server that
  // opens it fires this too, and sends what the server has already).
  // (Not when the change was the server's own, morphed in.)
  const morphedOpen = new WeakSet();
  document.addEventListener('toggle', (e) => {
    const details = e.target;
    if (details.localName !== 'details' || !details.hasAttribute('data-sh-disclosure') || !details.id) return;
    if (morphedOpen.delete(details)) return;
    send({ target: details.id, type: 'change', value: String(details.open) });
  }, true);
  document.addEventListener('cancel', (e) => {
    const dialog = e.target;
    if (dialog.localName !== 'dialog' || !dialog.hasAttribute('data-sh-dialog')) return;
    e.preventDefault(); // the server closes it, so that its binding and the page agree
    send({ target: dialog.id, type: 'dismiss' });
  }, true);

  function morph(from, to) {
    if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName) { from.replaceWith(to); enter(to); return; }
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
      return;
    }
    if (from.localName === 'details' && from.hasAttribute('open') !== to.hasAttribute('open')) morphedOpen.add(from);
    const style = from.getAttribute('style');
    for (const { name } of [...from.attributes]) if (!to.hasAttribute(name)) from.removeAttribute(name);
    for (const { name, value } of to.attributes) if (from.getAttribute(name) !== value) from.setAttribute(name, value);
    if (motion && style !== from.getAttribute('style')) animateStyle(from, style, from.getAttribute('style'));
    // A password field's value comes back only to clear it: without one, what was typed stays.
    if (isText(from) && (from.type !== 'password' || to.hasAttribute('value'))) syncValue(from, to.getAttribute('value') ?? to.textContent);
    else if (isPicked(from) && inFlight?.target !== from.id && !queue.some((e) => e.target === from.id)) {
      from.value = to.getAttribute('value'); // the server's value, unless a drag is still being sent
    }
    if (from.localName === 'option' && from.selected !== to.hasAttribute('selected')) from.selected = to.hasAttribute('selected');
    if (from.localName !== 'template') morphChildren(from, to);
  }

  // A typed-into field shows its `value` property, not the attribute. The server's value wins,
  // except over keystrokes still on their way: if the request in flight carried `sent` and
  // the server answered with something else (an action cleared the field), the characters
  // typed since are kept after the server's value, and the queued events say so too.
  function syncValue(field, value) {
    if (field.value === value) return;
    const typing = (e) => e.target === field.id && (e.type === 'input' || e.type === 'submit');
    const sent = inFlight && typing(inFlight) ? inFlight.value : undefined;
    const queued = queue.filter(typing);
    // A push was rendered before the keystrokes still on their way reached the server: the
    // answer to them will carry the text.
    if (applyingPush && (sent !== undefined || queued.length)) return;
    if (sent !== undefined && value !== sent && field.value.startsWith(sent)) {
      const rebase = (text) => (text.startsWith(sent) ? value + text.slice(sent.length) : text);
      for (const e of queued) e.value = rebase(e.value);
      const end = field.selectionEnd - sent.length + value.length;
      field.value = rebase(field.value);
      if (field === document.activeElement) field.setSelectionRange(end, end);
    } else if (!queued.length || field !== document.activeElement) {
      field.value = value;
    }
  }

  function morphChildren(parent, source) {
    const byId = new Map();
    for (const child of parent.children) if (child.id) byId.set(child.id, child);
    let cursor = parent.firstChild;
    for (const next of [...source.childNodes]) {
      let match = next.id ? byId.get(next.id) : null;
      if (!match && !next.id && cursor && !cursor.id && cursor.nodeName === next.nodeName) match = cursor;
      if (!match) { parent.insertBefore(next, cursor); enter(next); continue; }
      if (match === cursor) cursor = cursor.nextSibling;
      else parent.insertBefore(match, cursor);
      byId.delete(next.id);
      morph(match, next);
    }
    while (cursor) { const after = cursor.nextSibling; leave(cursor); cursor = after; }
  }

  // --- Motion. `motion` is the animation of the answer being applied (`sh-animate`), or null:
  // a morphed element's style animates from its old declarations to its new ones, an
  // inserted view with a .transition (data-sh-enter: the style it comes from) comes in, and a
  // removed one (data-sh-exit: the style it goes to) goes out before it is removed. Nothing
  // moves when the person asked for reduced motion.
  let motion = null;
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  // What a property is when a view's style does not name it.
  const resting = { opacity: '1', scale: '1', translate: '0px 0px', rotate: '0deg', transform: 'none' };
  const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  function declarations(text) {
    const map = new Map();
    for (const part of (text ?? '').split(';')) {
      const colon = part.indexOf(':');
      if (colon > 0) map.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
    }
    return map;
  }
  const keyframe = (text) => Object.fromEntries([...declarations(text)].map(([name, value]) => [camel(name), value]));
  const timing = (once) => ({ duration: motion.duration, easing: motion.easing, delay: motion.delay,
                              iterations: once ? 1 : motion.iterations, direction: once ? 'normal' : motion.direction });
  function animateStyle(el, before, after) {
    const a = declarations(before), b = declarations(after), from = {}, to = {};
    for (const name of new Set([...a.keys(), ...b.keys()])) {
      if (name === 'transition' || name === 'view-transition-name') continue;
      const x = a.get(name) ?? resting[name], y = b.get(name) ?? resting[name];
      if (x === undefined || y === undefined || x === y) continue;
      from[camel(name)] = x;
      to[camel(name)] = y;
    }
    if (!Object.keys(from).length) return;
    el.shMotion?.cancel(); // a repeating animation of an earlier change gives way to this one
    el.shMotion = run(el, [from, to], timing(false));
  }
  // Web Animations, never failing the answer (an animation is decoration).
  function run(el, keyframes, options) {
    try { return el.animate(keyframes, { fill: 'backwards', ...options }); } catch { return null; }
  }
  function enter(node) {
    if (!motion || node.nodeType !== 1) return;
    const views = node.matches('[data-sh-enter]') ? [node] : [];
    views.push(...node.querySelectorAll('[data-sh-enter]'));
    for (const el of views) run(el, [{ ...keyframe(el.getAttribute('data-sh-enter')), offset: 0 }], timing(true));
  }
  function leave(node) {
    if (!motion || node.nodeType !== 1 || !node.hasAttribute('data-sh-exit')) { node.remove(); return; }
    // Gone for the page while it goes out: no id to find (its own or its descendants'), no
    // view-transition name to share, nothing to reach.
    for (const el of [node, ...node.querySelectorAll('[id]')]) el.removeAttribute('id');
    for (const el of [node, ...node.querySelectorAll('[style*="view-transition-name"]')]) el.style.removeProperty('view-transition-name');
    node.inert = true;
    const out = run(node, [{ ...keyframe(node.getAttribute('data-sh-exit')), offset: 1 }], { ...timing(true), fill: 'forwards' });
    if (out) out.onfinish = out.oncancel = () => node.remove();
    else node.remove();
  }

  // A focused element that had to be replaced (its tag changed) or moved loses focus and the
  // caret; put them back on the element that now carries the same id.
  function saveFocus() {
    const el = document.activeElement;
    if (!el?.id) return null;
    if (!isText(el)) return { el, id: el.id };
    const { value, selectionStart: start, selectionEnd: end, selectionDirection: dir } = el;
    return { el, id: el.id, value, start, end, dir };
  }

  function restoreFocus(saved) {
    const el = saved && document.activeElement !== saved.el && document.getElementById(saved.id);
    if (!el) return;
    const text = saved.value !== undefined && isText(el);
    if (text && el !== saved.el && queue.some((e) => e.target === saved.id)) el.value = saved.value;
    moveFocus(() => el.focus({ preventScroll: true })); // focus is where it was: nothing to report
    if (text && el.value === saved.value) el.setSelectionRange(saved.start, saved.end, saved.dir);
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

  // --- Navigation: the document's title is the top screen's navigationTitle; Back and
  // Forward are sent to the page's root (its TabView and NavigationStack follow the URL), and
  // the screen they land on gets back
  // its scroll position.
  let scrollBeforeEvent = 0;
  const baseTitle = document.title;
  function syncTitle() {
    const shown = [...document.querySelectorAll('.sh-navigation-title')].find((h) => h.getClientRects().length);
    document.title = shown ? shown.textContent : baseTitle;
  }
  history.scrollRestoration = 'manual';
  addEventListener('popstate', (e) => {
    if (!document.getElementById('sh-root')) return;
    const y = e.state?.shScroll ?? 0;
    send({ target: 'sh-root', type: 'navigate', value: location.pathname + location.search,
           after: () => { syncTitle(); scrollTo(0, y); } });
  });
  syncTitle();
  syncDialogs();

  // --- Event delegation.
  // A NavigationLink is an <a href> (it works without this script): a plain click pushes on
  // the server instead of loading a new page; a modified click opens a tab as usual.
  document.addEventListener('click', (e) => {
    const link = e.target.closest?.('a[data-sh-link]');
    if (!link?.id || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    send({ target: link.id, type: 'click' });
  });

  document.addEventListener('click', (e) => {
    const button = e.target.closest?.('button[name="target"]');
    if (!button || !button.value || e.defaultPrevented) return;
    // A file importer's Upload posts the form with its files (multipart), with its progress.
    if (button.hasAttribute('formenctype')) { e.preventDefault(); send({ target: button.value, type: 'upload' }); return; }
    e.preventDefault();
    send({ target: button.value, type: 'click' });
  });

  document.addEventListener('input', (e) => {
    const el = e.target;
    if ((isText(el) || isRange(el)) && isControl(el)) send({ target: el.id, type: 'input', value: el.value });
  });
  // A slider let go (its final value always arrives: the inputs before it may be coalesced),
  // an option or a date picked, a formatted field's text committed.
  document.addEventListener('change', (e) => {
    const el = e.target;
    if ((isPicked(el) || el.localName === 'select') && isControl(el)) send({ target: el.id, type: 'change', value: el.value });
    // A formatted field's text is committed when focus leaves it: the server parses it then.
    else if (isText(el) && el.hasAttribute('data-sh-commit') && isControl(el)) send({ target: el.id, type: 'change', value: el.value });
  });

  // Keys an element's .onKeyPress handles (data-sh-keys): sent as `key` events to the
  // innermost element that takes them. A listed key is not handled by the browser too, unless
  // it was pressed in a text field inside the element that lists it (typing and Return in the
  // field go on); for a catch-all (`any`) the browser always goes on (it cannot wait for the
  // server's answer).
  const namedKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Escape', 'Backspace', 'Delete',
    'Home', 'End', 'PageUp', 'PageDown', 'Clear', 'Tab', 'Enter']);
  const keyName = (e) => (typeof e.key !== 'string' ? '' : e.key.length === 1 ? e.key.toLowerCase() : e.key);
  const isKey = (name) => name.length === 1 || namedKeys.has(name) || /^F([1-9]|[12][0-9]|3[0-5])$/.test(name);
  const keyValue = (e) => (e.ctrlKey ? 'Control+' : '') + (e.altKey ? 'Alt+' : '') + (e.shiftKey ? 'Shift+' : '') +
    (e.metaKey ? 'Meta+' : '') + e.key;
  function keysOf(el) {
    try { return JSON.parse(el.getAttribute('data-sh-keys')); } catch { return []; }
  }
  document.addEventListener('keydown', (e) => {
    if (e.isComposing || e.defaultPrevented || !keyName(e) || !isKey(keyName(e))) return;
    for (let el = e.target.closest?.('[data-sh-keys]'); el; el = el.parentElement?.closest('[data-sh-keys]')) {
      const keys = keysOf(el);
      const named = keys.includes(keyName(e));
      if (!named && !keys.includes('any')) continue;
      const inField = el !== e.target && e.target.matches?.('input, textarea, select, [contenteditable]');
      if (named && !inField) e.preventDefault();
      send({ target: el.id, type: 'key', value: keyValue(e) });
      return;
    }
  });

  // Keyboard shortcuts (.keyboardShortcut → aria-keyshortcuts="Meta+S"): the key presses the
  // button; Meta (Command) is Command or Control. A shortcut without Control, Alt or Meta is
  // left to a control that takes typing or Enter itself; in an open dialog only its buttons
  // count.
  function matchesShortcut(e, shortcut) {
    const plus = shortcut === '+' || shortcut.endsWith('++'); // the + key itself
    const parts = (plus ? shortcut.slice(0, -1) : shortcut).split('+').filter(Boolean);
    const name = plus ? '+' : parts.pop();
    if (typeof e.key !== 'string' || (name === 'Space' ? ' ' : name).toLowerCase() !== e.key.toLowerCase()) return false;
    const meta = parts.includes('Meta'), ctrl = parts.includes('Control');
    const commandOK = meta && !ctrl ? e.metaKey !== e.ctrlKey : e.metaKey === meta && e.ctrlKey === ctrl;
    return commandOK && e.altKey === parts.includes('Alt') && e.shiftKey === parts.includes('Shift');
  }
  document.addEventListener('keydown', (e) => {
    if (e.isComposing || e.defaultPrevented) return;
    const typing = e.target.closest?.('input, textarea, select, button, a[href], [contenteditable]');
    if (typing && !(e.ctrlKey || e.altKey || e.metaKey)) return;
    const scope = [...document.querySelectorAll('dialog[open]')].pop() ?? document;
    for (const button of scope.querySelectorAll('button[aria-keyshortcuts]')) {
      if (button.disabled || !button.getClientRects().length) continue;
      if (!button.getAttribute('aria-keyshortcuts').split(' ').some((s) => matchesShortcut(e, s))) continue;
      e.preventDefault();
      button.click();
      return;
    }
  });

  // A List with a selection is a listbox of option buttons, a segmented or inline Picker a
  // radiogroup of radio buttons: the arrow keys, Home and End move between them (Space or Enter
  // picks, as for any button).
  const groups = { option: '[role="listbox"]', radio: '[role="radiogroup"]' };
  document.addEventListener('keydown', (e) => {
    const steps = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: -Infinity, End: Infinity };
    if (e.defaultPrevented || !(e.key in steps)) return;
    const item = e.target.closest?.('[role="option"], [role="radio"]');
    const group = item?.closest(groups[item.getAttribute('role')]);
    if (!group) return;
    const role = item.getAttribute('role');
    const items = [...group.querySelectorAll(`[role="${role}"]`)].filter((o) => o.closest(groups[role]) === group && !o.disabled);
    const next = Math.max(0, Math.min(items.length - 1, items.indexOf(item) + steps[e.key]));
    e.preventDefault();
    if (!items[next] || items[next] === item) return;
    items[next].focus();
    if (role === 'radio') items[next].click(); // in a radio group the arrow keys pick, as ARIA's pattern says
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
    if (e.target.id !== 'sh' || e.submitter?.hasAttribute('formenctype')) return;
    e.preventDefault();
    const el = document.activeElement;
    if (isText(el) && isControl(el)) send({ target: el.id, type: 'submit', value: el.value });
  });

  // --- Server push: changes the server makes on its own (a .task after await, a timer)
  // arrive on the page's stream, /_sh/stream: a WebSocket (a browser opens any number, where it
  // holds at most six event streams to one origin, and a seventh tab would wait for ever), or
  // server-sent events once a socket did not open while the server answered (a host or proxy
  // without WebSocket). The server keeps what changed while no stream was open. A lost stream
  // asks for the page (410 reloads), takes the fresh document and listens again, backing off.
  let retry = 500;
  let source = null; // the open WebSocket or EventSource
  let viaSocket = 'WebSocket' in window;
  let socketFailed = false; // a socket did not open: if the server answers, event streams from now on
  let applyingPush = false; // set while a push (not the answer to an event) is applied

  function push(html) {
    applyingPush = true;
    try { applyStreams(html); } finally { applyingPush = false; }
  }

  function listen() {
    const url = `/_sh/stream?page=${encodeURIComponent(page)}`;
    let opened = false;
    const lost = (stream) => {
      if (source !== stream) return; // closed on purpose
      source = null;
      if (!opened && stream instanceof WebSocket) socketFailed = true;
      setTimeout(resync, retry);
      retry = Math.min(retry * 2, 15000);
    };
    if (viaSocket) {
      const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${url}`);
      source = socket;
      socket.onopen = () => { opened = true; retry = 500; };
      socket.onmessage = (e) => (e.data.startsWith(':reply ') ? reply(e.data) : push(e.data));
      socket.onclose = () => { failReplies(socket); lost(socket); };
    } else {
      const events = new EventSource(url);
      source = events;
      events.onopen = () => { opened = true; retry = 500; };
      events.onmessage = (e) => push(e.data);
      events.onerror = () => { if (events.readyState === EventSource.CLOSED) lost(events); };
    }
  }

  function stopListening() {
    const stream = source;
    source = null;
    stream?.close();
  }

  async function resync() {
    try {
      const res = await fetch(`/_sh/render?page=${encodeURIComponent(page)}`, { credentials: 'same-origin' });
      if (socketFailed) viaSocket = false;
      if (res.status === 410) { location.reload(); return; }
      const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById('sh-root');
      const root = document.getElementById('sh-root');
      if (res.ok && fresh && root) {
        const focus = saveFocus();
        morph(root, document.adoptNode(fresh));
        restoreFocus(focus);
        // The server may hold the page anew (taken up from its store): say again what the
        // browser is, and how large its readers are.
        reportedTraits = assumedTraits;
        reportTraits();
        measured.clear();
        measureAll(document);
        syncDialogs();
        syncHooks();
        // A fresh render carries the focus states' element as `autofocus` (no move is owed).
        const wanted = root.querySelector('[autofocus]');
        if (wanted && document.activeElement !== wanted) moveFocus(() => wanted.focus());
      }
    } catch (err) {
      // offline: try again later (a socket that did not open is not to blame)
    }
    socketFailed = false;
    listen();
  }

  // @SceneStorage lives as long as the tab: after a reload (the same URL in the same tab) the
  // new page takes over the old one's values.
  try {
    const here = location.pathname + location.search;
    const last = JSON.parse(sessionStorage.getItem('sh-scene') || 'null');
    sessionStorage.setItem('sh-scene', JSON.stringify({ page, url: here }));
    if (last && last.page !== page && last.url === here) send({ target: 'sh-root', type: 'scene', value: last.page, quiet: true });
  } catch (err) {
    // no sessionStorage (a sandboxed frame): scene storage lasts as long as the page
  }

  // `@Environment(\.scenePhase)`: the tab shown (active) or hidden (background). With a
  // durable store, a tab hidden for `sh-release-hidden` seconds lets go of its stream, so that
  // its page may idle out on the server; shown again, it catches up (the server takes the page
  // up from its store, or it reloads).
  const releaseAfter = Number(meta('sh-release-hidden')) * 1000;
  let release = null, released = false;
  document.addEventListener('visibilitychange', () => {
    const visible = document.visibilityState === 'visible';
    if (!visible && releaseAfter > 0) release ??= setTimeout(() => { released = true; stopListening(); }, releaseAfter);
    if (visible) {
      clearTimeout(release);
      release = null;
      if (released) { released = false; resync(); }
    }
    send({ target: 'sh-root', type: 'phase', value: visible ? 'active' : 'background', quiet: true });
  });

  // GeometryReader: an element with data-sh-measure reports its size (`resize`, WIDTHxHEIGHT in
  // whole CSS pixels) when it appears and whenever it changes, 100 ms after the last change.
  // One whose size keeps changing with each answer (its content grows with the size it is
  // given) stops being measured after ten reports in two seconds.
  const measured = new Map(); // element id → the size last reported
  const sizes = new ResizeObserver((entries) => {
    for (const { target: el, contentBoxSize } of entries) {
      if (!el.isConnected || !el.id) continue;
      const box = contentBoxSize?.[0];
      const size = `${Math.round(box ? box.inlineSize : el.clientWidth)}x${Math.round(box ? box.blockSize : el.clientHeight)}`;
      if (measured.get(el.id) === size) continue;
      measured.set(el.id, size);
      clearTimeout(el.shMeasuring);
      el.shMeasuring = setTimeout(() => {
        const now = performance.now();
        el.shReports = (el.shReports ?? []).filter((t) => now - t < 2000).concat(now);
        if (el.shReports.length > 10) { el.shStopped = true; sizes.unobserve(el); console.warn('Statehouse: stopped measuring #' + el.id + ' (its size keeps changing)'); return; }
        send({ target: el.id, type: 'resize', value: size, quiet: true });
      }, 100);
    }
  });
  function measureAll(root) {
    for (const el of root.querySelectorAll('[data-sh-measure]')) if (!el.shStopped) sizes.observe(el);
    for (const el of root.querySelectorAll('[data-sh-async]')) watchLoading(el);
    for (const el of root.querySelectorAll('[data-sh-fits]')) { fits.observe(el); fit(el); }
  }

  // ViewThatFits: of its children, show the first whose natural size fits the space the
  // element has (along data-sh-fits: horizontal, vertical or both), else the last; again
  // whenever that space changes. Each child is measured alone, laid out at its natural size
  // out of sight (the element's own size does not follow the child shown: no feedback).
  function fit(el) {
    const options = [...el.children];
    if (!options.length) return;
    // Down, only where asked for alone (the element then has a height of its own, from a frame):
    // a page scrolls, so its height bounds nothing else.
    const axes = el.dataset.shFits, width = el.clientWidth, height = el.clientHeight;
    let chosen = options.length - 1;
    for (const [index, option] of options.entries()) {
      const saved = option.getAttribute('style');
      option.classList.remove('sh-unfit');
      option.style.cssText += ';position:absolute;visibility:hidden;width:max-content;height:max-content;display:revert';
      const box = option.getBoundingClientRect();
      if (saved === null) option.removeAttribute('style'); else option.setAttribute('style', saved);
      const fitsAcross = axes === 'vertical' || box.width <= width + 0.5;
      const fitsDown = axes !== 'vertical' || box.height <= height + 0.5;
      if (fitsAcross && fitsDown) { chosen = index; break; }
    }
    options.forEach((option, index) => option.classList.toggle('sh-unfit', index !== chosen));
    el.setAttribute('data-sh-fitted', String(chosen));
  }
  const fits = new ResizeObserver((entries) => { for (const { target } of entries) if (target.isConnected) fit(target); });

  // AsyncImage: all three phases are in the page; show the one its image's loading has reached
  // (the placeholder until it loads, the failure if it cannot). Without this script the image shows.
  function watchLoading(el) {
    const img = el.querySelector('[data-sh-phase=success] img');
    const show = (phase) => {
      for (const part of el.querySelectorAll(':scope > [data-sh-phase]')) part.hidden = part.dataset.shPhase !== phase;
    };
    if (!img || img.complete) { show(img && img.naturalWidth > 0 ? 'success' : 'failure'); return; }
    show('empty');
    if (img.shWatched) return; // its listeners follow whichever src it loads
    img.shWatched = true;
    img.addEventListener('load', () => { if (el.contains(img)) show('success'); });
    img.addEventListener('error', () => { if (el.contains(img)) show('failure'); });
  }
  measureAll(document);

  // `\.colorScheme`, `\.timeZone`, `\.horizontalSizeClass`, `\.displayScale`: what the browser
  // says of itself, reported when it differs from what the document assumed (sh-traits: light,
  // the server's time zone, regular, 1×) and whenever it changes (a size class crossed, not
  // every pixel of a resize).
  const assumed = new URLSearchParams(meta('sh-traits') ?? '');
  const darkScheme = matchMedia('(prefers-color-scheme: dark)');
  const compactBelow = Number(assumed.get('compactBelow')) || 700;
  const assumedTraits = ['light', assumed.get('timeZone') ?? '', false, 1].join('|');
  let reportedTraits = assumedTraits;
  function reportTraits() {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || assumed.get('timeZone') || '';
    const traits = { colorScheme: darkScheme.matches ? 'dark' : 'light', timeZone: zone,
                     width: String(Math.round(innerWidth)), scale: String(devicePixelRatio) };
    const key = [traits.colorScheme, zone, innerWidth < compactBelow, devicePixelRatio].join('|');
    if (key === reportedTraits) return;
    reportedTraits = key;
    send({ target: 'sh-root', type: 'traits', value: new URLSearchParams(traits).toString(), quiet: true });
  }
  reportTraits();
  darkScheme.addEventListener('change', reportTraits);
  let resized = null;
  addEventListener('resize', () => { clearTimeout(resized); resized = setTimeout(reportTraits, 150); });

  // A document that goes away for good (not into the back-forward cache) ends its page on
  // the server at once, instead of leaving it to idle out.
  addEventListener('pagehide', (e) => {
    stopListening();
    if (!e.persisted) navigator.sendBeacon('/_sh/leave', new URLSearchParams({ page, _csrf: csrf }));
  });
  // Back from the back-forward cache: catch up (410 reloads) and listen again.
  addEventListener('pageshow', (e) => { if (e.persisted) resync(); });
  listen();
})();
