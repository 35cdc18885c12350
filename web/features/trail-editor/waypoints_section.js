// Waypoints of the edit page: a map with the track and numbered waypoint pins (drag a pin to move
// it; click the map to add one there), the list with Edit and Delete, and one small form for a new
// or changed waypoint (waypoint_form.js). The map loads on demand; without it, waypoints are still edited by their
// coordinates.
import {h, replace, uniqueId} from '../../lib/dom.js';
import {waypoints as waypointRecords} from '../../lib/resources.js';
import {confirmDialog} from '../../lib/dialog.js';
import {reducedMotion} from '../../lib/motion.js';
import {trailLineParts} from '../../lib/polyline.js';
import {editSection} from './trail_fields.js';
import {waypointForm, waypointLabel as label} from './waypoint_form.js';

const idOf = (value) => (value && typeof value === 'object' ? value.id : value);
const coords = (lat, lon) => `${Number(lat).toFixed(5)}, ${Number(lon).toFixed(5)}`;

export function waypointsSection(editor) {
  const trailId = editor.trail.id;
  let waypoints = [...(editor.trail.expand?.waypoints || [])];
  let M = null; // the map module, once loaded
  let map = null;
  let track = null;
  let pins = null;
  let pending = null; // the marker of a waypoint being added
  let openForm = null; // {close()} of the form on screen
  let stopped = false;
  // The trail's author changes every waypoint; an edit share only the ones it added.
  const mayChange = (w) => editor.isAuthor || idOf(w.author) === editor.session.user.id;

  const mapEl = h('div', {class: 'waypoint-map', role: 'region', 'aria-label': 'Map of the track and its waypoints'});
  const alert = h('p', {class: 'form-error', role: 'alert', hidden: true});
  const announce = h('div', {class: 'visually-hidden', role: 'status', 'aria-live': 'polite'});
  const formSlot = h('div', {class: 'waypoint-form-slot'});
  const list = h('ol', {class: 'waypoint-list', 'aria-label': 'Waypoints'});
  const empty = h('p', {class: 'muted'}, 'No waypoints yet. Move the map to a place and use “Add waypoint at map centre”, or click the map.');
  const addButton = h('button', {type: 'button', class: 'button'}, 'Add waypoint at map centre');

  const showAlert = (text) => {
    alert.textContent = text;
    alert.hidden = !text;
  };

  // --- the form -------------------------------------------------------------------------------

  // A form for a new waypoint (no `waypoint`) or for changing one; lives in `host`.
  function showForm(host, {waypoint, lat, lon}) {
    closeForm();
    const isNew = !waypoint;
    const {form, setPosition} = waypointForm({
      waypoint,
      lat,
      lon,
      onMove(at) {
        if (isNew) placePending(at);
        else pins?.getLayers().find((m) => m.waypointId === waypoint.id)?.setLatLng(at);
      },
      async onSave(body) {
        if (isNew) {
          const created = await waypointRecords.create({...body, author: editor.session.user.id, trail: trailId});
          closeForm();
          added(created);
        } else {
          const saved = await waypointRecords.update(waypoint.id, body);
          closeForm();
          changed(saved);
          announce.textContent = `Saved ${label(saved)}.`;
        }
      },
      onCancel() {
        closeForm();
        (isNew ? addButton : list.querySelector(`[data-id="${waypoint.id}"] .wp-edit`))?.focus();
      },
    });
    host.append(form);
    openForm = {
      isNew,
      setPosition,
      close() {
        form.remove();
        if (pending) pending.remove();
        pending = null;
        if (!isNew) drawPins(); // undo a typed-but-unsaved move
        openForm = null;
      },
    };
    form.elements.name.focus();
    form.scrollIntoView({block: 'nearest'});
  }

  function closeForm() {
    if (openForm) openForm.close();
  }

  function startNew(at) {
    if (openForm?.isNew) {
      openForm.setPosition(at);
    } else {
      showForm(formSlot, {lat: at?.[0], lon: at?.[1]});
    }
    if (at) placePending(at);
  }

  // --- the list -------------------------------------------------------------------------------

  function drawList() {
    empty.hidden = waypoints.length > 0;
    replace(
      list,
      waypoints.map((w, i) => {
        const edit = h('button', {type: 'button', class: 'button small wp-edit', 'aria-label': `Edit waypoint ${label(w)}`}, 'Edit');
        const del = h('button', {type: 'button', class: 'button small', 'aria-label': `Delete waypoint ${label(w)}`}, 'Delete');
        const show = h('button', {type: 'button', class: 'link-button wp-name', title: 'Show on the map'}, label(w));
        const item = h(
          'li',
          {class: 'waypoint-item', dataset: {id: w.id}},
          h('span', {class: 'pin waypoint', 'aria-hidden': 'true'}, String(i + 1)),
          h('div', {class: 'wp-text'}, show, w.description ? h('p', {class: 'wp-description'}, w.description) : null, h('p', {class: 'muted wp-coords'}, coords(w.lat, w.lon))),
          mayChange(w) ? h('div', {class: 'wp-buttons'}, edit, del) : h('p', {class: 'muted wp-other'}, 'Added by someone else'),
        );
        show.addEventListener('click', () => map?.setView([w.lat, w.lon], Math.max(map.getZoom(), 15)));
        edit.addEventListener('click', () => showForm(item, {waypoint: w, lat: w.lat, lon: w.lon}));
        del.addEventListener('click', () => remove(w));
        return item;
      }),
    );
  }

  async function remove(w) {
    const yes = await confirmDialog({title: 'Delete this waypoint?', message: `“${label(w)}” is deleted from the trail.`, confirmLabel: 'Delete waypoint'});
    if (!yes) return;
    showAlert('');
    try {
      await waypointRecords.remove(w.id);
      waypoints = waypoints.filter((x) => x.id !== w.id);
      if (openForm && !openForm.isNew) closeForm();
      redraw();
      announce.textContent = `Deleted ${label(w)}.`;
      addButton.focus();
    } catch (error) {
      showAlert(`${label(w)} was not deleted. ${error.message}`);
    }
  }

  function added(w) {
    if (waypoints.some((x) => x.id === w.id)) return changed(w);
    waypoints.push(w);
    redraw();
    map?.panTo([w.lat, w.lon], {animate: !reducedMotion()});
    announce.textContent = `Added ${label(w)}.`;
    return undefined;
  }

  function changed(w) {
    waypoints = waypoints.map((x) => (x.id === w.id ? {...x, ...w} : x));
    redraw();
  }

  function redraw() {
    drawList();
    drawPins();
  }

  // --- the map --------------------------------------------------------------------------------

  function placePending(at) {
    if (!map) return;
    if (!pending) pending = M.pointMarker(at, {color: '#1d4ed8', radius: 9, label: 'New waypoint'}).addTo(map);
    else pending.setLatLng(at);
  }

  function drawPins() {
    if (!map) return;
    pins.clearLayers();
    waypoints.forEach((w, i) => {
      const marker = M.labelMarker([w.lat, w.lon], String(i + 1), {className: 'waypoint', title: label(w), name: `Waypoint ${i + 1}: ${label(w)}`});
      marker.options.draggable = mayChange(w); // read when the marker is added to the map
      marker.waypointId = w.id;
      marker.on('dragend', () => moved(w, marker));
      marker.on('click', () => {
        const item = list.querySelector(`[data-id="${w.id}"]`);
        item?.scrollIntoView({block: 'nearest'});
        item?.querySelector('.wp-name')?.focus();
      });
      pins.addLayer(marker);
    });
  }

  async function moved(w, marker) {
    const {lat, lng} = marker.getLatLng();
    showAlert('');
    try {
      const saved = await waypointRecords.update(w.id, {lat, lon: lng, name: w.name, description: w.description});
      changed(saved);
      announce.textContent = `Moved ${label(w)}.`;
    } catch (error) {
      marker.setLatLng([w.lat, w.lon]);
      showAlert(`${label(w)} was not moved. ${error.message}`);
    }
  }

  function drawTrack(fit) {
    if (!map) return;
    if (track) track.group.remove();
    // Part by part, so the gap between two segments stays a gap.
    const parts = trailLineParts(editor.trail, editor.trail.polyline ? 'polyline' : 'preview');
    const points = parts.flat();
    track = points.length > 1 ? M.drawTrack(map, parts.length > 1 ? parts : points) : null;
    if (fit) fitAll();
  }

  function fitAll() {
    const bounds = M.L.latLngBounds([]);
    if (track) bounds.extend(track.line.getBounds());
    for (const w of waypoints) bounds.extend([w.lat, w.lon]);
    if (bounds.isValid()) M.fitTo(map, bounds);
    else if (editor.trail.lat || editor.trail.lon) map.setView([editor.trail.lat, editor.trail.lon], 13);
    else if (editor.session.settings.location?.lat) map.setView([editor.session.settings.location.lat, editor.session.settings.location.lon], 11);
  }

  async function loadMap() {
    try {
      M = await import('../../lib/map.js');
    } catch (error) {
      console.error(error);
      replace(mapEl, h('p', {class: 'muted map-missing'}, 'The map could not load. You can still add and edit waypoints by their coordinates.'));
      addButton.textContent = 'Add waypoint';
      return;
    }
    if (stopped) return;
    map = M.createMap(mapEl);
    pins = M.L.featureGroup().addTo(map);
    map.on('click', (event) => startNew([event.latlng.lat, event.latlng.lng]));
    drawTrack(false);
    drawPins();
    requestAnimationFrame(() => {
      if (stopped) return;
      map.invalidateSize();
      fitAll();
    });
  }

  addButton.addEventListener('click', () => {
    const c = map?.getCenter();
    startNew(c ? [c.lat, c.lng] : undefined);
  });
  let lastPolyline = editor.trail.polyline;
  editor.on('trail', (trail) => {
    if (trail.polyline === lastPolyline) return;
    lastPolyline = trail.polyline;
    drawTrack(true);
  });
  editor.on('waypoint', added);

  drawList();
  loadMap();
  const helpId = uniqueId('wp-help');
  const element = editSection(
    'Waypoints',
    h('p', {class: 'help', id: helpId}, 'Click the map to add a waypoint there, or drag a numbered pin to move it.'),
    mapEl,
    h('div', {class: 'row waypoint-tools'}, addButton),
    formSlot,
    alert,
    list,
    empty,
    announce,
  );
  mapEl.setAttribute('aria-describedby', helpId);
  return {
    element,
    cleanup() {
      stopped = true;
      if (map) map.remove();
    },
  };
}
