// Unsaved work and leaving it: a screen registers what tells whether it holds unsaved changes;
// leaving then asks first. The app's own links and Back ask with a dialog (the router calls
// mayLeave); reloading or closing the tab asks with the browser's own question (beforeunload).
import {confirmDialog} from './dialog.js';

const holders = new Set();

// True when any registered form holds changes not saved yet.
export function hasUnsaved() {
  for (const isDirty of holders) if (isDirty()) return true;
  return false;
}

function holdPage(event) {
  if (!hasUnsaved()) return;
  event.preventDefault();
  event.returnValue = '';  // older browsers ask only when this is set
}

// Registers `isDirty` (() => boolean) until the returned function is called (a screen's
// cleanup).
export function holdUnsaved(isDirty) {
  if (!holders.size) window.addEventListener('beforeunload', holdPage);
  holders.add(isDirty);
  return () => {
    holders.delete(isDirty);
    if (!holders.size) window.removeEventListener('beforeunload', holdPage);
  };
}

// Resolves true when nothing unsaved is held or the person chooses to discard it; false when
// they stay.
export function mayLeave() {
  if (!hasUnsaved()) return Promise.resolve(true);
  return confirmDialog({
    title: 'Leave without saving?',
    message: 'Your changes on this page are not saved. Leave and lose them, or cancel to stay and save them.',
    confirmLabel: 'Discard changes',
  });
}
