// One list: its name, author and description, a map of all its trails, their summed
// statistics, and the trails in list order. The author and `edit` shares change it here.
import {boxPlaceholder, knownTitle, statsPlaceholder, titlePlaceholder} from '../../lib/placeholders.js';
import {h, replace, toast} from '../../lib/dom.js';
import {authorLink} from '../../lib/people.js';
import {quote, setShareToken} from '../../lib/api.js';
import {listShares, lists, trails as trailRecords} from '../../lib/resources.js';
import {confirmDialog} from '../../lib/dialog.js';
import {listAvatar, listBadges} from './list_parts.js';
import {listMap, colorKeeper} from './list_map.js';
import {trailRows, listStats} from './list_rows.js';
import {openEditListDialog} from './edit_list_dialog.js';
import {openAddTrailsDialog} from './add_trails_dialog.js';
import {openShareDialog} from '../sharing/list_share_dialog.js';

const TRAIL_FIELDS = ['id', 'collectionId', 'collectionName', 'name', 'author', 'public', 'distance', 'elevation_gain', 'elevation_loss', 'duration', 'date', 'location', 'difficulty', 'gpx', 'preview', 'line_breaks'];
const LIST_FIELDS = [
  'id,collectionId,collectionName,name,description,avatar,public,trails,author',
  'expand.author.id,expand.author.username',
  TRAIL_FIELDS.map((f) => `expand.trails.${f}`).join(','),
].join(',');

// Trails without a `preview` (older server, or `fields` not understood) get their full
// `polyline` in one extra request, a few dozen ids at a time.
async function fillLines(trails) {
  const missing = trails.filter((t) => !t.preview && !t.polyline && t.gpx !== '');
  for (let i = 0; i < missing.length; i += 40) {
    const chunk = missing.slice(i, i + 40);
    const page = await trailRecords.list({filter: chunk.map((t) => `id = ${quote(t.id)}`).join(' || '), fields: 'id,polyline', perPage: 40, skipTotal: true});
    const lines = new Map(page.items.map((t) => [t.id, t.polyline]));
    for (const t of chunk) t.polyline = lines.get(t.id) || '';
  }
}

// {permission: 'owner' | 'edit' | 'view', shared: the signed-in user's share, if any,
//  sharedWithCount: for the owner, how many people the list is shared with}.
async function accessTo(list, session) {
  if (!session.signedIn) return {permission: 'view', shared: null};
  if (list.author === session.user.id) {
    // Only for a badge: a failure leaves the badge out rather than the page.
    const counted = await listShares.list({filter: `list = ${quote(list.id)}`, fields: 'id', perPage: 1}, {withTotal: true}).catch(() => ({total: 0}));
    return {permission: 'owner', shared: null, sharedWithCount: counted.total};
  }
  const mine = await listShares.all({filter: `list = ${quote(list.id)} && user = ${quote(session.user.id)}`, fields: 'id,permission'});
  const shared = mine.some((s) => s.permission === 'edit') ? 'edit' : mine.length ? 'view' : null;
  return {permission: shared === 'edit' ? 'edit' : 'view', shared};
}

async function load(id, session) {
  const list = await lists.show(id, {expand: 'trails,author', fields: LIST_FIELDS});
  const byId = new Map((list.expand?.trails || []).map((t) => [t.id, t]));
  const [access] = await Promise.all([accessTo(list, session), fillLines([...byId.values()])]);
  return {list, byId, ...access};
}

