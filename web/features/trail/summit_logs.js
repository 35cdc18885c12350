// Summit logs of a trail: who did it when, their words, photos and (with a GPS file) their
// numbers; and for signed-in people who may see the trail, a form that sends everything in one
// multipart request with a progress bar.
import {h, toast} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {files, summitLogs} from '../../lib/resources.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {formatDate, formatDistance, formatElevation, formatDuration, formatBytes} from '../../lib/format.js';
import {entryFeed, entryItem, signInPrompt} from './entry_feed.js';
import {photoGrid} from './photos.js';
import {authorLink} from '../../lib/people.js';

const LOG_FIELDS = 'id,collectionId,collectionName,author,date,text,distance,duration,elevation_gain,elevation_loss,gpx,photos,expand.author.username';
const TRACK_TYPES = '.gpx,.kml,.kmz,.tcx,.geojson,.json,.fit';

// summitSection({trail, session, canPost, signal}) -> <section>; `signal` aborting cancels an
// upload that is still running.
export function summitSection({trail, session, canPost, signal}) {
  const feed = entryFeed({
    trail,
    session,
    id: 'summits',
    title: 'Summit logs',
    className: 'trail-summits',
    loadingText: 'Loading summit logs…',
    emptyText: canPost ? 'Nobody has logged this trail yet. Done it? Use “Add a summit log” to note the day, with photos and your GPS file.' : 'Nobody has logged this trail yet.',
    what: 'Summit logs',
    renderEntry: logItem,
  });

  function logItem(log) {
    const author = log.expand?.author?.username || 'Someone';
    const date = formatDate(log.date);
    const error = h('p', {class: 'field-error', role: 'alert'});
    const photos = log.photos || [];
    return entryItem({
      head: [h('time', {datetime: date}, h('strong', null, date)), h('span', {class: 'muted'}, log.expand?.author?.username ? authorLink(author) : author)],
      action: feed.deleteButton(log, {
        label: `Delete summit log of ${date} by ${author}`,
        remove: () => summitLogs.remove(log.id),
        confirm: {title: 'Delete this summit log?', message: 'The log, its photos and its GPS file are removed.', confirmLabel: 'Delete summit log'},
        doneText: 'Summit log deleted.',
        error,
      }),
      body: [
        log.text ? h('p', {class: 'pre-line entry-text'}, log.text) : null,
        log.gpx ? logStats(log, session.units) : null,
        photos.length ? photoGrid(log, photos, {thumb: '100x100', size: 'small', what: `photo of the summit log of ${date},`}) : null,
        error,
      ],
    });
  }

  function logForm() {
    const toggle = h('button', {type: 'button', class: 'button', 'aria-expanded': 'false'}, 'Add a summit log');
    // The bar carries the numbers; only the start is announced, so screen readers are not
    // flooded with every percent (the end is announced by the toast or the error).
    const progress = h('progress', {max: 100, value: 0, 'aria-label': 'Upload progress'});
    const progressText = h('span', {role: 'status'});
    const cancel = h('button', {type: 'button', class: 'button small'}, 'Cancel upload');
    const status = h('div', {class: 'summit-upload', hidden: true}, progress, h('div', {class: 'row'}, progressText, cancel));
    const form = h(
      'form',
      {class: 'stack card-box summit-form', novalidate: true, hidden: true, 'aria-labelledby': 'summit-form-title'},
      h('h3', {id: 'summit-form-title'}, 'New summit log'),
      formError(),
      h(
        'div',
        {class: 'form-grid'},
        field({label: 'Summit date', name: 'date', type: 'day', required: true, value: today()}),
        field({label: 'Summit photos', name: 'photos', type: 'file', attrs: {multiple: true, accept: 'image/png,image/jpeg,image/webp,image/svg+xml'}}),
        field({label: 'Summit GPS file', name: 'gpx', type: 'file', help: 'GPX, KML, KMZ, TCX, GeoJSON or FIT: adds distance, time and elevation.', attrs: {accept: TRACK_TYPES}}),
      ),
      field({label: 'Summit notes', name: 'text', type: 'textarea', rows: 3, attrs: {maxlength: 20000}}),
      status,
      h('div', {class: 'row'}, h('button', {type: 'submit', class: 'button primary'}, 'Save summit log'), h('button', {type: 'button', class: 'button', onclick: () => setOpen(false)}, 'Close form')),
    );
    const setOpen = (open) => {
      form.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      if (open) form.querySelector('input[name="date"]').focus();
      else toggle.focus();
    };
    toggle.addEventListener('click', () => setOpen(form.hidden));

    let running = null;
    cancel.addEventListener('click', () => running?.abort());
    signal?.addEventListener('abort', () => running?.abort());

    onSubmit(form, async (values) => {
      if (!values.date) throw {status: 400, message: '', fields: {date: 'Pick the day you did it.'}};
      const body = new FormData();
      body.append('date', values.date);
      body.append('text', values.text.trim());
      body.append('trail', trail.id);
      body.append('author', session.user.id);
      for (const file of values.photos || []) body.append('photos', file, file.name);
      if (values.gpx && values.gpx[0]) body.append('gpx', values.gpx[0], values.gpx[0].name);
      status.hidden = false;
      progress.value = 0;
      progressText.removeAttribute('aria-live');
      progressText.textContent = 'Uploading…';
      running = summitLogs.createWithFiles(body, {
        query: {expand: 'author'},
        onProgress(loaded, total) {
          progress.value = Math.round((loaded / total) * 100);
          progressText.setAttribute('aria-live', 'off');
          progressText.textContent = `Uploading ${formatBytes(loaded)} of ${formatBytes(total)}`;
        },
      });
      try {
        const saved = await running.promise;
        if (!saved.expand?.author) saved.expand = {...saved.expand, author: session.user};
        feed.set([saved, ...feed.entries].sort((a, b) => String(b.date).localeCompare(String(a.date))));
        form.reset();
        form.querySelector('input[name="date"]').value = today();
        setOpen(false);
        toast('Summit log saved.');
      } catch (error) {
        // A cancelled upload keeps the form as it was, without an error.
        if (error.name === 'AbortError') return;
        throw error;
      } finally {
        running = null;
        status.hidden = true;
      }
    });
    return h('div', {class: 'summit-add'}, toggle, form);
  }

  if (canPost) feed.section.append(logForm());
  else if (!session.signedIn) feed.section.append(signInPrompt('Sign in to log a summit'));
  const query = {filter: `trail=${quote(trail.id)}`, sort: '-date', expand: 'author', fields: LOG_FIELDS};
  feed.load(() => summitLogs.all(query, 1000), signal);
  return feed.section;
}

function logStats(log, units) {
  const items = [
    ['Distance', formatDistance(log.distance, units)],
    ['Duration', formatDuration(log.duration)],
    ['Gain', formatElevation(log.elevation_gain, units)],
    ['Loss', formatElevation(log.elevation_loss, units)],
  ];
  return h(
    'div',
    {class: 'log-stats'},
    h('dl', {class: 'stats stats-small'}, items.map(([term, value]) => h('div', null, h('dt', null, term), h('dd', null, value)))),
    h('a', {href: files.url(log, log.gpx, {download: true}), download: ''}, 'GPS file'),
  );
}

// Today in the viewer's own calendar, as the date input wants it.
function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
