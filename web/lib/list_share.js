// The list page's "Share" dialog (the author only): who the list is shared with, their
// permission (view/edit), removing a share, and sharing with another user by username.
import {h, replace, uniqueId} from './dom.js';
import {api, listAll, quote, fileUrl} from './api.js';
import {field, formError, onSubmit} from './forms.js';
import {openDialog} from './dialog.js';

const PERMISSIONS = [
  {value: 'view', label: 'Can view'},
  {value: 'edit', label: 'Can edit'},
];

function userAvatar(user) {
  if (user?.avatar) return h('img', {class: 'share-avatar', src: fileUrl(user, user.avatar, {thumb: '100x100'}), alt: '', width: 32, height: 32});
  return h('span', {class: 'share-avatar list-initial', 'aria-hidden': 'true'}, (user?.username || '?')[0].toUpperCase());
}

function shareRow(share, {onRemoved}) {
  const username = share.expand?.user?.username || 'Unknown user';
  const selectId = uniqueId('share-permission');
  const select = h('select', {id: selectId, class: 'input share-permission'}, PERMISSIONS.map((p) => h('option', {value: p.value, selected: p.value === share.permission}, p.label)));
  const error = h('p', {class: 'field-error', role: 'alert'});
  const remove = h('button', {type: 'button', class: 'button small', 'aria-label': `Stop sharing with ${username}`}, 'Remove');
  select.addEventListener('change', async () => {
    error.textContent = '';
    const previous = share.permission;
    select.disabled = true;
    try {
      const saved = await api('POST', `/list-share/${share.id}`, {permission: select.value});
      share.permission = saved.permission;
    } catch (err) {
      select.value = previous;
      error.textContent = err.fields?.permission || err.message;
    } finally {
      select.disabled = false;
    }
  });
  const row = h(
    'li',
    {class: 'share-row'},
    userAvatar(share.expand?.user),
    h('span', {class: 'share-name'}, username),
    h('label', {for: selectId, class: 'visually-hidden'}, `Permission for ${username}`),
    select,
    remove,
    error,
  );
  remove.addEventListener('click', async () => {
    error.textContent = '';
    remove.disabled = true;
    try {
      await api('DELETE', `/list-share/${share.id}`);
      row.remove();
      onRemoved(share);
    } catch (err) {
      remove.disabled = false;
      error.textContent = err.message;
    }
  });
  return row;
}

// Username suggestions from /search/actor in a <datalist>: debounced, superseded requests
// aborted. Returns a lookup of the exact name typed.
function usernameSuggestions(input, datalist) {
  let controller = null;
  let timer = null;
  const search = async (text) => {
    controller?.abort();
    controller = new AbortController();
    return api('GET', '/search/actor', null, {query: {q: text}, signal: controller.signal});
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const text = input.value.trim();
    if (!text) return;
    timer = setTimeout(async () => {
      try {
        const users = await search(text);
        replace(datalist, users.map((u) => h('option', {value: u.username})));
      } catch {
        // Suggestions are a convenience; the submit reports real errors.
      }
    }, 200);
  });
  // The user whose username is exactly `text` (case-insensitive), or null.
  return async (text) => {
    clearTimeout(timer);
    const users = await search(text);
    return users.find((u) => u.username.toLowerCase() === text.toLowerCase()) || null;
  };
}

export async function openShareDialog({list, ownerId}) {
  const rows = h('ul', {class: 'share-rows', 'aria-label': 'People this list is shared with'});
  const none = h('p', {class: 'muted'}, 'Not shared with anyone yet.');
  const datalistId = uniqueId('share-users');
  const datalist = h('datalist', {id: datalistId});
  const form = h(
    'form',
    {class: 'share-form', novalidate: true},
    formError(),
    h(
      'div',
      {class: 'share-add'},
      field({label: 'Username', name: 'username', required: true, help: 'Start typing to see matching people.', attrs: {list: datalistId, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false'}}),
      field({label: 'Permission', name: 'permission', type: 'select', value: 'view', options: PERMISSIONS}),
      h('button', {type: 'submit', class: 'button primary'}, 'Share'),
    ),
    datalist,
  );
  const content = h(
    'div',
    {class: 'stack'},
    h('p', {class: 'help'}, 'People you share with see the list and your trails in it. With “Can edit” they may also rename it, change its description and avatar, and add, remove or reorder trails; they cannot delete it, make it public or share it.'),
    h('h3', null, 'Shared with'),
    none,
    rows,
    h('h3', null, 'Share with someone'),
    form,
  );
  const {dialog} = openDialog({title: `Share “${list.name}”`, content, className: 'share-dialog'});
  const refreshEmpty = () => {
    none.hidden = rows.children.length > 0;
  };
  const addRow = (share) => rows.append(shareRow(share, {onRemoved: refreshEmpty}));

  const findUser = usernameSuggestions(form.querySelector('input[name="username"]'), datalist);
  onSubmit(form, async ({username, permission}) => {
    const name = username.trim();
    if (!name) throw Object.assign(new Error(''), {status: 400, fields: {username: 'Type the username of the person to share with.'}});
    const user = await findUser(name);
    if (!user) throw Object.assign(new Error(''), {status: 404, fields: {username: `There is no user called “${name}”.`}});
    if (user.id === ownerId) throw Object.assign(new Error(''), {status: 400, fields: {username: 'This is you: the list is already yours.'}});
    const share = await api('PUT', '/list-share', {list: list.id, user: user.id, permission}, {query: {expand: 'user'}});
    if (!share.expand?.user) share.expand = {user};
    addRow(share);
    refreshEmpty();
    form.reset();
    form.querySelector('input[name="username"]').focus();
  }, {user: 'username'});

  try {
    const shares = await listAll('/list-share', {filter: `list = ${quote(list.id)}`, expand: 'user', sort: 'created'});
    shares.forEach(addRow);
  } catch (err) {
    none.textContent = err.message;
    none.classList.add('field-error');
  }
  refreshEmpty();
  return dialog;
}
