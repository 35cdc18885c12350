// The list page's "Edit list" dialog: name, description, public (the author only: an edit share
// may not change who sees the list), and the avatar, uploaded at once with progress.
import {h} from '../../lib/dom.js';
import {lists} from '../../lib/resources.js';
import {avatarPicker} from '../../lib/avatar_picker.js';
import {onSubmit} from '../../lib/forms.js';
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
  const {close} = openDialog({title: 'Edit list', content: h('div', {class: 'stack'}, picker, h('hr', {class: 'dialog-rule'}), form)});
  onSubmit(form, async (values) => {
    const updated = await lists.update(list.id, listBody(values, {withPublic: isAuthor}));
    current = {...current, name: updated.name, description: updated.description, public: updated.public, avatar: updated.avatar};
    onSaved(current);
    close();
  });
  form.querySelector('input[name="name"]').focus();
}
