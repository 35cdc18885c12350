// The share dialog of a trail (its author only): people it is shared with (share_people.js) and
// view-only links anyone holding them can open (share_links.js). Every error appears in the
// dialog next to the control that caused it.
import {h} from '../../lib/dom.js';
import {openDialog} from '../../lib/dialog.js';
import {sharePeople} from './share_people.js';
import {shareLinks} from './share_links.js';

export function openShareDialog(trail, session) {
  const controller = new AbortController();
  const {people, form} = sharePeople({
    kind: 'trail',
    item: trail,
    ownerId: session.user.id,
    emptyText: 'Only you can see this trail, unless it is public.',
    submitLabel: 'Add person',
    signal: controller.signal,
  });
  const content = h(
    'div',
    {class: 'tshare-dialog stack'},
    h('section', {'aria-labelledby': 'tshare-people-title'}, h('h3', {id: 'tshare-people-title'}, 'People'), people, form),
    shareLinks({kind: 'trail', item: trail, signal: controller.signal, idPrefix: 'tshare'}),
  );
  const {dialog} = openDialog({title: `Share “${trail.name}”`, content, className: 'tshare'});
  dialog.addEventListener('close', () => controller.abort());
  return dialog;
}
