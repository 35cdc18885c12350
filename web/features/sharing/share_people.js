// The people part of a share dialog, the same for trails and lists: who the item is shared with
// and their permission (view/edit, changed in place), stopping a share, and sharing with someone
// by username (with suggestions). Every error appears next to the control that caused it.
import {h, replace, uniqueId, keepFocus} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {shares as shareRecords} from '../../lib/resources.js';
import {avatar} from '../../lib/avatar.js';
import {onDeleteClick} from '../../lib/delete_action.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {usernameLookup} from './user_lookup.js';

export const PERMISSIONS = [
  {value: 'view', label: 'Can view'},
  {value: 'edit', label: 'Can edit'},
];

const SHARE_FIELDS = 'id,user,permission,expand.user.id,expand.user.username,expand.user.avatar,expand.user.collectionId,expand.user.collectionName';

// A field error the form shows next to the username box.
function usernameError(message) {
  return {status: 400, message: '', fields: {username: message}};
}

// sharePeople({kind, item, ownerId, emptyText, submitLabel, signal, onCount}) -> {people, form}
// `kind` is 'trail' or 'list': the shares are `shares[kind]` records whose `{kind}` is
// `item.id`. `ownerId` is the item's author, who is neither suggested nor accepted. `people` is the list (with `emptyText` when there is nobody), `form` adds someone
// with `submitLabel`. onCount(n) is told how many people have a share after every change.
// `signal` aborting stops the first load.
export function sharePeople({kind, item, ownerId, emptyText, submitLabel, signal, onCount = () => {}}) {
  const records = shareRecords[kind];
  const people = h('div', {class: 'share-people', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading…'));
  const datalist = h('datalist', {id: uniqueId('share-users')});
  const form = h(
    'form',
    {class: 'share-people-add', novalidate: true},
    formError(),
    h(
      'div',
      {class: 'share-people-add-row'},
      field({label: 'Username', name: 'username', required: true, help: 'Start typing to see matching people.', attrs: {list: datalist.id, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false'}}),
      field({label: 'Permission', name: 'permission', type: 'select', value: 'view', options: PERMISSIONS}),
      h('button', {type: 'submit', class: 'button primary'}, submitLabel),
    ),
    datalist,
  );
  const input = form.querySelector('input[name="username"]');
  const lookup = usernameLookup(input, datalist, {hideId: ownerId});
  let shares = [];

  function render() {
    people.removeAttribute('aria-busy');
    onCount(shares.length);
    if (!shares.length) replace(people, h('p', {class: 'muted'}, emptyText));
    else replace(people, h('ul', {class: 'share-people-list', 'aria-label': `People this ${kind} is shared with`}, shares.map(personRow)));
  }

  function personRow(share) {
    const user = share.expand?.user;
    const name = user?.username || 'Unknown user';
    const error = h('p', {class: 'field-error', id: uniqueId('share-error'), role: 'alert'});
    const select = h(
      'select',
      {class: 'input', 'aria-label': `Permission for ${name}`, 'aria-describedby': error.id},
      PERMISSIONS.map((p) => h('option', {value: p.value, selected: p.value === share.permission}, p.label)),
    );
    select.addEventListener('change', async () => {
      error.textContent = '';
      select.removeAttribute('aria-invalid');
      const before = share.permission;
      const restoreFocus = keepFocus(select);
      select.disabled = true;
      try {
        const saved = await records.update(share.id, {permission: select.value});
        share.permission = saved.permission;
      } catch (err) {
        select.value = before;
        select.setAttribute('aria-invalid', 'true');
        error.textContent = err.fields?.permission || err.message;
      } finally {
        select.disabled = false;
        restoreFocus();
      }
    });
    // The visible words start the spoken name, so voice control ("click Stop sharing") works.
    const remove = h('button', {type: 'button', class: 'button small', 'aria-label': `Stop sharing with ${name}`}, 'Stop sharing');
    onDeleteClick(remove, {
      remove: () => records.remove(share.id),
      error,
      onDeleted() {
        shares = shares.filter((s) => s.id !== share.id);
        render();
        input.focus();
      },
    });
    return h('li', {class: 'share-person'}, avatar(user, {name, size: 32, round: true}), h('span', {class: 'share-person-name'}, name), select, remove, error);
  }

  onSubmit(form, async ({username, permission}) => {
    const name = username.trim();
    if (!name) throw usernameError('Type the username of the person to share with.');
    const user = await lookup.find(name);
    if (!user) throw usernameError(`There is no user called “${name}”.`);
    if (user.id === ownerId) throw usernameError(`That is you: the ${kind} is already yours.`);
    if (shares.some((s) => s.user === user.id)) throw usernameError(`${user.username} already has access; change the permission above.`);
    const saved = await records.create({[kind]: item.id, user: user.id, permission}, {query: {expand: 'user'}});
    if (!saved.expand?.user) saved.expand = {...saved.expand, user};
    shares.push(saved);
    render();
    form.reset();
    input.focus();
  }, {user: 'username', [kind]: 'username'});

  records
    .list({filter: `${kind} = ${quote(item.id)}`, expand: 'user', sort: 'created', perPage: 500, fields: SHARE_FIELDS}, {signal})
    .then((items) => {
      shares = items;
      render();
    })
    .catch((err) => {
      if (err.name === 'AbortError') return;
      people.removeAttribute('aria-busy');
      replace(people, h('p', {class: 'form-error', role: 'alert'}, `Shares could not be loaded: ${err.message}`));
    });

  return {people, form};
}
