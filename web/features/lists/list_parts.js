// Pieces the lists overview and the list page share: the avatar (image or initial), the
// badges that say who sees a list, and the list form used to create and edit one.
import {h} from '../../lib/dom.js';
import {avatar} from '../../lib/avatar.js';
import {field, formError} from '../../lib/forms.js';

// The list's avatar as a 100x100 thumbnail, or its initial on a tinted square.
export function listAvatar(list, {size = 64} = {}) {
  return avatar(list, {name: list.name, size});
}

// "Private" / "Public", and who else sees it, as seen by the signed-in user: "Shared with you"
// on someone else's list, "Shared with 2 people" on one's own (`sharedWithCount`, when known).
export function listBadges(list, {userId, sharedWithMe, sharedWithCount = 0}) {
  const badges = [];
  const mine = userId && list.author === userId;
  if (!mine && sharedWithMe) badges.push(h('span', {class: 'badge shared'}, sharedWithMe === 'edit' ? 'Shared with you · can edit' : 'Shared with you'));
  if (mine && sharedWithCount > 0) badges.push(h('span', {class: 'badge shared'}, `Shared with ${sharedWithCount} ${sharedWithCount === 1 ? 'person' : 'people'}`));
  badges.push(list.public ? h('span', {class: 'badge'}, 'Public') : h('span', {class: 'badge private'}, 'Private'));
  return h('span', {class: 'list-badges'}, badges);
}

// name, description and (for the author) the public switch; `values` fills them in.
export function listForm({values = {}, withPublic = true, submitLabel}) {
  return h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    field({label: 'Name', name: 'name', required: true, value: values.name || '', attrs: {maxlength: 255, autocomplete: 'off'}}),
    field({label: 'Description', name: 'description', type: 'textarea', rows: 4, value: values.description || ''}),
    withPublic
      ? field({label: 'Public', name: 'public', type: 'checkbox', value: values.public, help: 'Everyone can see a public list, and the public trails in it.'})
      : null,
    h('div', {class: 'actions'}, h('button', {type: 'submit', class: 'button primary'}, submitLabel)),
  );
}

// The form's values as the API wants them (name trimmed; an empty name is refused here so the
// message appears without a round trip).
export function listBody(values, {withPublic = true} = {}) {
  const name = String(values.name || '').trim();
  if (!name) throw Object.assign(new Error(''), {status: 400, fields: {name: 'Give the list a name.'}});
  const body = {name, description: values.description || ''};
  if (withPublic) body.public = Boolean(values.public);
  return body;
}
