// "Find duplicates" (/duplicates): the groups of the viewer's trails whose tracks match
// (POST /trail-merge/suggest, mode maintenance-groups), each on one map with its trails in
// distinct colours; the viewer picks the trail to keep (the server's choice preselected) and what
// moves, reads what will happen, and merges (POST /trail-merge for each other trail).
import {h, replace, toast} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {comments, trailMerge, trails} from '../../lib/resources.js';
import {confirmDialog} from '../../lib/dialog.js';
import {formatDate} from '../../lib/format.js';
import {trackNumber} from '../../lib/track_summary.js';
import {colorKeeper, listMap} from '../lists/list_map.js';
import {MERGE_SETTINGS, defaultSettings, mergePreview, trailCounts} from './merge_plan.js';

const TRAIL_FIELDS = 'id,collectionId,collectionName,name,date,distance,elevation_gain,duration,photos,summit_logs,tags,like_count,author,polyline,preview,line_breaks';

export default {
  async render(ctx) {
    const {view, session, isCurrent} = ctx;
    if (!ctx.requireUser()) return;
    document.title = 'Find duplicates · Cairn';
    const controller = new AbortController();
    const cleanups = [() => controller.abort()];
    const status = h('p', {class: 'muted', role: 'status'}, 'Looking for trails whose tracks match…');
    const groupsBox = h('div', {class: 'merge-groups'});
    view.append(
      h(
        'section',
        {class: 'page merge-page'},
        h('h1', null, 'Find duplicates'),
        h('p', {class: 'muted'}, 'Trails of yours (and shared with you to edit) that start and end at the same places and follow the same line. Merge each group into one trail: the others become summit logs on it, and what they hold moves over.'),
        status,
        groupsBox,
      ),
    );
    let groups;
    try {
      const answer = await trailMerge.suggest({mode: 'maintenance-groups'}, {signal: controller.signal});
      groups = Array.isArray(answer?.groups) ? answer.groups : [];
    } catch (error) {
      if (controller.signal.aborted) return;
      status.textContent = error.status === 404 ? 'Finding duplicates is not available on this server.' : `Duplicates could not be looked for: ${error.message}`;
      return () => cleanups.forEach((fn) => fn());
    }
    if (!isCurrent()) return;
    status.textContent = groups.length ? `${groups.length} ${groups.length === 1 ? 'group' : 'groups'} of duplicates found.` : 'No duplicates found.';
    groups.forEach((group, index) => groupsBox.append(groupCard(group, index, {session, signal: controller.signal, cleanups})));
    return () => cleanups.forEach((fn) => fn());
  },
};

async function loadGroupTrails(ids, signal) {
  const answer = await trails.list({filter: ids.map((id) => `id=${quote(id)}`).join(' || '), perPage: ids.length, fields: TRAIL_FIELDS}, {signal});
  const found = Array.isArray(answer?.items) ? answer.items : Array.isArray(answer) ? answer : [];
  const byId = new Map(found.map((t) => [t.id, t]));
  const records = ids.map((id) => byId.get(id)).filter(Boolean);
  const commentCounts = await Promise.all(
    records.map((t) => comments.list({filter: `trail=${quote(t.id)}`, perPage: 1, fields: 'id'}, {signal, withTotal: true}).then((r) => r.total).catch(() => 0)),
  );
  return records.map((record, i) => ({record, counts: trailCounts(record, commentCounts[i])}));
}

function groupCard(group, index, {session, signal, cleanups}) {
  const ids = Array.isArray(group.trailIds) ? group.trailIds : [];
  const titleId = `merge-group-${index}`;
  const body = h('div', {class: 'merge-group-body'}, h('p', {class: 'muted'}, 'Loading the trails…'));
  const card = h('section', {class: 'merge-group card-box', 'aria-labelledby': titleId, dataset: {group: group.groupId || String(index)}}, h('h2', {id: titleId}, `Group ${index + 1} (${ids.length} trails)`), body);
  loadGroupTrails(ids, signal)
    .then((items) => {
      if (signal.aborted) return;
      if (items.length < 2) {
        replace(body, h('p', {class: 'muted'}, 'These trails are no longer there to merge.'));
        return;
      }
      fillGroup(body, items, group, {session, signal, cleanups, titleId});
    })
    .catch((error) => {
      if (!signal.aborted) replace(body, h('p', {class: 'form-error'}, `The trails could not be loaded: ${error.message}`));
    });
  return card;
}

