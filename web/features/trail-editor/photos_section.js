// The photos of the edit page: a grid with Remove and "Use as thumbnail" per photo, uploads
// (one photo per request, so no request grows past the server's limit) with a progress bar, and
// for JPEGs whose EXIF holds a position, an offer to add a waypoint at that spot with the photo.
import {h, replace, uniqueId} from '../../lib/dom.js';
import {files, trails, waypoints} from '../../lib/resources.js';
import {confirmDialog} from '../../lib/dialog.js';
import {formatBytes, formatDate} from '../../lib/format.js';
import {config} from '../../lib/session.js';
import {UploadQueue} from '../../lib/upload_queue.js';
import {dropZone} from './drop_zone.js';
import {editSection} from './trail_fields.js';
import {placePhotoDialog} from './photo_place_dialog.js';

export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';

function photoError(error) {
  if (error.status === 413) return `Too large: the server takes photos up to ${config().maxPhotoMb || 20} MB.`;
  return error.fields?.photos || error.message || 'The upload failed.';
}

// "IMG_0042.jpg" -> "IMG_0042"
const baseName = (name) => String(name).replace(/\.[^.]+$/, '') || 'Photo';

export function photosSection(editor) {
  const trailId = editor.trail.id;
  const grid = h('ul', {class: 'photo-grid', 'aria-label': 'Current photos'});
  const empty = h('p', {class: 'muted'}, 'No photos yet. Drop photos here or use “Add photos”; photos that know where they were taken can become waypoints.');
  const alert = h('p', {class: 'form-error', role: 'alert', hidden: true});
  const summaryId = uniqueId('photo-progress');
  const summaryText = h('p', {id: summaryId, class: 'upload-summary-text'});
  const bar = h('progress', {max: 100, value: 0, 'aria-labelledby': summaryId});
  const progress = h('div', {class: 'photo-progress', hidden: true}, summaryText, bar);
  const failures = h('ul', {class: 'photo-failures', 'aria-label': 'Photos not added'});
  const places = h('ul', {class: 'photo-places', 'aria-label': 'Photos with a position'});
  const placesBox = h('div', {hidden: true}, h('h3', null, 'Photos with a position'), h('p', {class: 'help'}, 'These photos know where they were taken. Add a waypoint there, with the photo.'), places);
  const announce = h('div', {class: 'visually-hidden', role: 'status', 'aria-live': 'polite'});

  const showAlert = (text) => {
    alert.textContent = text;
    alert.hidden = !text;
  };

  // Sets the thumbnail index; `name` must ride along on every trail update.
  async function setThumbnail(index) {
    const saved = await trails.update(trailId, {name: editor.trail.name, thumbnail: index});
    editor.update(saved);
  }

  async function remove(name, index) {
    const yes = await confirmDialog({title: 'Remove this photo?', message: 'The photo is deleted from the trail.', confirmLabel: 'Remove'});
    if (!yes) return;
    showAlert('');
    try {
      const form = new FormData();
      form.append('photos-', name);
      const {thumbnail = 0} = editor.trail;
      const saved = await trails.changeFiles(trailId, form);
      editor.update(saved);
      // The thumbnail is an index: removing a photo before it moves it down by one.
      const wanted = index < thumbnail ? thumbnail - 1 : index === thumbnail ? 0 : thumbnail;
      if (wanted !== (saved.thumbnail ?? 0)) await setThumbnail(wanted);
      announce.textContent = 'Photo removed.';
      // Its buttons are gone: the keyboard goes on from the photo now in its place, or the last.
      const next = grid.children[Math.min(index, grid.children.length - 1)];
      if (document.activeElement === document.body) (next?.querySelector('button') || zone.element.querySelector('button'))?.focus();
    } catch (error) {
      showAlert(`The photo was not removed. ${error.message}`);
    }
  }

  // Where a photo was taken, placed by hand (or moved, or taken off the map).
  async function placeOnMap(name, index) {
    const position = await placePhotoDialog(editor.trail, name, index);
    if (position === undefined) return;
    const positions = {...(editor.trail.photo_positions || {})};
    if (position) positions[name] = position;
    else delete positions[name];
    showAlert('');
    try {
      const saved = await trails.update(trailId, {name: editor.trail.name, photo_positions: positions});
      editor.update(saved);
      announce.textContent = position ? `Photo ${index + 1} is on the map.` : `Photo ${index + 1} is off the map.`;
    } catch (error) {
      showAlert(`The position was not saved. ${error.message}`);
    }
  }

  function drawGrid() {
    const photos = editor.trail.photos || [];
    const thumbnail = Math.min(editor.trail.thumbnail || 0, Math.max(photos.length - 1, 0));
    empty.hidden = photos.length > 0;
    replace(
      grid,
      photos.map((name, i) => {
        const isThumb = i === thumbnail;
        const use = h('button', {type: 'button', class: ['button', 'small', isThumb && 'primary'], 'aria-pressed': String(isThumb), 'aria-label': `Use photo ${i + 1} as thumbnail`}, isThumb ? 'Thumbnail' : `Use photo ${i + 1} as thumbnail`);
        use.addEventListener('click', async () => {
          if (isThumb) return;
          use.disabled = true;
          showAlert('');
          try {
            await setThumbnail(i);
            announce.textContent = `Photo ${i + 1} is now the thumbnail.`;
            // The grid was drawn anew: the keyboard stays on this photo's (now pressed) button.
            if (document.activeElement === document.body) grid.children[i]?.querySelector('button[aria-pressed]')?.focus();
          } catch (error) {
            use.disabled = false;
            showAlert(`The thumbnail was not changed. ${error.message}`);
          }
        });
        const removeButton = h('button', {type: 'button', class: 'button small', 'aria-label': `Remove photo ${i + 1}`}, 'Remove');
        removeButton.addEventListener('click', () => remove(name, i));
        const placed = Boolean(editor.trail.photo_positions?.[name]);
        const place = h('button', {type: 'button', class: 'button small', 'aria-label': `${placed ? 'Move' : 'Place'} on map: photo ${i + 1}`}, placed ? 'Move on map' : 'Place on map');
        place.addEventListener('click', () => placeOnMap(name, i));
        return h(
          'li',
          {class: ['photo-item', isThumb && 'is-thumbnail']},
          h('img', {src: files.url(editor.trail, name, {thumb: '100x100'}), alt: `Photo ${i + 1}`, width: 100, height: 100, loading: 'lazy'}),
          placed ? h('span', {class: 'placed muted'}, 'On the map') : null,
          h('div', {class: 'photo-buttons'}, use, place, removeButton),
        );
      }),
    );
  }

  // A photo whose EXIF has a position: offer a waypoint there, named after the file.
  function offerWaypoint(file, stored, meta) {
    placesBox.hidden = false;
    const where = `${Number(meta.lat).toFixed(5)}, ${Number(meta.lon).toFixed(5)}`;
    const button = h('button', {type: 'button', class: 'button small', 'aria-label': `Add waypoint here: ${file.name}`}, 'Add waypoint here');
    const status = h('span', {class: 'muted'});
    button.addEventListener('click', async () => {
      button.disabled = true;
      status.textContent = 'Adding…';
      try {
        const waypoint = await waypoints.create({
          author: editor.session.user.id,
          trail: trailId,
          lat: meta.lat,
          lon: meta.lon,
          name: baseName(file.name),
          description: meta.takenAt ? `Photo taken ${formatDate(meta.takenAt)}` : '',
        });
        const form = new FormData();
        form.append('photos', file, file.name);
        let withPhoto = waypoint;
        try {
          withPhoto = await waypoints.changeFiles(waypoint.id, form);
        } catch (error) {
          status.textContent = `Waypoint added, without the photo: ${photoError(error)}`;
          editor.emit('waypoint', waypoint);
          return;
        }
        editor.emit('waypoint', withPhoto);
        button.remove();
        status.textContent = 'Waypoint added.';
      } catch (error) {
        button.disabled = false;
        status.textContent = `No waypoint added. ${error.message}`;
      }
    });
    places.append(
      h(
        'li',
        null,
        h('img', {src: files.url(editor.trail, stored, {thumb: '100x100'}), alt: '', width: 48, height: 48}),
        h('div', null, h('strong', null, file.name), h('div', {class: 'muted'}, `Taken at ${where}`, meta.takenAt ? ` on ${formatDate(meta.takenAt)}` : '')),
        button,
        status,
      ),
    );
  }

  const queue = new UploadQueue({
    concurrency: 1, // each answer is the whole record: one at a time keeps them in order
    send(item, onProgress) {
      const form = new FormData();
      form.append('photos', item.file, item.file.name);
      return trails.uploadFiles(trailId, form, {onProgress});
    },
    onChange(item) {
      const s = queue.summary();
      progress.hidden = queue.idle;
      summaryText.textContent = `Uploading photos: ${s.finished} of ${s.count}, ${s.percent}%`;
      bar.value = s.percent;
      if (item.status === 'done') {
        editor.update(item.result);
        for (const [stored, meta] of Object.entries(item.result.photoMetadata || {})) {
          if (Number.isFinite(meta?.lat) && Number.isFinite(meta?.lon)) offerWaypoint(item.file, stored, meta);
        }
      } else if (item.status === 'error') {
        failures.append(h('li', {class: 'upload-error'}, `${item.file.name}: ${photoError(item.error)}`));
      }
      if (queue.idle && s.count) {
        announce.textContent = `Photos added: ${s.done.length}${s.failed.length ? `; not added: ${s.failed.length}` : ''}.`;
        queue.items = []; // the next batch counts from zero
      }
    },
  });

  const limit = (config().maxPhotoMb || 20) * 1024 * 1024;
  const zone = dropZone({
    title: 'Drop photos here',
    buttonText: 'Add photos',
    inputLabel: 'Photos to add',
    accept: PHOTO_ACCEPT,
    hint: `PNG, JPEG, WEBP or SVG, up to ${config().maxPhotoMb || 20} MB each.`,
    className: 'compact',
    onFiles(chosen) {
      replace(failures);
      showAlert('');
      queue.add(chosen, (file) => (file.size > limit ? `too large (${formatBytes(file.size)}); photos up to ${config().maxPhotoMb || 20} MB.` : ''));
    },
  });

  editor.on('trail', drawGrid);
  drawGrid();
  return editSection('Photos', alert, grid, empty, zone.element, progress, failures, placesBox, announce);
}
