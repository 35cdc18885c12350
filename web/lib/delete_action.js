// The one way a "Delete"/"Remove"/"Revoke" button deletes a record: an optional confirmation,
// the button disabled while the request runs, and a failure's message next to the button.
import {confirmDialog} from './dialog.js';
import {keepFocus} from './dom.js';

// onDeleteClick(button, {remove, confirm, error, onDeleted}): on click, asks `confirm` ({title,
// message, confirmLabel}; none asks nothing), then runs `remove()` (a resource client's remove,
// such as `() => comments.remove(id)`). On success calls onDeleted() (the button stays disabled:
// it is usually about to go); on failure puts the message in the `error` element and enables the
// button again.
export function onDeleteClick(button, {remove, confirm, error, onDeleted}) {
  button.addEventListener('click', async () => {
    if (confirm && !(await confirmDialog(confirm))) return;
    error.textContent = '';
    const restoreFocus = keepFocus(button);
    button.disabled = true;
    try {
      await remove();
    } catch (err) {
      button.disabled = false;
      restoreFocus();
      error.textContent = err.message;
      return;
    }
    onDeleted();
  });
}
