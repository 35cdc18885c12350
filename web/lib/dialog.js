// Modal dialogs on <dialog>: focus is trapped by the browser, Escape closes, focus returns.
import {h} from './dom.js';

// openDialog({title, content: Node, actions}) -> {dialog, close()}; removed from the page on close.
export function openDialog({title, content, className}) {
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
  closeButton.addEventListener('click', close);
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
