// "Place on map" for one of a trail's photos: a map with the track where a click (or "Place at
// map centre", for the keyboard) puts the photo, a pin that can be dragged, and Save / Remove
// position. Resolves the new position {lat, lon}, null when removed, or undefined when cancelled.
import {h} from '../../lib/dom.js';
import {openDialog} from '../../lib/dialog.js';
import {files} from '../../lib/resources.js';
import {createMap, drawTrack, fitTo, L} from '../../lib/map.js';
import {trailLineParts} from '../../lib/polyline.js';

export function placePhotoDialog(trail, name, index) {
  return new Promise((resolve) => {
    let answer;
    const placed = trail.photo_positions?.[name];
    let at = placed ? L.latLng(placed.lat, placed.lon) : null;
    const mapBox = h('div', {class: 'photo-place-map', role: 'region', 'aria-label': 'Map: click where the photo was taken'});
    const where = h('p', {class: 'help', role: 'status'});
    const save = h('button', {type: 'button', class: 'button primary', disabled: !at}, 'Save position');
    const centre = h('button', {type: 'button', class: 'button'}, 'Place at map centre');
    const removePosition = placed ? h('button', {type: 'button', class: 'button danger'}, 'Remove position') : null;
    const cancel = h('button', {type: 'button', class: 'button'}, 'Cancel');
    const content = h(
      'div',
      {class: 'photo-place stack'},
      h('div', {class: 'photo-place-head'}, h('img', {src: files.url(trail, name, {thumb: '100x100'}), alt: `Photo ${index + 1}`, width: 64, height: 64}), h('p', {class: 'help'}, 'Click the map where the photo was taken, or move the map and use “Place at map centre”. Drag the pin to correct it.')),
      mapBox,
      where,
      h('div', {class: 'actions'}, cancel, removePosition, centre, save),
    );
    const {dialog, close} = openDialog({title: `Place photo ${index + 1} on the map`, content, className: 'photo-place-dialog'});

    const map = createMap(mapBox);
    // The track in its parts, a gap left a gap (as on every map).
    const parts = trailLineParts(trail, 'polyline');
    const line = parts.flat();
    if (line.length >= 2) drawTrack(map, parts.length > 1 ? parts : line);
    let pin = null;
    const show = () => {
      where.textContent = at ? `Here: ${at.lat.toFixed(5)}, ${at.lng.toFixed(5)}` : 'Not placed yet.';
      save.disabled = !at;
      if (!at) return;
      if (!pin) {
        pin = L.marker(at, {draggable: true, keyboard: false, icon: L.divIcon({className: 'pin photo-pin', html: '', iconSize: [34, 34], iconAnchor: [17, 17]})}).addTo(map);
        pin.getElement()?.append(h('img', {src: files.url(trail, name, {thumb: '100x100'}), alt: '', width: 30, height: 30}));
        pin.on('dragend', () => {
          at = pin.getLatLng();
          show();
        });
      } else {
        pin.setLatLng(at);
      }
    };
    map.on('click', (event) => {
      at = event.latlng.wrap();
      show();
    });
    centre.addEventListener('click', () => {
      at = map.getCenter().wrap();
      show();
    });
    save.addEventListener('click', () => {
      answer = {lat: Number(at.lat.toFixed(6)), lon: Number(at.lng.toFixed(6))};
      close();
    });
    removePosition?.addEventListener('click', () => {
      answer = null;
      close();
    });
    cancel.addEventListener('click', close);
    dialog.addEventListener('close', () => {
      map.remove();
      resolve(answer);
    });
    // The dialog is laid out now: the map can measure its box.
    requestAnimationFrame(() => {
      map.invalidateSize();
      if (at) map.setView(at, 15);
      else if (line.length >= 2) fitTo(map, L.latLngBounds(line));
      else if (Number.isFinite(trail.lat) && (trail.lat || trail.lon)) map.setView([trail.lat, trail.lon], 13);
      show();
    });
  });
}
