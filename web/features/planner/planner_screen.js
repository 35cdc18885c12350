// The route planner (/plan, and /trail/:id/line for a trail's line): click the map to add
// points, drag to move or insert, undo/redo; the legs snap to paths when the server has a router,
// the figures and the profile come from the terrain model, and the line is saved as a new trail
// or as the trail's new track (a GPX the server writes), or exported.
import {h, replace, toast} from '../../lib/dom.js';
import {config} from '../../lib/session.js';
import {trails} from '../../lib/resources.js';
import {holdUnsaved} from '../../lib/unsaved.js';
import {formatDistance, formatElevation} from '../../lib/format.js';
import {elevationProfile} from '../trail/elevation_profile.js';
import {addPoint, buildLine, densify, history, insertPoint, lineDistance, movePoint, profileOf, removePoint, thinLine} from './plan_model.js';
import {heightSource, legRouter, plannedGpx} from './planner_data.js';
import {plannerMap} from './planner_map.js';

// Figures and profile wait for a pause in the edits, so a drag asks the server once.
const SETTLE_MS = 300;

export default {
  async render({view, params, query, session, requireUser, navigate, isCurrent}) {
    if (!requireUser()) return undefined;
    const units = session.units;
    const editing = params.id ? await trails.show(params.id, {fields: 'id,name'}) : null;
    if (!isCurrent()) return undefined;
    document.title = `${editing ? `Edit the line of ${editing.name}` : 'Plan a route'} · Cairn`;

    const router = legRouter(config().routing === true);
    const heights = heightSource();
    let edits = history([]);
    const figure = (label) => h('dd', {'data-figure': label}, '–');
    const figures = {distance: figure('distance'), gain: figure('gain'), loss: figure('loss'), points: figure('points')};
    const note = h('p', {class: 'plan-note', role: 'status'});
    const heightNote = h('p', {class: 'plan-note', role: 'status'});
    const profileSlot = h('div', {class: 'plan-profile'});
    const snap = h('input', {type: 'checkbox', id: 'plan-snap', checked: router.enabled, disabled: !router.enabled});
    const name = h('input', {id: 'plan-name', type: 'text', maxlength: 200, value: editing ? editing.name : '', disabled: Boolean(editing)});
    const button = (text, action, {class: kind = 'button', ...attrs} = {}) => {
      const b = h('button', {type: 'button', class: kind, ...attrs}, text);
      b.addEventListener('click', action);
      return b;
    };
    const undo = button('Undo', () => apply(edits.undo()), {'aria-keyshortcuts': 'Control+Z'});
    const redo = button('Redo', () => apply(edits.redo()), {'aria-keyshortcuts': 'Control+Shift+Z'});
    const clearAll = button('Clear', () => change([]));
    // For the keyboard: pan the map with the arrow keys, then add its centre.
    const addCentre = button('Add the map centre', () => {
      const {lat, lng} = planMap.map.getCenter();
      change(addPoint(edits.current, [lat, lng]));
    });
    const save = button(editing ? 'Save the line' : 'Save as trail', () => saveLine(), {class: 'button primary'});
    const exportGpx = button('Export GPX', () => exportLine());
    const list = h('ol', {class: 'plan-points', 'aria-label': 'Points'});
    const mapBox = h('div', {class: 'plan-map', role: 'region', 'aria-label': 'Map: click to add a point'});

    replace(
      view,
      h(
        'section',
        {class: 'page planner'},
        h('h1', null, editing ? `Edit the line of ${editing.name}` : 'Plan a route'),
        h('p', {class: 'muted'}, 'Click the map to add a point, drag a point to move it, drag the small handle in the middle of a leg to add a point there. Right-click a point, or use its Remove button, to remove it.'),
        h('div', {class: 'plan-toolbar'}, addCentre, undo, redo, clearAll, h('label', {class: 'plan-snap', for: 'plan-snap'}, snap, ' Snap to paths'), exportGpx),
        mapBox,
        h('dl', {class: 'plan-figures', 'aria-live': 'polite', 'aria-label': 'Route figures'},
          h('dt', null, 'Distance'), figures.distance, h('dt', null, 'Gain'), figures.gain,
          h('dt', null, 'Loss'), figures.loss, h('dt', null, 'Points'), figures.points),
        note,
        heightNote,
        profileSlot,
        list,
        h('div', {class: 'plan-save'}, editing ? null : h('label', {for: 'plan-name'}, 'Name'), editing ? null : name, save),
      ),
    );
    if (!router.enabled) note.textContent = 'This server has no router: legs are straight lines.';

    const planMap = plannerMap(mapBox, {
      onAdd: (p) => change(addPoint(edits.current, p)),
      onMove: (i, p) => change(movePoint(edits.current, i, p)),
      onInsert: (i, p) => change(insertPoint(edits.current, i, p)),
      onRemove: (i) => change(removePoint(edits.current, i)),
    });

    // `?map=zoom/lat/lon` opens the map there, as the trails page's address does.
    const at = /^(\d+)\/(-?[\d.]+)\/(-?[\d.]+)$/.exec(query.get('map') || '');
    if (at) planMap.map.setView([Number(at[2]), Number(at[3])], Number(at[1]));

    // Leaving with edits not saved asks first.
    let saved = false;
    const releaseUnsaved = holdUnsaved(() => edits.canUndo && !saved);

    let generation = 0;
    let timer = 0;
    let controller = null;
    let chart = null;
    let current = {points: [], line: [], heights: []};

    function change(points) {
      apply(edits.push(points));
    }
    // Draws the points and the line at once (snapped legs already known, straight otherwise),
    // then settles the snapping, heights and profile after a pause.
    function apply(points) {
      const {line} = buildLine(points, snap.checked ? router.legs : new Map());
      planMap.show(points, line);
      figures.distance.textContent = formatDistance(lineDistance(line), units);
      figures.points.textContent = String(points.length);
      undo.disabled = !edits.canUndo;
      redo.disabled = !edits.canRedo;
      save.disabled = exportGpx.disabled = points.length < 2;
      renderList(points);
      clearTimeout(timer);
      controller?.abort();
      timer = setTimeout(() => settle(points, ++generation).catch((error) => toast(error.message, 'error')), SETTLE_MS);
    }

    async function settle(points, mine) {
      controller = new AbortController();
      const {signal} = controller;
      try {
        if (!snap.checked && router.enabled) note.textContent = '';
        if (snap.checked && router.enabled) {
          const {failures} = await router.snap(points, signal);
          note.textContent = failures.length ? `Some legs could not be snapped to paths and are straight: ${failures[0]}` : '';
          if (!router.enabled) {
            note.textContent = 'This server has no router: legs are straight lines.';
            snap.checked = false;
            snap.disabled = true;
          }
        }
        const line = densify(buildLine(points, snap.checked ? router.legs : new Map()).line);
        if (mine !== generation) return;
        planMap.showLine(line);
        const answer = await heightsOf(line, signal);
        if (mine !== generation) return;
        current = {points, line, heights: answer.heights};
        showFigures(profileOf(line, answer.heights), answer.warning);
      } catch (error) {
        if (error.name !== 'AbortError') throw error;
      }
    }

    // Heights that cannot be had are missing, with the reason: the line can still be saved.
    async function heightsOf(line, signal) {
      try {
        return line.length ? await heights.heightsOf(line, signal) : {heights: [], warning: ''};
      } catch (error) {
        if (error.name === 'AbortError') throw error;
        return {heights: line.map(() => null), warning: `The heights could not be loaded: ${error.message}`};
      }
    }

    function showFigures(profile, warning) {
      const {totals} = profile;
      const anyHeight = totals.known > 0;
      figures.distance.textContent = formatDistance(profile.distance, units);
      figures.gain.textContent = anyHeight ? formatElevation(totals.gain, units) : '–';
      figures.loss.textContent = anyHeight ? formatElevation(totals.loss, units) : '–';
      heightNote.textContent = warning;
      chart?.destroy();
      chart = null;
      profileSlot.replaceChildren();
      if (anyHeight && profile.points.length >= 2) {
        chart = elevationProfile(profile, {units});
        profileSlot.append(chart.element);
      }
    }

    function renderList(points) {
      list.replaceChildren(
        ...points.map((p, i) =>
          h('li', null, `${p[0].toFixed(5)}, ${p[1].toFixed(5)} `, button('Remove', () => change(removePoint(edits.current, i)), {class: 'link-button', 'aria-label': `Remove point ${i + 1}`})),
        ),
      );
    }

    // The line as it will be stored: settled (snapped, densified, with heights).
    async function settledGpx() {
      clearTimeout(timer);
      await settle(edits.current, ++generation);
      if (current.points !== edits.current) throw new Error('The line changed meanwhile; try again.');
      return plannedGpx(editing ? editing.name : name.value.trim(), current.line, current.heights);
    }

    async function saveLine() {
      save.disabled = true;
      try {
        const gpx = await settledGpx();
        const file = new File([gpx], `${(editing ? editing.name : name.value.trim()) || 'Planned route'}.gpx`.replace(/[^\x20-\x7e]|["\\/]/g, '_'), {type: 'application/gpx+xml'});
        saved = true;
        if (editing) {
          const form = new FormData();
          form.append('gpx', file, file.name);
          await trails.uploadFiles(editing.id, form).promise;
          toast('The new line is saved.');
          navigate(`/trail/${editing.id}`);
        } else {
          const trail = await trails.upload(file, {ignoreDuplicates: true}).promise;
          toast('The route is saved as a trail.');
          navigate(`/trail/${trail.id}`);
        }
      } catch (error) {
        saved = false;
        toast(error.message, 'error');
        save.disabled = false;
      }
    }

    async function exportLine() {
      try {
        const gpx = await settledGpx();
        const url = URL.createObjectURL(gpx);
        const a = h('a', {href: url, download: `${name.value.trim() || editing?.name || 'Planned route'}.gpx`});
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      } catch (error) {
        toast(error.message, 'error');
      }
    }

    // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) outside text fields.
    function onKey(event) {
      if (!(event.ctrlKey || event.metaKey) || event.target.closest?.('input[type="text"], textarea')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) apply(edits.undo());
      else if ((key === 'z' && event.shiftKey) || key === 'y') apply(edits.redo());
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    snap.addEventListener('change', () => apply(edits.current));

    if (editing) {
      // A line the planner saved is densified: thinning it gives back the points that were
      // placed; a recording keeps the points that shape it.
      const profile = await trails.profile(editing.id, {points: 2000});
      const start = thinLine((profile?.points || []).map((p) => [p[2], p[3]]));
      edits = history(start);  // the trail's line is where undo stops
      planMap.fit(start);
    }
    apply(edits.current);
    return () => {
      releaseUnsaved();
      document.removeEventListener('keydown', onKey);
      clearTimeout(timer);
      controller?.abort();
      chart?.destroy();
      planMap.map.remove();
    };
  },
};
