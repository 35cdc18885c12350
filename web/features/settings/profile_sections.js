// Settings: the profile (avatar, username, bio) and the preferences (units, default privacy,
// private account, heights of uploads).
import {h, uniqueId} from '../../lib/dom.js';
import {users} from '../../lib/resources.js';
import {avatar} from '../../lib/avatar.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {avatarPicker} from '../../lib/avatar_picker.js';

// A status line under a form that says the save worked (errors go in the form itself).
export function savedNote() {
  return h('p', {class: 'saved-note', role: 'status', 'aria-live': 'polite'});
}

function flash(note, text) {
  note.textContent = text;
  clearTimeout(note.timer);
  note.timer = setTimeout(() => {
    note.textContent = '';
  }, 6000);
}

export function userAvatar(user, size = 96) {
  return avatar(user, {name: user.username, size, round: true, alt: 'Your profile picture'});
}

export function profileSection(session) {
  const user = session.user;
  const picker = avatarPicker({
    record: user,
    preview: (record) => userAvatar(record),
    label: 'Profile picture',
    send: (formData, onProgress) => users.uploadFiles(user.id, formData, {onProgress}).promise,
    onSaved: (updated) => session.setUser({avatar: updated.avatar}),
  });
  const note = savedNote();
  const form = h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    field({label: 'Username', name: 'username', required: true, value: user.username, help: '3 to 48 letters, digits, dots, dashes or underscores. Others find you by it when sharing.', attrs: {autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false'}}),
    field({label: 'Bio', name: 'bio', type: 'textarea', rows: 4, value: user.bio || '', help: 'A few words others see on your profile.'}),
    h('div', {class: 'row'}, h('button', {type: 'submit', class: 'button primary'}, 'Save profile'), note),
  );
  onSubmit(form, async ({username, bio}) => {
    const updated = await users.update(user.id, {username: username.trim(), bio});
    session.setUser({username: updated.username, bio: updated.bio});
    flash(note, 'Profile saved.');
  });
  return h(
    'section',
    {class: 'settings-section card-box', id: 'profile', 'aria-labelledby': 'profile-title'},
    h('h2', {id: 'profile-title'}, 'Profile'),
    user.email ? h('p', {class: 'muted'}, 'Signed in as ', h('strong', null, user.email), '. Your email is never shown to others.') : null,
    picker,
    form,
  );
}

// A fieldset of radio buttons: options [{value, label}].
function radioGroup({legend, name, value, options, help}) {
  const helpId = help ? uniqueId('help') : null;
  return h(
    'fieldset',
    {class: 'radio-group', 'aria-describedby': helpId},
    h('legend', null, legend),
    options.map((option) => {
      const id = uniqueId(`${name}-${option.value}`);
      return h('div', {class: 'radio'}, h('input', {type: 'radio', id, name, value: option.value, checked: option.value === value}), h('label', {for: id}, option.label));
    }),
    help ? h('p', {class: 'help', id: helpId}, help) : null,
  );
}

const VISIBILITY = [
  {value: 'private', label: 'Private'},
  {value: 'public', label: 'Public'},
];

// settings.terrain_elevation: when an upload's heights come from the terrain model.
const TERRAIN_UPLOADS = [
  {value: 'never', label: "Always the file's"},
  {value: 'missing', label: 'From the terrain when the file has none'},
  {value: 'gps', label: 'From the terrain also when they look like GPS altitude'},
];

export function preferencesSection(session) {
  const settings = session.settings;
  const privacy = {account: 'public', trails: 'private', lists: 'private', ...(settings.privacy || {})};
  const note = savedNote();
  const form = h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    radioGroup({
      legend: 'Units',
      name: 'unit',
      value: session.units,
      options: [
        {value: 'metric', label: 'Metric (km, m)'},
        {value: 'imperial', label: 'Imperial (mi, ft)'},
      ],
      help: 'Distances, heights and speeds everywhere in Cairn. Dates are always shown as YYYY-MM-DD, whatever your language.',
    }),
    h(
      'fieldset',
      {class: 'privacy-group'},
      h('legend', null, 'Privacy'),
      h('p', {class: 'help'}, 'What new trails and lists start as; you can change each one later.'),
      h(
        'div',
        {class: 'form-grid'},
        field({label: 'New trails', name: 'trails', type: 'select', value: privacy.trails, options: VISIBILITY}),
        field({label: 'New lists', name: 'lists', type: 'select', value: privacy.lists, options: VISIBILITY}),
      ),
      field({
        label: 'Private account',
        name: 'account',
        type: 'checkbox',
        value: privacy.account === 'private',
        help: 'People find you in the share dialogs only by typing your exact username. What you made public stays public.',
      }),
    ),
    radioGroup({
      legend: 'Heights of uploaded tracks',
      name: 'terrain_elevation',
      value: TERRAIN_UPLOADS.some((o) => o.value === settings.terrain_elevation) ? settings.terrain_elevation : 'never',
      options: TERRAIN_UPLOADS,
      help: "Gain, loss and the profile from the server's terrain model instead of the file's altitudes, when the model covers the whole track (otherwise the file's stay). Phones measure altitude by GPS, which often doubles the climb; watches with a barometer do well. Each trail can switch later on its page.",
    }),
    field({
      label: 'Take part in federation',
      name: 'federation',
      type: 'checkbox',
      value: settings.federation !== 'off',
      help: 'When this server federates, people on other servers (Mastodon, other Cairn servers) can find you, follow you and read your public trails. Off: nothing of yours is shown to them.',
    }),
    h('div', {class: 'row'}, h('button', {type: 'submit', class: 'button primary'}, 'Save preferences'), note),
  );
  onSubmit(form, async (values) => {
    await session.saveSettings({unit: values.unit, privacy: {account: values.account ? 'private' : 'public', trails: values.trails, lists: values.lists}, terrain_elevation: values.terrain_elevation, federation: values.federation ? 'on' : 'off'});
    flash(note, `Preferences saved. Distances now show in ${session.units === 'imperial' ? 'miles and feet' : 'kilometres and metres'}.`);
  }, {privacy: 'trails'});
  return h('section', {class: 'settings-section card-box', id: 'preferences', 'aria-labelledby': 'preferences-title'}, h('h2', {id: 'preferences-title'}, 'Preferences'), form);
}
