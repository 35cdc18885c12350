// The list page's "Share" dialog (the author only): who the list is shared with, their
// permission (view/edit), removing a share, sharing with another user by username, and
// view-only links (share_links.js).
import {h} from '../../lib/dom.js';
import {openDialog} from '../../lib/dialog.js';
import {sharePeople} from './share_people.js';
import {shareLinks} from './share_links.js';

// openShareDialog({list, ownerId, onCount(n)}) -> <dialog>; onCount hears how many people the
// list is shared with, once loaded and after every change.
export function openShareDialog({list, ownerId, onCount}) {
  const controller = new AbortController();
  const {people, form} = sharePeople({
    kind: 'list',
    item: list,
    ownerId,
    emptyText: 'Not shared with anyone yet. Add a person by their username below.',
    submitLabel: 'Share',
    signal: controller.signal,
    onCount,
  });
  const content = h(
    'div',
    {class: 'stack list-share'},
    h('p', {class: 'help'}, 'People you share with see the list and your trails in it. With “Can edit” they may also rename it, change its description and avatar, and add, remove or reorder trails; they cannot delete it, make it public or share it.'),
    h('h3', null, 'Shared with'),
    people,
    h('h3', null, 'Share with someone'),
    form,
    shareLinks({kind: 'list', item: list, signal: controller.signal, idPrefix: 'lshare'}),
  );
  const {dialog} = openDialog({title: `Share “${list.name}”`, content, className: 'tshare'});
  dialog.addEventListener('close', () => controller.abort());
  return dialog;
}
