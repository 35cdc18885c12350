// The list page's summed statistics and its trail rows, with the editors' Move up / Move down /
// Remove buttons (keyboard-reachable, named after the trail for screen readers).
import {h} from '../../lib/dom.js';
import {currentShareToken} from '../../lib/api.js';
import {trackNumber, trackNumbers, trackPreview} from '../../lib/track_summary.js';
import {formatDistance, formatElevation, formatDuration, formatDate, difficultyLabel} from '../../lib/format.js';

// A trail's page; opened from a list link, the link's token goes along (it opens the trail too).
export function trailHref(id) {
  const token = currentShareToken();
  return `/trail/${id}${token ? `?share=${encodeURIComponent(token)}` : ''}`;
}

// The list's totals; a total no trail knows anything of (none has a track or a typed number)
// is "–", not "0 m".
export function listStats(trails, units) {
  const total = (key, format) => {
    const known = trails.filter((t) => trackNumber(t, key, units) !== '–');
    return known.length ? format(known.reduce((sum, t) => sum + (Number(t[key]) || 0), 0), units) : '–';
  };
  const items = [
    ['Trails', String(trails.length)],
    ['Total distance', total('distance', formatDistance)],
    ['Elevation gain', total('elevation_gain', formatElevation)],
    ['Elevation loss', total('elevation_loss', formatElevation)],
    ['Duration', total('duration', formatDuration)],
  ];
  return h('dl', {class: 'stats', 'aria-label': 'Totals of the trails in this list'}, items.map(([term, value]) => h('div', null, h('dt', null, term), h('dd', null, value))));
}

// The small track drawing, in the trail's map colour.
function preview(trail, name, color) {
  const drawing = trackPreview(trail, {width: 120, height: 72, label: `Track of ${name}`});
  drawing.querySelectorAll('path')[1]?.setAttribute('stroke', color);
  return drawing;
}

function row(trail, index, count, {units, colorOf, canEdit, onHover, move, remove}) {
  const name = trail.name || 'Untitled trail';
  const color = colorOf(trail.id);
  // Without a track only the numbers that are known (no "0 m"); the drawing says "No track".
  const numbers = new Map(trackNumbers(trail, units));
  const meta = [
    numbers.get('Distance'),
    numbers.has('Elevation gain') ? `↑ ${numbers.get('Elevation gain')}` : '',
    numbers.has('Elevation loss') ? `↓ ${numbers.get('Elevation loss')}` : '',
    trail.duration ? formatDuration(trail.duration) : '',
    formatDate(trail.date),
    trail.location,
  ].filter(Boolean);
  const controls = canEdit
    ? h(
        'div',
        {class: 'list-trail-controls'},
        h('button', {type: 'button', class: 'icon-button move-up', 'aria-label': `Move ${name} up`, title: 'Move up', disabled: index === 0, onclick: () => move(trail.id, -1)}, '↑'),
        h('button', {type: 'button', class: 'icon-button move-down', 'aria-label': `Move ${name} down`, title: 'Move down', disabled: index === count - 1, onclick: () => move(trail.id, 1)}, '↓'),
        h('button', {type: 'button', class: 'icon-button remove', 'aria-label': `Remove ${name} from the list`, title: 'Remove from the list', onclick: () => remove(trail.id)}, '×'),
      )
    : null;
  const li = h(
    'li',
    {class: 'list-trail card-box', dataset: {trail: trail.id}, style: `--trail-color: ${color}`},
    h('span', {class: 'list-trail-number', 'aria-hidden': 'true'}, String(index + 1)),
    preview(trail, name, color),
    h(
      'div',
      {class: 'list-trail-text'},
      h('h3', null, h('a', {href: trailHref(trail.id)}, name)),
      h('p', {class: 'muted'}, meta.join(' · ')),
      trail.difficulty ? h('span', {class: ['badge', trail.difficulty]}, difficultyLabel(trail.difficulty)) : null,
      trail.public === false ? h('span', {class: 'badge private'}, 'Private') : null,
    ),
    controls,
  );
  li.addEventListener('mouseenter', () => onHover(trail.id, true));
  li.addEventListener('mouseleave', () => onHover(trail.id, false));
  li.addEventListener('focusin', () => onHover(trail.id, true));
  li.addEventListener('focusout', () => onHover(trail.id, false));
  return li;
}

// trailRows(options) -> (trails) => the "Trails" section for those trails, in that order.
export function trailRows(options) {
  return (trails) =>
    h(
      'section',
      {class: 'list-trails-section', 'aria-labelledby': 'list-trails-title'},
      h('h2', {id: 'list-trails-title', tabindex: '-1'}, 'Trails'),
      trails.length
        ? h('ol', {class: 'list-trails'}, trails.map((t, i) => row(t, i, trails.length, options)))
        : h('p', {class: 'empty'}, options.canEdit ? 'No trails in this list yet. Use “Add trails” to put some in.' : 'No trails in this list yet.'),
    );
}
