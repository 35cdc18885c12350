// Settings: changing the password, and deleting the account (confirmed by typing the username).
import {h, toast} from '../../lib/dom.js';
import {users} from '../../lib/resources.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {openDialog} from '../../lib/dialog.js';
import {savedNote} from './profile_sections.js';

export function passwordSection(session) {
  const note = savedNote();
  const form = h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    // A hidden username lets password managers file the new password under the right account.
    h('input', {type: 'text', name: 'login', value: session.user.username, autocomplete: 'username', hidden: true, disabled: true}),
    field({label: 'Current password', name: 'oldPassword', type: 'password', required: true, attrs: {autocomplete: 'current-password'}}),
    field({label: 'New password', name: 'password', type: 'password', required: true, help: 'At least 8 characters.', attrs: {autocomplete: 'new-password'}}),
    field({label: 'Confirm password', name: 'passwordConfirm', type: 'password', required: true, attrs: {autocomplete: 'new-password'}}),
    h('div', {class: 'row'}, h('button', {type: 'submit', class: 'button primary'}, 'Change password'), note),
  );
  onSubmit(form, async (values) => {
    const missing = {};
    if (!values.oldPassword) missing.oldPassword = 'Type your current password.';
    if (!values.password) missing.password = 'Type a new password.';
    if (Object.keys(missing).length) throw Object.assign(new Error(''), {status: 400, fields: missing});
    // The server refreshes the session cookie with the answer's new token; other sessions end.
    await users.update(session.user.id, {oldPassword: values.oldPassword, password: values.password, passwordConfirm: values.passwordConfirm});
    form.reset();
    note.textContent = 'Password changed. Other devices and browsers are signed out.';
  });
  return h(
    'section',
    {class: 'settings-section card-box', id: 'password', 'aria-labelledby': 'password-title'},
    h('h2', {id: 'password-title'}, 'Password'),
    form,
  );
}

function openDeleteDialog({session, navigate}) {
  const username = session.user.username;
  const form = h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    h('p', null, 'This deletes your account and everything you made: trails, tracks, photos, lists, comments, summit logs and shares. It cannot be undone.'),
    field({label: 'Type your username to confirm', name: 'confirm', required: true, help: `Your username is “${username}”.`, attrs: {autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false'}}),
    h('div', {class: 'actions'}, h('button', {type: 'submit', class: 'button danger'}, 'Delete my account')),
  );
  const {close} = openDialog({title: 'Delete your account?', content: form});
  onSubmit(form, async ({confirm}) => {
    if (confirm.trim() !== username) throw Object.assign(new Error(''), {status: 400, fields: {confirm: `Type “${username}” exactly to confirm.`}});
    await users.remove(session.user.id);
    try {
      await session.signOut();
    } catch {
      // The account is gone already; forget it here even if the cookie could not be cleared.
      session.forgetUser();
    }
    close();
    await navigate('/');
    toast('Your account was deleted.');
  });
  form.querySelector('input[name="confirm"]').focus();
}

export function deleteSection({session, navigate}) {
  return h(
    'section',
    {class: 'settings-section card-box danger-zone', id: 'delete', 'aria-labelledby': 'delete-title'},
    h('h2', {id: 'delete-title'}, 'Delete account'),
    h('p', null, 'Deleting your account removes it and everything you made from this server.'),
    h('button', {type: 'button', class: 'button danger', onclick: () => openDeleteDialog({session, navigate})}, 'Delete account'),
  );
}
