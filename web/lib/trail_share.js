// The share dialog of a trail (its author only): people it is shared with and their
// permission, adding someone by username (suggestions from /search/actor), and view-only links.
// Every error appears in the dialog next to the control that caused it.
import {h, replace, uniqueId} from './dom.js';
import {api, quote} from './api.js';
import {field, formError, onSubmit} from './forms.js';
import {openDialog} from './dialog.js';

const PERMISSIONS = [
  {value: 'view', label: 'Can view'},
  {value: 'edit', label: 'Can edit'},
];

export function openShareDialog(trail, session) {
  const people = h('div', {class: 'tshare-people', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading…'));
  const links = h('div', {class: 'tshare-links', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading…'));
  const addForm = personForm();
  const createLink = h('button', {type: 'button', class: 'button'}, 'Create link');
  const linkError = h('p', {class: 'field-error', role: 'alert'});
  const content = h(
    'div',
    {class: 'tshare-dialog stack'},
    h('section', {'aria-labelledby': 'tshare-people-title'}, h('h3', {id: 'tshare-people-title'}, 'People'), people, addForm),
    h(
      'section',
      {'aria-labelledby': 'tshare-links-title'},
      h('h3', {id: 'tshare-links-title'}, 'Links'),
      h('p', {class: 'help'}, 'Anyone holding a link can view this trail, its track, waypoints and photos without an account, until you delete the link.'),
      links,
      h('div', {class: 'row'}, createLink),
      linkError,
    ),
  );
  const {dialog} = openDialog({title: `Share “${trail.name}”`, content, className: 'tshare'});
  const controller = new AbortController();
  dialog.addEventListener('close', () => controller.abort());
  const get = (path, params) => api('GET', path, null, {query: params, share: false, signal: controller.signal});

  let shares = [];
  function renderPeople() {
    people.removeAttribute('aria-busy');
    if (!shares.length) replace(people, h('p', {class: 'muted'}, 'Only you can see this trail, unless it is public.'));
    else replace(people, h('ul', {class: 'tshare-list'}, shares.map(shareRow)));
  }

  function shareRow(share) {
    const name = share.expand?.user?.username || share.user;
    const selectId = uniqueId('tshare-perm');
    const error = h('p', {class: 'field-error', id: `${selectId}-error`, role: 'alert'});
    const select = h(
      'select',
      {id: selectId, class: 'input', 'aria-label': `Permission for ${name}`, 'aria-describedby': error.id},
      PERMISSIONS.map((p) => h('option', {value: p.value, selected: p.value === share.permission}, p.label)),
    );
    select.addEventListener('change', async () => {
      error.textContent = '';
      select.removeAttribute('aria-invalid');
      const before = share.permission;
      try {
        const saved = await api('POST', `/trail-share/${share.id}`, {permission: select.value});
        share.permission = saved.permission;
      } catch (err) {
        select.value = before;
        select.setAttribute('aria-invalid', 'true');
        error.textContent = err.fields?.permission || err.message;
      }
    });
    const remove = h('button', {type: 'button', class: 'button small', 'aria-label': `Remove ${name}`}, 'Remove');
    remove.addEventListener('click', async () => {
      error.textContent = '';
      try {
        await api('DELETE', `/trail-share/${share.id}`);
        shares = shares.filter((s) => s.id !== share.id);
        renderPeople();
        addForm.querySelector('input[name="username"]').focus();
      } catch (err) {
        error.textContent = err.message;
      }
    });
    return h('li', {class: 'tshare-row'}, h('span', {class: 'tshare-name'}, name), select, remove, error);
  }

  // Adding a person: the username box suggests accounts as one types (debounced, and a newer
  // lookup cancels the one before), the id is looked up on submit.
  function personForm() {
    const suggestions = h('datalist', {id: uniqueId('tshare-users')});
    const form = h(
      'form',
      {class: 'tshare-add', novalidate: true},
      formError(),
      h(
        'div',
        {class: 'tshare-add-row'},
        field({label: 'Username', name: 'username', required: true, attrs: {list: suggestions.id, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false'}}),
        field({label: 'Permission', name: 'permission', type: 'select', value: 'view', options: PERMISSIONS}),
        h('button', {type: 'submit', class: 'button primary'}, 'Add person'),
      ),
      suggestions,
    );
    const input = form.querySelector('input[name="username"]');
    const known = new Map();
    let timer = 0;
    let lookup = null;
    // A newer suggestion lookup cancels an older one; the lookup on submit is never cancelled.
    async function search(text, {cancellable = true} = {}) {
      let signal;
      if (cancellable) {
        lookup?.abort();
        lookup = new AbortController();
        signal = lookup.signal;
      }
      const users = await api('GET', '/search/actor', null, {query: {q: text}, share: false, signal});
      for (const user of users) known.set(user.username.toLowerCase(), user);
      return users;
    }
    input.addEventListener('input', () => {
      clearTimeout(timer);
      const text = input.value.trim();
      if (!text) return;
      timer = setTimeout(async () => {
        try {
          const users = await search(text);
          replace(suggestions, users.filter((u) => u.id !== session.user.id).map((u) => h('option', {value: u.username})));
        } catch {
          // Suggestions are a convenience; the submit reports real problems.
        }
      }, 250);
    });
    onSubmit(form, async ({username, permission}) => {
      const name = username.trim();
      if (!name) throw {status: 400, message: '', fields: {username: 'Type the username of the person.'}};
      clearTimeout(timer);
      lookup?.abort();
      let user = known.get(name.toLowerCase());
      if (!user) user = (await search(name, {cancellable: false})).find((u) => u.username.toLowerCase() === name.toLowerCase());
      if (!user) throw {status: 400, message: '', fields: {username: `Nobody is called “${name}”.`}};
      if (user.id === session.user.id) throw {status: 400, message: '', fields: {username: 'That is you: you already see your trail.'}};
      if (shares.some((s) => s.user === user.id)) throw {status: 400, message: '', fields: {username: `${user.username} already has access; change the permission above.`}};
      const saved = await api('PUT', '/trail-share', {trail: trail.id, user: user.id, permission}, {query: {expand: 'user'}});
      if (!saved.expand?.user) saved.expand = {...saved.expand, user};
      shares.push(saved);
      renderPeople();
      input.value = '';
      input.focus();
    }, {user: 'username', trail: 'username'});
    return form;
  }

  let linkShares = [];
  function renderLinks() {
    links.removeAttribute('aria-busy');
    if (!linkShares.length) replace(links, h('p', {class: 'muted'}, 'No links yet.'));
    else replace(links, h('ul', {class: 'tshare-list'}, linkShares.map(linkRow)));
  }

  function linkRow(share) {
    const url = `${location.origin}/trail/${trail.id}?share=${encodeURIComponent(share.token)}`;
    const inputId = uniqueId('tshare-link');
    const status = h('p', {class: 'help', role: 'status'});
    const error = h('p', {class: 'field-error', role: 'alert'});
    const input = h('input', {id: inputId, class: 'input', readonly: true, value: url, 'aria-describedby': `${inputId}-status`});
    status.id = `${inputId}-status`;
    input.addEventListener('focus', () => input.select());
    const copy = h('button', {type: 'button', class: 'button small primary'}, 'Copy link');
    copy.addEventListener('click', async () => {
      status.textContent = '';
      try {
        if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
        await navigator.clipboard.writeText(url);
        status.textContent = 'Link copied.';
      } catch {
        // Without clipboard access (plain http on a LAN) select the text for a manual copy.
        input.focus();
        input.select();
        status.textContent = 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';
      }
    });
    const remove = h('button', {type: 'button', class: 'button small'}, 'Delete link');
    remove.addEventListener('click', async () => {
      error.textContent = '';
      try {
        await api('DELETE', `/trail-link-share/${share.id}`);
        linkShares = linkShares.filter((s) => s.id !== share.id);
        renderLinks();
        createLink.focus();
      } catch (err) {
        error.textContent = err.message;
      }
    });
    return h('li', {class: 'link-row'}, h('label', {for: inputId, class: 'visually-hidden'}, 'Share link'), input, h('div', {class: 'row'}, copy, remove), status, error);
  }

  createLink.addEventListener('click', async () => {
    linkError.textContent = '';
    createLink.disabled = true;
    try {
      const saved = await api('PUT', '/trail-link-share', {trail: trail.id, permission: 'view'});
      linkShares.push(saved);
      renderLinks();
      links.querySelector('li:last-child button')?.focus();
    } catch (err) {
      linkError.textContent = err.message;
    } finally {
      createLink.disabled = false;
    }
  });

  const byTrail = {filter: `trail=${quote(trail.id)}`, perPage: 500};
  get('/trail-share', {...byTrail, expand: 'user', fields: 'id,user,permission,expand.user.username'})
    .then((items) => {
      shares = items;
      renderPeople();
    })
    .catch((err) => {
      if (err.name !== 'AbortError') replace(people, h('p', {class: 'form-error', role: 'alert'}, `Shares could not be loaded: ${err.message}`));
    });
  get('/trail-link-share', {...byTrail, fields: 'id,token'})
    .then((items) => {
      linkShares = items;
      renderLinks();
    })
    .catch((err) => {
      if (err.name !== 'AbortError') replace(links, h('p', {class: 'form-error', role: 'alert'}, `Links could not be loaded: ${err.message}`));
    });
  return dialog;
}
