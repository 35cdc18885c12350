// Modal dialogs on <dialog>: the page behind is inert, Tab cycles inside, Escape closes, focus
// returns to what opened the dialog.
import {h} from './dom.js';

const TABBABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]';

// What Tab stops at inside `root`, in order (visible, enabled, not tabindex=-1).
function tabbables(root) {
  return [...root.querySelectorAll(TABBABLE)].filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0);
}

// A modal <dialog> alone lets Tab leave for the browser's toolbar after its last control; wrap
// around instead, as the ARIA dialog pattern asks.
function wrapTab(dialog) {
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    const items = tabbables(dialog);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) last.focus();
    else if (!event.shiftKey && active === last) first.focus();
    else return;
    event.preventDefault();
  });
}

// openDialog({title, content: Node, actions}) -> {dialog, close()}; removed from the page on close.
// `mayClose` (() => Promise<boolean>), when given, is asked before the close button or Escape
// closes it (a form with unsaved changes); close() itself always closes.
export function openDialog({title, content, className, mayClose}) {
  const titleId = `dlg-${Math.random().toString(36).slice(2)}`;
  const closeButton = h('button', {type: 'button', class: 'icon-button dialog-close', 'aria-label': 'Close'}, '×');
  const dialog = h(
    'dialog',
    {class: ['dialog', className], 'aria-labelledby': titleId},
    h('div', {class: 'dialog-head'}, h('h2', {id: titleId}, title), closeButton),
    h('div', {class: 'dialog-body'}, content),
  );
  const opener = document.activeElement;
  const close = () => dialog.close();
  const closeIfAllowed = async () => {
    if (!mayClose || (await mayClose())) close();
  };
  closeButton.addEventListener('click', closeIfAllowed);
  dialog.addEventListener('cancel', (event) => {
    if (!mayClose) return;
    event.preventDefault();
    closeIfAllowed();
  });
  wrapTab(dialog);
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener?.focus?.();
  });
  document.body.append(dialog);
  dialog.showModal();
  return {dialog, close};
}

// Resolves true when the person confirms.
export function confirmDialog({title, message, confirmLabel = 'Delete', danger = true}) {
  return new Promise((resolve) => {
    let answer = false;
    const yes = h('button', {type: 'button', class: danger ? 'button danger' : 'button primary'}, confirmLabel);
    const no = h('button', {type: 'button', class: 'button'}, 'Cancel');
    const {dialog, close} = openDialog({title, content: h('div', null, h('p', null, message), h('div', {class: 'actions'}, no, yes))});
    yes.addEventListener('click', () => {
      answer = true;
      close();
    });
    no.addEventListener('click', close);
    dialog.addEventListener('close', () => resolve(answer));
    no.focus();
  });
}
