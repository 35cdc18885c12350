// An avatar picker for a list or a profile: preview, a file input, upload progress, and
// "Remove avatar" (an empty text part clears a single file field).
import {h, replace, uniqueId, keepFocus} from './dom.js';
import {formatBytes} from './format.js';

// `send(formData, onProgress)` uploads and resolves with the updated record; `onSaved(record)`
// follows. `preview(record)` draws the current avatar.
export function avatarPicker({record, preview, label, send, onSaved}) {
  const previewBox = h('div', {class: 'avatar-preview'}, preview(record));
  const inputId = uniqueId('avatar');
  const input = h('input', {type: 'file', id: inputId, accept: 'image/png,image/jpeg,image/webp,image/svg+xml', class: 'avatar-input'});
  const progress = h('progress', {max: 100, value: 0, hidden: true});
  const status = h('p', {class: 'help', role: 'status', 'aria-live': 'polite'});
  const error = h('p', {class: 'field-error', role: 'alert'});
  const removeButton = h('button', {type: 'button', class: 'button small', hidden: !record.avatar}, 'Remove avatar');

  async function run(formData, doing) {
    error.textContent = '';
    status.textContent = doing;
    progress.hidden = false;
    progress.value = 0;
    const restoreFocus = [keepFocus(input), keepFocus(removeButton)];
    input.disabled = true;
    removeButton.disabled = true;
    try {
      const updated = await send(formData, (loaded, total) => {
        progress.value = Math.round((loaded / total) * 100);
        status.textContent = `${doing} ${formatBytes(loaded)} of ${formatBytes(total)}`;
      });
      replace(previewBox, preview(updated));
      removeButton.hidden = !updated.avatar;
      status.textContent = updated.avatar ? 'Avatar saved.' : 'Avatar removed.';
      onSaved(updated);
    } catch (err) {
      status.textContent = '';
      error.textContent = err.fields?.avatar || err.message;
    } finally {
      progress.hidden = true;
      input.disabled = false;
      removeButton.disabled = false;
      input.value = '';
      // Removing the avatar hides its button: focus goes to the picker then.
      if (removeButton.hidden && document.activeElement === document.body) input.focus();
      for (const restore of restoreFocus) restore();
    }
  }

  input.addEventListener('change', () => {
    const file = input.files[0];
    if (!file) return;
    const formData = new FormData();
    formData.append('avatar', file);
    run(formData, 'Uploading…');
  });
  removeButton.addEventListener('click', () => {
    // An empty text part clears a single file field.
    const formData = new FormData();
    formData.append('avatar', '');
    run(formData, 'Removing…');
  });

  return h(
    'div',
    {class: 'avatar-picker'},
    previewBox,
    h(
      'div',
      {class: 'avatar-controls'},
      h('label', {for: inputId, class: 'avatar-label'}, label),
      input,
      h('p', {class: 'help'}, 'PNG, JPEG, WEBP or SVG, at most 5 MB.'),
      progress,
      status,
      error,
      removeButton,
    ),
  );
}
