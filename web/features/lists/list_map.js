// The list page's map: every trail's line in its own colour, highlighted on hover (on the map
// or on its row), each with a popup that links to the trail.
import {h} from '../../lib/dom.js';
import {createMap, drawTrack, fitTo, pointMarker, L} from '../../lib/map.js';
import {trailLineParts} from '../../lib/polyline.js';
import {trackNumber} from '../../lib/track_summary.js';
import {trailHref} from './list_rows.js';

// Distinct colours that stay readable on tiles and on the plain background.
export const LIST_COLORS = ['#c2410c', '#1d4ed8', '#15803d', '#7e22ce', '#be123c', '#0e7490', '#a16207', '#4338ca', '#9d174d', '#3f6212'];

// Colours follow a trail, not its position, so reordering does not repaint the map.
export function colorKeeper() {
  const colors = new Map();
  return (id) => {
    if (!colors.has(id)) colors.set(id, LIST_COLORS[colors.size % LIST_COLORS.length]);
    return colors.get(id);
  };
}

function popupContent(trail, units) {
  return h(
    'div',
    {class: 'list-popup'},
    h('a', {href: trailHref(trail.id)}, h('strong', null, trail.name || 'Untitled trail')),
    h('br'),
    `${trackNumber(trail, 'distance', units)} · ↑ ${trackNumber(trail, 'elevation_gain', units)}`,
  );
}

// listMap(element, {colorOf, units}) -> {show(trails), highlight(id, on), remove()}
export function listMap(element, {colorOf, units, onHover}) {
  const map = createMap(element);
  let tracks = new Map();

  function highlight(id, on) {
    const track = tracks.get(id);
    if (!track) return;
    track.line.setStyle({weight: on ? 7 : 4});
    if (on) track.group.bringToFront();
  }

  function show(trails) {
    for (const track of tracks.values()) track.group.remove();
    tracks = new Map();
    const bounds = L.latLngBounds([]);
    for (const trail of trails) {
      const parts = trailLineParts(trail, trail.preview ? 'preview' : 'polyline');
      const points = parts.flat();
      if (points.length < 2) continue;
      const color = colorOf(trail.id);
      // Part by part, so the gap between two segments stays a gap.
      const track = drawTrack(map, parts.length > 1 ? parts : points, {color, weight: 4});
      // A dot at the start keeps far-apart trails findable when the map is zoomed out.
      const start = pointMarker(points[0], {color, radius: 6}).addTo(track.group);
      for (const layer of [track.line, start]) {
        layer.bindPopup(popupContent(trail, units));
        layer.on('mouseover', () => {
          highlight(trail.id, true);
          onHover?.(trail.id, true);
        });
        layer.on('mouseout', () => {
          highlight(trail.id, false);
          onHover?.(trail.id, false);
        });
      }
      tracks.set(trail.id, track);
      bounds.extend(track.line.getBounds());
    }
    element.hidden = tracks.size === 0;
    if (tracks.size) {
      map.invalidateSize();
      fitTo(map, bounds, 14);
    }
  }

  return {show, highlight, remove: () => map.remove()};
}
