// The one way a "Delete"/"Remove"/"Revoke" button deletes a record: an optional confirmation,
// the button disabled while the request runs, and a failure's message next to the button.
import {api} from './api.js';
import {confirmDialog} from './dialog.js';
import {keepFocus} from './dom.js';

// onDeleteClick(button, {path, confirm, error, onDeleted}): on click, asks `confirm` ({title,
// message, confirmLabel}; none asks nothing), then sends `DELETE path`. On success calls
// onDeleted() (the button stays disabled: it is usually about to go); on failure puts the
// message in the `error` element and enables the button again.
export function onDeleteClick(button, {path, confirm, error, onDeleted}) {
  button.addEventListener('click', async () => {
    if (confirm && !(await confirmDialog(confirm))) return;
    error.textContent = '';
    const restoreFocus = keepFocus(button);
    button.disabled = true;
    try {
      await api('DELETE', path);
    } catch (err) {
      button.disabled = false;
      restoreFocus();
      error.textContent = err.message;
      return;
    }
    onDeleted();
  });
}