export default {
  async render({view, params, query, session, navigate, isCurrent}) {
    // A list link (`?share=`) opens the list and its author's trails in it for whoever holds it.
    setShareToken(query?.get('share'));
    // The title and the shapes of numbers, map and rows at once; the page takes their place.
    const skeleton = h(
      'article',
      {class: 'page list-page', 'aria-busy': 'true'},
      h('p', {class: 'crumbs'}, h('a', {href: '/lists'}, '← All lists')),
      h('header', {class: 'list-head'}, h('div', {class: 'list-head-text'}, titlePlaceholder(knownTitle(`/list/${params.id}`), 'the list'))),
      statsPlaceholder(5),
      boxPlaceholder('list-map', 'Map loading'),
    );
    view.append(skeleton);
    let loaded;
    try {
      loaded = await load(params.id, session);
    } catch (error) {
      setShareToken('');
      throw error;
    }
    const {list, byId, permission, shared, sharedWithCount = 0} = loaded;
    if (!isCurrent()) {
      setShareToken('');
      return undefined;
    }
    skeleton.remove();
    const units = session.units;
    let sharedCount = sharedWithCount;
    const canEdit = permission === 'owner' || permission === 'edit';
    const isAuthor = permission === 'owner';
    // The trails as shown: ids in list order that this viewer can open.
    let order = (list.trails || []).filter((id) => byId.has(id));
    const colorOf = colorKeeper();
    order.forEach(colorOf);

    const head = h('header', {class: 'list-head'});
    const statsBox = h('div', {class: 'list-stats'});
    const rowsBox = h('div', {class: 'list-rows'});
    const mapBox = h('div', {class: 'list-map', role: 'region', 'aria-label': 'Map of the trails in this list'});
    const saveStatus = h('p', {class: 'visually-hidden', role: 'status', 'aria-live': 'polite'});

    const trailsInOrder = () => order.map((id) => byId.get(id));

    // Saves the trails array; one save at a time so the last order always wins.
    let saving = Promise.resolve();
    function saveOrder(next, message) {
      const previous = order;
      order = next;
      refresh();
      saving = saving.then(async () => {
        try {
          const saved = await lists.update(list.id, {name: list.name, trails: next});
          list.trails = saved.trails;
          saveStatus.textContent = message;
        } catch (error) {
          order = previous;
          refresh();
          toast(`Could not save the list: ${error.message}`, 'error');
          throw error;
        }
      });
      return saving;
    }

    let map = null;
    const rows = trailRows({
      units,
      colorOf,
      canEdit,
      onHover: (id, on) => map?.highlight(id, on),
      move(id, delta) {
        const i = order.indexOf(id);
        const j = i + delta;
        if (i < 0 || j < 0 || j >= order.length) return;
        const next = [...order];
        [next[i], next[j]] = [next[j], next[i]];
        saveOrder(next, `${byId.get(id).name} moved to position ${j + 1}.`).catch(() => {});
        // Keep the keyboard on the moved trail's button (the other one at the ends).
        const row = rowsBox.querySelector(`[data-trail="${id}"]`);
        const wanted = row?.querySelector(delta < 0 ? '.move-up' : '.move-down');
        (wanted && !wanted.disabled ? wanted : row?.querySelector(delta < 0 ? '.move-down' : '.move-up'))?.focus();
      },
      remove(id) {
        const name = byId.get(id).name;
        saveOrder(order.filter((x) => x !== id), `${name} removed from the list.`).then(
          () => toast(`“${name}” removed from the list.`),
          () => {},
        );
        rowsBox.querySelector('h2')?.focus();
      },
    });

    function refresh() {
      const trails = trailsInOrder();
      replace(statsBox, listStats(trails, units));
      replace(rowsBox, rows(trails));
      map.show(trails);
    }

    const badges = () => listBadges(list, {userId: session.user?.id, sharedWithMe: shared, sharedWithCount: sharedCount});

    function renderHead() {
      document.title = `${list.name} · Cairn`;
      const author = list.expand?.author?.username;
      const actions = [];
      if (canEdit) {
        actions.push(h('button', {type: 'button', class: 'button', onclick: () => openEditListDialog({list, isAuthor, onSaved: (saved) => {
          Object.assign(list, saved);
          renderHead();
        }})}, 'Edit'));
        actions.push(h('button', {type: 'button', class: 'button', onclick: openAdd}, 'Add trails'));
      }
      if (isAuthor) {
        actions.push(h('button', {type: 'button', class: 'button', onclick: openShare}, 'Share'));
        actions.push(h('button', {type: 'button', class: 'button danger', onclick: deleteList}, 'Delete list'));
      }
      replace(
        head,
        listAvatar(list, {size: 88}),
        h(
          'div',
          {class: 'list-head-text'},
          h('h1', null, list.name || 'Untitled list'),
          h('p', {class: 'list-head-meta'}, author ? h('span', null, 'by ', h('strong', null, authorLink(author))) : null, badges()),
          list.description ? h('p', {class: 'list-description'}, list.description) : null,
          actions.length ? h('div', {class: 'row list-actions'}, actions) : null,
        ),
      );
    }

    function openShare() {
      openShareDialog({
        list,
        ownerId: session.user.id,
        // Only the badges change: the Share button that focus returns to stays.
        onCount(n) {
          sharedCount = n;
          head.querySelector('.list-badges')?.replaceWith(badges());
        },
      });
    }

    function openAdd() {
      openAddTrailsDialog({
        units,
        userId: session.user.id,
        has: (id) => order.includes(id),
        add: async (found) => {
          // The search answer is short; the row, the map and the totals need the rest.
          const trail = await trailRecords.show(found.id, {fields: TRAIL_FIELDS.join(',')});
          await fillLines([trail]);
          byId.set(trail.id, trail);
          colorOf(trail.id);
          await saveOrder([...order, trail.id], `${trail.name} added to the list.`);
        },
      });
    }

    async function deleteList() {
      const yes = await confirmDialog({title: 'Delete this list?', message: `“${list.name}” will be deleted for everyone it is shared with. The trails in it stay.`, confirmLabel: 'Delete list'});
      if (!yes) return;
      try {
        await lists.remove(list.id);
        toast(`List “${list.name}” deleted.`);
        navigate('/lists');
      } catch (error) {
        toast(`Could not delete the list: ${error.message}`, 'error');
      }
    }

    renderHead();
    view.append(
      h(
        'article',
        {class: 'page list-page'},
        h('p', {class: 'crumbs'}, h('a', {href: '/lists'}, '← All lists')),
        head,
        statsBox,
        mapBox,
        rowsBox,
        saveStatus,
      ),
    );
    // The map is made once its box is in the page, so Leaflet can measure it.
    map = listMap(mapBox, {colorOf, units, onHover: (id, on) => rowsBox.querySelector(`[data-trail="${id}"]`)?.classList.toggle('hover', on)});
    refresh();
    return () => {
      map.remove();
      setShareToken('');
    };
  },
};
