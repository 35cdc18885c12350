// Settings: API tokens. The list (name, created, expiry, last use), creating one (its key is
// shown once, with a Copy button), and revoking one.
import {h, replace} from '../../lib/dom.js';
import {apiTokens} from '../../lib/resources.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {copyField} from '../../lib/clipboard.js';
import {onDeleteClick} from '../../lib/delete_action.js';
import {formatDate} from '../../lib/format.js';

// "2025-03-01 10:02:03.000Z" -> "2025-03-01 10:02 UTC"
function dateTime(value) {
  if (!value) return '';
  const text = String(value);
  return text.length > 10 ? `${text.slice(0, 16)} UTC` : text;
}

function expired(token) {
  return token.expiration && new Date(String(token.expiration).replace(' ', 'T')) < new Date();
}

function tokenRow(token, onRevoked) {
  const error = h('p', {class: 'field-error', role: 'alert'});
  const revoke = h('button', {type: 'button', class: 'button small', 'aria-label': `Revoke token ${token.name}`}, 'Revoke');
  const row = h(
    'li',
    {class: 'token-row'},
    h(
      'div',
      {class: 'token-text'},
      h('strong', null, token.name),
      expired(token) ? h('span', {class: 'badge private'}, 'Expired') : null,
      h(
        'dl',
        {class: 'token-meta'},
        h('div', null, h('dt', null, 'Created'), h('dd', null, formatDate(token.created))),
        h('div', null, h('dt', null, 'Expires'), h('dd', null, token.expiration ? formatDate(token.expiration) : 'Never')),
        h('div', null, h('dt', null, 'Last used'), h('dd', null, token.last_used ? dateTime(token.last_used) : 'Never')),
      ),
      error,
    ),
    revoke,
  );
  onDeleteClick(revoke, {
    remove: () => apiTokens.remove(token.id),
    confirm: {title: 'Revoke this token?', message: `Programs that use “${token.name}” stop working at once. This cannot be undone.`, confirmLabel: 'Revoke token'},
    error,
    onDeleted() {
      row.remove();
      onRevoked(token);
    },
  });
  return row;
}

// The new key, shown once in a read-only field with a Copy button.
function newTokenBox(token) {
  const input = h('input', {type: 'text', id: 'new-api-token', class: 'input token-value', readonly: true, value: token.token, spellcheck: 'false'});
  const status = h('span', {class: 'saved-note', role: 'status', 'aria-live': 'polite'});
  const copy = h('button', {type: 'button', class: 'button primary'}, 'Copy token');
  copy.addEventListener('click', async () => {
    status.textContent = (await copyField(input)) ? 'Copied.' : 'Copying failed: the token is selected, copy it with Ctrl+C (or long-press on a phone).';
  });
  input.addEventListener('focus', () => input.select());
  return h(
    'div',
    {class: 'new-token notice'},
    h('p', null, h('strong', null, `Token “${token.name}” created. `), 'Copy it now: it will not be shown again. Use it as ', h('code', null, 'Authorization: Bearer <token>'), '.'),
    h('label', {for: 'new-api-token'}, 'New token'),
    h('div', {class: 'row token-copy'}, input, copy, status),
  );
}

export function tokensSection() {
  const rows = h('ul', {class: 'token-rows', 'aria-label': 'Your API tokens'});
  const none = h('p', {class: 'muted'}, 'Loading tokens…');
  const reveal = h('div', {class: 'new-token-slot'});
  const refreshEmpty = () => {
    none.hidden = rows.children.length > 0;
    none.textContent = 'You have no API tokens. Create one below for a script or a sync app; it is shown once.';
  };
  const tomorrow = new Date(Date.now() + 86400000).toISOString().slice(0, 10);
  const form = h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    h(
      'div',
      {class: 'form-grid'},
      field({label: 'Token name', name: 'name', required: true, help: 'What it is for, e.g. “phone sync”.', attrs: {maxlength: 100, autocomplete: 'off'}}),
      field({label: 'Expires on (optional)', name: 'expiration', type: 'day', help: 'Leave empty for a token that never expires.', attrs: {min: tomorrow}}),
    ),
    h('div', null, h('button', {type: 'submit', class: 'button primary'}, 'Create token')),
  );
  onSubmit(form, async ({name, expiration}) => {
    if (!name.trim()) throw Object.assign(new Error(''), {status: 400, fields: {name: 'Give the token a name.'}});
    const body = {name: name.trim()};
    // The end of the chosen day, in UTC.
    if (expiration) body.expiration = `${expiration} 23:59:59.000Z`;
    const created = await apiTokens.create(body);
    replace(reveal, newTokenBox(created));
    rows.prepend(tokenRow(created, refreshEmpty));
    refreshEmpty();
    form.reset();
    reveal.querySelector('input').focus();
  });
  apiTokens.all({sort: '-created'}).then(
    (tokens) => {
      rows.append(...tokens.map((t) => tokenRow(t, refreshEmpty)));
      refreshEmpty();
    },
    (err) => {
      none.textContent = err.message;
      none.classList.add('field-error');
    },
  );
  return h(
    'section',
    {class: 'settings-section card-box', id: 'tokens', 'aria-labelledby': 'tokens-title'},
    h('h2', {id: 'tokens-title'}, 'API tokens'),
    h('p', {class: 'help'}, 'Tokens let scripts and apps use the Cairn API as you. They cannot change your password or delete your account.'),
    none,
    rows,
    h('h3', null, 'Create a token'),
    form,
    reveal,
  );
}
