// The ID inspector: plain browser JavaScript, no build step and nothing loaded from elsewhere.
'use strict';

(function () {
  const BITS_PER_ROW = 32;
  const POLL_MILLIS = 2000;
  const COLOURS = ['#8ecae6', '#ffb703', '#90be6d', '#f4a3c0', '#c3b1e1', '#f9844a', '#a8dadc', '#e9c46a'];
  const RESERVED_COLOUR = '#d9d9d9';

  const form = document.getElementById('decode-form');
  const input = document.getElementById('decode-input');
  const decodeError = document.getElementById('decode-error');
  const decoded = document.getElementById('decoded');
  const createError = document.getElementById('create-error');
  const created = document.getElementById('created');
  const countersBody = document.querySelector('#counters tbody');
  const countersStatus = document.getElementById('counters-status');
  const identitiesBody = document.querySelector('#identities tbody');
  const leasesBody = document.querySelector('#leases tbody');
  const leasesStatus = document.getElementById('leases-status');

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === 'className') {
        node.className = value;
      } else if (name === 'style') {
        Object.assign(node.style, value);
      } else {
        node.setAttribute(name, value);
      }
    }
    for (const child of children) {
      if (child !== null && child !== undefined) {
        node.append(child instanceof Node ? child : String(child));
      }
    }
    return node;
  }

  function showError(target, message) {
    target.textContent = message;
    target.hidden = false;
  }

  function clearError(target) {
    target.textContent = '';
    target.hidden = true;
  }

  // Reads a response as JSON when it is JSON: an error page of the server may be HTML or empty.
  async function readBody(response) {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch (ignored) {
      return { error: text.trim() || response.statusText || 'HTTP ' + response.status };
    }
  }

  // ---- decoding ----

  async function decode(text, scheme) {
    const id = text.trim();
    input.value = id;
    clearError(decodeError);
    input.removeAttribute('aria-invalid');
    if (id === '') {
      fail('Enter an ID to decode.');
      return;
    }
    const path = scheme
      ? '/actuator/ids/' + encodeURIComponent(scheme) + '/' + encodeURIComponent(id)
      : '/actuator/ids/' + encodeURIComponent(id);
    let response;
    try {
      response = await fetch(path, { headers: { Accept: 'application/json' } });
    } catch (networkError) {
      fail('The application cannot be reached: ' + networkError.message);
      return;
    }
    const body = await readBody(response);
    if (response.status === 404) {
      fail('Decoding is not available: expose the ids endpoint (management.endpoints.web.exposure.include=ids).');
    } else if (!response.ok && body.rejected) {
      fail('"' + id + '" is not an ID of any scheme.', body.rejected);
    } else if (!response.ok) {
      fail(body.error || 'HTTP ' + response.status);
    } else {
      render(scheme ? [body] : body.matches, id);
    }
  }

  // Shows what is wrong with the input; with reasons per scheme, one line each.
  function fail(message, reasons) {
    decoded.replaceChildren();
    input.setAttribute('aria-invalid', 'true');
    showError(decodeError, message);
    if (reasons) {
      decodeError.append(element('ul', { className: 'reasons' }, ...Object.entries(reasons).map(([scheme, reason]) =>
        element('li', { 'data-scheme': scheme }, element('strong', {}, scheme), ': ' + reason))));
    }
  }

  function render(matches, id) {
    const views = matches.map(renderMatch);
    if (matches.length > 1) {
      views.unshift(element('p', { className: 'note', id: 'ambiguous' },
        '"' + id + '" is valid in ' + matches.length + ' schemes (' + matches.map(m => m.scheme).join(', ')
        + '); each reading is shown.'));
    }
    decoded.replaceChildren(...views);
  }

  function renderMatch(view) {
    const colours = new Map();
    let next = 0;
    for (const field of view.layout) {
      if (!colours.has(field.name)) {
        colours.set(field.name, field.name === 'reserved' ? RESERVED_COLOUR : COLOURS[next++ % COLOURS.length]);
      }
    }
    const when = new Date(view.timestamp);
    return element('article', { className: 'match', 'data-scheme': view.scheme, 'aria-label': view.scheme + ' reading' },
      element('h3', {}, 'Scheme ', element('span', { className: 'scheme' }, view.scheme)),
      element('dl', { className: 'summary' },
        element('dt', {}, 'Canonical'), element('dd', { className: 'canonical' }, element('code', {}, view.canonical)),
        element('dt', {}, 'Bytes (hex)'), element('dd', { className: 'hex' }, element('code', {}, view.hex)),
        element('dt', {}, 'Timestamp'),
        element('dd', {},
          element('time', { className: 'timestamp', datetime: view.timestamp }, view.timestamp),
          isNaN(when) ? null : element('span', { className: 'local' }, ' (' + when.toLocaleString() + ' local)'))),
      renderFields(view, colours),
      renderBits(view, colours));
  }

  function renderFields(view, colours) {
    const rows = view.layout.map(field => {
      const component = Object.prototype.hasOwnProperty.call(view.components, field.name)
        ? view.components[field.name] : null;
      return element('tr', { 'data-field': field.name },
        element('td', {}, element('span', { className: 'swatch', style: { background: colours.get(field.name) } })),
        element('th', { scope: 'row', className: 'name' }, field.name),
        element('td', { className: 'position' }, bitRange(field)),
        element('td', { className: 'raw number' }, rawValue(field)),
        element('td', { className: 'value' }, component === null ? (field.name === 'reserved' ? 'always 0' : '') : String(component)));
    });
    const inLayout = new Set(view.layout.map(field => field.name));
    for (const [name, value] of Object.entries(view.components)) {
      if (!inLayout.has(name)) {
        rows.push(element('tr', { 'data-field': name },
          element('td', {}), element('th', { scope: 'row', className: 'name' }, name),
          element('td', { className: 'position' }, 'derived'), element('td', { className: 'raw number' }),
          element('td', { className: 'value' }, String(value))));
      }
    }
    return element('table', { className: 'fields' },
      element('caption', {}, 'Fields, most significant first (bit 0 is the most significant)'),
      element('thead', {}, element('tr', {},
        element('th', { scope: 'col' }, element('span', { className: 'visually-hidden' }, 'Colour')),
        element('th', { scope: 'col' }, 'Field'), element('th', { scope: 'col' }, 'Bits'),
        element('th', { scope: 'col', className: 'number' }, 'Raw value'), element('th', { scope: 'col' }, 'Decoded'))),
      element('tbody', {}, ...rows));
  }

  function bitRange(field) {
    const last = field.offset + field.bits - 1;
    return (field.bits === 1 ? 'bit ' + field.offset : 'bits ' + field.offset + '–' + last) + ' (' + field.bits + ')';
  }

  function rawValue(field) {
    return typeof field.value === 'string' ? '0x' + field.value : String(field.value);
  }

  function bitsOf(hex) {
    return hex.split('').map(digit => parseInt(digit, 16).toString(2).padStart(4, '0')).join('');
  }

  // Draws the bits in rows of 32: over each row, one labelled segment per field (or part of a field), coloured
  // like the field's cells below it.
  function renderBits(view, colours) {
    const bits = bitsOf(view.hex);
    const rows = [];
    for (let start = 0; start < bits.length; start += BITS_PER_ROW) {
      const end = Math.min(start + BITS_PER_ROW, bits.length);
      const row = element('div', { className: 'bit-row', style: { gridTemplateColumns: 'repeat(' + BITS_PER_ROW + ', 1fr)' } });
      for (const field of view.layout) {
        const from = Math.max(field.offset, start);
        const to = Math.min(field.offset + field.bits, end);
        if (from < to) {
          const width = to - from;
          row.append(element('div', {
            className: 'segment', 'data-field': field.name, title: field.name + ', ' + bitRange(field),
            style: { gridRow: 1, gridColumn: (from - start + 1) + ' / span ' + width, background: colours.get(field.name) }
          }, element('span', { className: 'segment-name' }, width >= 3 ? field.name : abbreviate(field.name)),
          element('span', { className: 'segment-bits' }, width >= 6 ? from + '–' + (to - 1) : String(from))));
        }
      }
      for (let i = start; i < end; i++) {
        const field = view.layout.find(f => i >= f.offset && i < f.offset + f.bits);
        row.append(element('span', {
          className: 'bit', 'data-field': field.name, title: 'bit ' + i + ' (' + field.name + ')',
          style: { gridRow: 2, gridColumn: String(i - start + 1), background: colours.get(field.name) }
        }, bits[i]));
      }
      rows.push(element('div', { className: 'bit-line' },
        element('span', { className: 'row-start', 'aria-hidden': 'true' }, String(start)), row));
    }
    const description = view.layout.map(field => field.name + ' ' + bitRange(field)).join(', ');
    return element('figure', { className: 'layout' },
      element('figcaption', {}, 'Bit layout, ' + bits.length + ' bits'),
      element('div', { className: 'bits', role: 'img', 'aria-label': 'Bit layout: ' + description }, ...rows));
  }

  function abbreviate(name) {
    return name.charAt(0);
  }

  // ---- creating entities ----

  async function create(button) {
    clearError(createError);
    button.disabled = true;
    try {
      const response = await fetch('/api/' + button.dataset.resource, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{}'
      });
      const body = await readBody(response);
      if (!response.ok) {
        showError(createError, 'POST /api/' + button.dataset.resource + ' failed: ' + (body.error || body.detail || 'HTTP ' + response.status));
        return;
      }
      const entities = Array.isArray(body) ? body : [body];
      for (const entity of entities.slice().reverse()) {
        addCreated(String(entity.id), button.dataset.scheme, button.dataset.resource);
      }
    } catch (networkError) {
      showError(createError, 'The application cannot be reached: ' + networkError.message);
    } finally {
      button.disabled = false;
    }
  }

  function addCreated(id, scheme, resource) {
    const link = element('button', { type: 'button', className: 'id-link', 'data-scheme': scheme, 'data-id': id,
      'aria-label': 'Decode ' + scheme + ' ' + id }, id);
    link.addEventListener('click', () => decode(id, scheme));
    created.prepend(element('li', {}, element('span', { className: 'resource' }, resource), ' ', link));
  }

  // ---- live counters ----

  async function poll() {
    try {
      const response = await fetch('/actuator/ids', { headers: { Accept: 'application/json' } });
      if (!response.ok) {
        countersStatus.textContent = 'GET /actuator/ids answered ' + response.status
          + (response.status === 404 ? ': expose the ids endpoint.' : '.');
      } else {
        const generators = (await response.json()).generators;
        renderCounters(generators);
        renderIdentities(generators);
        countersStatus.textContent = 'Updated ' + new Date().toLocaleTimeString() + '; refreshed every '
          + POLL_MILLIS / 1000 + ' s.';
      }
      await pollLeases();
    } catch (networkError) {
      countersStatus.textContent = 'The application cannot be reached: ' + networkError.message;
    }
    setTimeout(poll, POLL_MILLIS);
  }

  async function pollLeases() {
    const response = await fetch('/actuator/ids/leases', { headers: { Accept: 'application/json' } });
    if (!response.ok) {
      leasesStatus.textContent = 'GET /actuator/ids/leases answered ' + response.status + '.';
      return;
    }
    const listing = await response.json();
    renderLeases(listing.leases);
    leasesStatus.textContent = listing.note ? 'Lease store: ' + listing.store + '. ' + listing.note
      : 'Lease store: ' + listing.store + '; ' + listing.leases.length + ' identities, refreshed with the counters.';
  }

  function renderCounters(generators) {
    countersBody.replaceChildren(...generators.map(generator => element('tr',
      { 'data-generator': generator.name, className: generator.state === 'UP' ? '' : 'down' },
      element('th', { scope: 'row' }, generator.name),
      element('td', {}, generator.scheme),
      element('td', { className: 'state', title: generator.problem || '' }, generator.state),
      element('td', { className: 'generated number' }, generator.counts.generated),
      element('td', { className: 'overflows number' }, generator.counts.overflows),
      element('td', { className: 'regressions number' }, generator.counts.regressions),
      element('td', { className: 'refusals number' }, generator.counts.refusals),
      element('td', { className: 'wait number' }, duration(generator.counts.totalWait)),
      element('td', { className: 'lead number' }, duration(generator.counts.lead)))));
  }

  // Only generators with a node identity: a GID generator has none.
  function renderIdentities(generators) {
    identitiesBody.replaceChildren(...generators.filter(generator => generator.identity).map(generator => {
      const identity = generator.identity;
      const lease = identity.lease;
      return element('tr', { 'data-generator': generator.name, className: lease && !lease.held ? 'down' : '' },
        element('th', { scope: 'row' }, generator.name),
        element('td', { className: 'identity number' }, identity.value),
        element('td', { className: 'source' }, identity.source),
        element('td', { className: 'lease' }, lease ? (lease.held ? 'held' : 'not held') + ' (' + lease.store
          + ', namespace ' + lease.namespace + ')' : 'none'),
        element('td', { className: 'expires' }, lease && lease.expiresAt ? time(lease.expiresAt) : ''),
        element('td', { className: 'mark' }, lease && lease.highWaterMark ? time(lease.highWaterMark) : ''),
        element('td', { className: 'skew number' }, lease ? duration(lease.clockSkew) : ''));
    }));
  }

  function renderLeases(rows) {
    leasesBody.replaceChildren(...rows.map(row => element('tr',
      { 'data-namespace': row.namespace, 'data-identity': row.identity,
        className: row.thisInstance ? 'this-instance' : row.released ? 'released' : '' },
      element('td', {}, row.namespace),
      element('td', { className: 'identity number' }, row.identity),
      element('td', { className: 'host' }, row.host === null ? '' : row.host),
      element('td', { className: 'process number' }, row.processId === null ? '' : row.processId),
      element('td', { className: 'holder', title: row.holder },
        row.thisInstance ? 'this copy' : row.released ? 'released' : 'another copy'),
      element('td', { className: 'expires' }, row.released || !row.expiresAt ? '' : time(row.expiresAt)),
      element('td', { className: 'mark' }, row.highWaterMark ? time(row.highWaterMark) : ''))));
  }

  // An instant as the local time of day, with the full instant on hover.
  function time(iso) {
    return element('time', { datetime: iso, title: iso }, new Date(iso).toLocaleTimeString());
  }

  // ISO-8601 durations as the endpoint writes them (PT0.004S, PT1M2S) in seconds.
  function duration(iso) {
    const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(-?[\d.]+)S)?$/.exec(iso || '');
    if (!match) {
      return iso;
    }
    const seconds = (+match[1] || 0) * 3600 + (+match[2] || 0) * 60 + (+match[3] || 0);
    return seconds === 0 ? '0 s' : seconds < 1 ? (seconds * 1000).toFixed(1) + ' ms' : seconds.toFixed(3) + ' s';
  }

  form.addEventListener('submit', event => {
    event.preventDefault();
    decode(input.value);
  });
  // A pasted ID is decoded at once; the pasted text is in the box only after the event.
  input.addEventListener('paste', () => setTimeout(() => decode(input.value), 0));
  for (const button of document.querySelectorAll('.create-buttons button')) {
    button.addEventListener('click', () => create(button));
  }
  poll();
})();
