// The list page's "Edit list" dialog: name, description, public (the author only: an edit share
// may not change who sees the list), and the avatar, uploaded at once with progress.
import {h} from '../../lib/dom.js';
import {lists} from '../../lib/resources.js';
import {avatarPicker} from '../../lib/avatar_picker.js';
import {formValues, onSubmit} from '../../lib/forms.js';
import {changedNames} from '../../lib/form_changes.js';
import {holdUnsaved, mayLeave} from '../../lib/unsaved.js';
import {openDialog} from '../../lib/dialog.js';
import {listAvatar, listForm, listBody} from './list_parts.js';

// Opens the dialog; `onSaved(list)` gets the updated list after a save or an avatar change.
export function openEditListDialog({list, isAuthor, onSaved}) {
  const form = listForm({values: list, withPublic: isAuthor, submitLabel: 'Save'});
  let current = list;
  const picker = avatarPicker({
    record: list,
    preview: (record) => listAvatar(record, {size: 96}),
    label: 'List avatar',
    send: (formData, onProgress) => lists.uploadFiles(list.id, formData, {onProgress}).promise,
    onSaved: (updated) => {
      current = {...current, avatar: updated.avatar, collectionId: updated.collectionId};
      onSaved(current);
    },
  });
  // Closing (or reloading) with typed changes asks first.
  const shown = formValues(form);
  const release = holdUnsaved(() => changedNames(shown, formValues(form)).length > 0);
  const {dialog, close} = openDialog({title: 'Edit list', content: h('div', {class: 'stack'}, picker, h('hr', {class: 'dialog-rule'}), form), mayClose: mayLeave});
  dialog.addEventListener('close', release);
  onSubmit(form, async (values) => {
    const updated = await lists.update(list.id, listBody(values, {withPublic: isAuthor}));
    current = {...current, name: updated.name, description: updated.description, public: updated.public, avatar: updated.avatar};
    onSaved(current);
    release();
    close();
  });
  form.querySelector('input[name="name"]').focus();
}