function fillGroup(body, items, group, {session, signal, cleanups, titleId}) {
  const units = session.units;
  const colorOf = colorKeeper();
  const counts = items.map((item) => item.counts);
  const settings = defaultSettings();
  let targetId = items.some((item) => item.record.id === group.targetTrailId) ? group.targetTrailId : items[0].record.id;
  const mapBox = h('div', {class: 'merge-map', role: 'region', 'aria-label': 'Map of the trails of this group'});
  const name = `keep-${titleId}`;
  const choices = items.map(({record, counts: c}) => {
    const input = h('input', {type: 'radio', name, value: record.id, checked: record.id === targetId});
    input.addEventListener('change', () => {
      targetId = record.id;
      showPreview();
    });
    return h(
      'label',
      {class: 'merge-choice', style: {'--trail-color': colorOf(record.id)}},
      input,
      h('span', {class: 'merge-swatch', 'aria-hidden': 'true'}),
      h(
        'span',
        {class: 'merge-choice-text'},
        h('strong', null, record.name || 'Untitled trail'),
        h('span', {class: 'muted'}, [formatDate(record.date), trackNumber(record, 'distance', units), `${c.photos} photos`, `${c.summitLogs} summit logs`, `${c.comments} comments`, `${c.likes} likes`].filter(Boolean).join(' · ')),
      ),
      h('a', {href: `/trail/${encodeURIComponent(record.id)}`, class: 'small'}, 'Open'),
    );
  });
  const boxes = MERGE_SETTINGS.map(({key, label}) => {
    const input = h('input', {type: 'checkbox', name: key, checked: settings[key]});
    input.addEventListener('change', () => {
      settings[key] = input.checked;
      showPreview();
    });
    return h('label', {class: 'check'}, input, ` ${label}`);
  });
  const preview = h('div', {class: 'merge-preview notice', 'aria-live': 'polite'});
  const mergeButton = h('button', {type: 'button', class: 'button primary'}, 'Merge');
  const result = h('div', {class: 'merge-result', role: 'status'});

  function showPreview() {
    const plan = mergePreview(counts, targetId, settings);
    replace(preview, h('strong', null, 'What happens'), h('ul', null, plan.lines.map((line) => h('li', null, line))));
    mergeButton.textContent = `Merge ${plan.sources.length} ${plan.sources.length === 1 ? 'trail' : 'trails'} into “${plan.target?.name}”`;
  }

  mergeButton.addEventListener('click', async () => {
    const plan = mergePreview(counts, targetId, settings);
    const ok = await confirmDialog({title: 'Merge these trails?', message: plan.lines.join(' '), confirmLabel: 'Merge'});
    if (!ok) return;
    mergeButton.disabled = true;
    const failures = [];
    let merged = 0;
    for (const source of plan.sources) {
      try {
        await trailMerge.merge({sourceTrailId: source.id, targetTrailId: targetId, settings: {...settings}});
        merged += 1;
      } catch (error) {
        failures.push(`“${source.name}”: ${error.message}`);
      }
    }
    let after = null;
    try {
      after = await trails.show(targetId, {fields: TRAIL_FIELDS});
    } catch {
      // The result says what it can without the kept trail's new numbers.
    }
    const now = after ? trailCounts(after) : null;
    replace(
      result,
      h('p', null, merged ? `Merged ${merged} ${merged === 1 ? 'trail' : 'trails'} into ` : 'Nothing was merged into ', h('a', {href: `/trail/${encodeURIComponent(targetId)}`}, `“${plan.target.name}”`), now ? `. It now has ${now.photos} photos and ${now.summitLogs} summit logs.` : '.'),
      failures.length ? h('ul', {class: 'form-error'}, failures.map((f) => h('li', null, f))) : null,
    );
    if (merged) {
      toast(`Merged ${merged} ${merged === 1 ? 'trail' : 'trails'}.`);
      for (const el of [mergeButton, ...body.querySelectorAll('fieldset')]) el.hidden = true;
      preview.hidden = true;
    } else {
      mergeButton.disabled = false;
    }
  });

  replace(
    body,
    mapBox,
    h('fieldset', {class: 'merge-keep'}, h('legend', null, 'Keep this trail'), choices),
    h('fieldset', {class: 'merge-settings'}, h('legend', null, 'From the other trails'), boxes),
    preview,
    h('div', {class: 'row'}, mergeButton),
    result,
  );
  showPreview();
  requestAnimationFrame(() => {
    if (signal.aborted || !mapBox.isConnected) return;
    const map = listMap(mapBox, {colorOf, units});
    map.show(items.map((item) => item.record));
    cleanups.push(() => map.remove());
  });
}
