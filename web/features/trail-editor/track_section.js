// The track of the edit page: the statistics computed from the GPS file, a download of the stored
// file, and replacing it (statistics are recomputed by the server; name and waypoints stay).
import {h, replace, uniqueId} from '../../lib/dom.js';
import {files, trails} from '../../lib/resources.js';
import {confirmDialog} from '../../lib/dialog.js';
import {formatBytes} from '../../lib/format.js';
import {config} from '../../lib/session.js';
import {statsList} from '../../lib/track_summary.js';
import {GPS_ACCEPT, dropZone} from './drop_zone.js';
import {editSection} from './trail_fields.js';

function trackError(error) {
  if (error.status === 413) return `Too large: the server takes GPS files up to ${config().maxTrackMb || 50} MB.`;
  const detail = error.fields?.gpx || '';
  if (!detail || error.message.includes(detail)) return error.message;
  return detail.includes(error.message) ? detail : `${error.message} ${detail}`;
}

export function trackSection(editor) {
  const stats = h('div', {class: 'track-stats'});
  const file = h('p', {class: 'track-file'});
  const statusId = uniqueId('track-status');
  const status = h('p', {id: statusId, role: 'status', class: 'track-status'});
  const bar = h('progress', {max: 100, value: 0, hidden: true, 'aria-labelledby': statusId});
  const alert = h('p', {class: 'form-error', role: 'alert', hidden: true});
  let running = null;

  function draw() {
    const {trail} = editor;
    replace(stats, statsList(trail, editor.session.units));
    if (trail.gpx) {
      replace(file, 'GPS file: ', h('a', {href: files.url(trail, trail.gpx, {download: true}), download: trail.gpx}, trail.gpx));
    } else {
      replace(file, 'This trail has no GPS file yet. Add one to draw the track and compute its statistics.');
    }
    zone.button.textContent = trail.gpx ? 'Replace GPS file' : 'Add a GPS file';
  }

  async function replaceTrack([chosen]) {
    if (!chosen || running) return;
    alert.hidden = true;
    const limitMb = config().maxTrackMb || 50;
    if (chosen.size > limitMb * 1024 * 1024) {
      alert.textContent = `${chosen.name} is too large (${formatBytes(chosen.size)}): the server takes GPS files up to ${limitMb} MB.`;
      alert.hidden = false;
      return;
    }
    if (editor.trail.gpx) {
      const yes = await confirmDialog({
        title: 'Replace the track?',
        message: `The track is replaced by ${chosen.name}; distance, times and elevation are computed from it. The name, photos and waypoints stay.`,
        confirmLabel: 'Replace track',
        danger: false,
      });
      if (!yes) return;
    }
    const form = new FormData();
    form.append('gpx', chosen, chosen.name);
    zone.setDisabled(true);
    bar.hidden = false;
    bar.value = 0;
    status.textContent = `Uploading ${chosen.name}…`;
    running = trails.uploadFiles(editor.trail.id, form, {
      onProgress(loaded, total) {
        const percent = Math.round((loaded / total) * 100);
        bar.value = percent;
        status.textContent = loaded >= total ? 'Reading the track…' : `Uploading ${chosen.name}: ${percent}%`;
      },
    });
    try {
      const saved = await running.promise;
      editor.update(saved);
      status.textContent = 'Track replaced. The statistics are up to date.';
    } catch (error) {
      status.textContent = '';
      alert.textContent = `${chosen.name} was not used. ${trackError(error)}`;
      alert.hidden = false;
    } finally {
      running = null;
      bar.hidden = true;
      zone.setDisabled(false);
    }
  }

  const zone = dropZone({
    title: 'Drop a GPS file here',
    buttonText: 'Replace GPS file',
    inputLabel: 'New GPS file',
    accept: GPS_ACCEPT,
    multiple: false,
    className: 'compact',
    onFiles: replaceTrack,
  });

  editor.on('trail', draw);
  draw();
  return editSection('Track', stats, file, alert, zone.element, bar, status);
}
