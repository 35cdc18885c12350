// The trail page (/trail/:id, also ?share=<link token>): header and actions, the map with the
// track and waypoints, the elevation profile tied to the map, statistics, description, photos,
// waypoints, summit logs and comments. Sections load on their own; a slow one blocks no other.
import {h, replace} from '../../lib/dom.js';
import {quote, setShareToken, currentShareToken, ApiError} from '../../lib/api.js';
import {trailShares, trails, waypoints as waypointRecords} from '../../lib/resources.js';
import {statsList} from '../../lib/track_summary.js';
import {formatElevation, formatSpeed} from '../../lib/format.js';
import {trailMap, isCoordinate} from './trail_map.js';
import {elevationProfile, profileRange} from './elevation_profile.js';
import {photoGrid, openPhotoViewer} from './photos.js';
import {commentsSection, stars} from './comments.js';
import {summitSection} from './summit_logs.js';
import {entryItem} from './entry_feed.js';
import {trailHeader} from './trail_header.js';
import {iconLabel, iconSvg} from '../../lib/waypoint_icons.js';
import {boxPlaceholder, knownTitle, statsPlaceholder, titlePlaceholder} from '../../lib/placeholders.js';
import {deviceNotes, DEVICE_FIELD_NAMES} from './device_totals.js';

const ID = /^[a-z0-9]{15}$/;
const WAYPOINT_FIELDS = ['id', 'collectionId', 'collectionName', 'name', 'description', 'lat', 'lon', 'icon', 'photos'];
// Only what the page shows (not `preview` or the bounds); servers without `fields` send all, servers
// without a field leave it out.
const TRAIL_FIELDS = [
  'id', 'collectionId', 'collectionName', 'author', 'name', 'public', 'date', 'description', 'difficulty',
  'distance', 'duration', 'moving_duration', 'elevation_gain', 'elevation_loss', 'elevation_source', ...DEVICE_FIELD_NAMES, 'lat', 'lon', 'location',
  'gpx', 'photos', 'photo_positions', 'like_count', 'polyline', 'line_breaks', 'waypoints', 'tags', 'expand.author.username', 'expand.category.name', 'expand.subcategory.name', 'expand.tags.id', 'expand.tags.name',
  ...WAYPOINT_FIELDS.map((f) => `expand.waypoints.${f}`),
].join(',');

export default {
  async render(ctx) {
    const {params, query, view, session, navigate} = ctx;
    setShareToken(query.get('share'));
    const controller = new AbortController();
    const cleanups = [() => controller.abort(), () => setShareToken('')];
    const cleanup = () => {
      for (const fn of cleanups.splice(0)) fn();
      // Dialogs of this page live on <body>; leaving the page closes them.
      for (const dialog of document.querySelectorAll('dialog.photo-viewer[open], dialog.tshare[open]')) dialog.close();
    };
    try {
      // An id of the wrong shape can name nothing: the same "not found" as a hidden trail.
      if (!ID.test(params.id)) throw new ApiError(404, {message: 'Not found.'});
      // The title and the shapes of map and numbers at once; the page takes their place.
      const skeleton = trailSkeleton(knownTitle(`/trail/${params.id}`));
      view.append(skeleton);
      const [trail, myShare] = await Promise.all([
        trails.show(params.id, {expand: 'author,category,subcategory,waypoints,tags', fields: TRAIL_FIELDS}, {signal: controller.signal}),
        myTrailShare(params.id, session, controller.signal),
      ]);
      const waypoints = await waypointsOf(trail, controller.signal);
      if (!ctx.isCurrent()) return cleanup;
      document.title = `${trail.name || 'Trail'} · Cairn`;
      skeleton.replaceWith(page(trail, waypoints, myShare, {session, navigate, signal: controller.signal, cleanups}));
      return cleanup;
    } catch (error) {
      cleanup();
      throw error;
    }
  },
};

function trailSkeleton(title) {
  return h(
    'article',
    {class: 'page trail-page', 'aria-busy': 'true'},
    h('header', {class: 'trail-head'}, h('div', {class: 'trail-title'}, titlePlaceholder(title, 'the trail'))),
    h(
      'div',
      {class: 'trail-top'},
      h('div', {class: 'trail-main'}, boxPlaceholder('trail-map', 'Map loading'), boxPlaceholder('profile-placeholder', 'Elevation profile loading')),
      h('div', {class: 'trail-side'}, statsPlaceholder(5)),
    ),
  );
}

// The caller's own share of this trail (view or edit), or null.
async function myTrailShare(id, session, signal) {
  if (!session.signedIn) return null;
  try {
    const list = await trailShares.list({filter: `trail=${quote(id)} && user=${quote(session.user.id)}`, perPage: 1, fields: 'id,permission'}, {signal});
    return list[0] || null;
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    return null;
  }
}

async function waypointsOf(trail, signal) {
  if (Array.isArray(trail.expand?.waypoints)) return trail.expand.waypoints;
  if (!trail.waypoints?.length) return [];
  try {
    return await waypointRecords.all({filter: `trail=${quote(trail.id)}`, fields: WAYPOINT_FIELDS.join(',')});
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

function page(trail, waypoints, myShare, {session, navigate, signal, cleanups}) {
  const user = session.user;
  const isAuthor = Boolean(user) && trail.author === user.id;
  const canEdit = isAuthor || myShare?.permission === 'edit';
  // Someone who sees the trail only through a link token cannot read or write its comments and logs.
  const linkOnly = Boolean(currentShareToken()) && !isAuthor && !trail.public && !myShare;
  const canPost = Boolean(user) && !linkOnly;
  const units = session.units;

  const rating = h('span', {class: 'trail-rating'});
  const article = h('article', {class: 'page trail-page'});
  const stats = statsList(trail, units, {notes: deviceSaysNotes(trail, units)});
  const speed = averageSpeed(trail);
  if (speed) stats.append(stat('Average speed', formatSpeed(speed, units)));

  // Map and profile share the "where am I on the track" point.
  const hasTrack = Boolean(trail.polyline);
  const mapBox = h('div', {class: 'trail-map', role: 'region', 'aria-label': 'Map of the trail'});
  const placedPhoto = Object.values(trail.photo_positions || {}).some((at) => isCoordinate(at?.lat, at?.lon));
  const showMap = hasTrack || placedPhoto || isCoordinate(trail.lat, trail.lon) || waypoints.some((w) => isCoordinate(w.lat, w.lon));
  // Shown with a placeholder while the profile loads (tracks only); hidden again when it has none.
  const profilePending = hasTrack ? boxPlaceholder('profile-placeholder', 'Elevation profile loading') : null;
  const profileSlot = h('section', {class: 'trail-section profile-section', 'aria-labelledby': 'profile-title', 'aria-busy': hasTrack ? 'true' : null, hidden: !hasTrack}, h('h2', {id: 'profile-title'}, 'Elevation profile'), profilePending);
  let mapCtl = null;

  // Through h(): native append() would print a missing section as the text "null".
  replace(
    article,
    trailHeader(trail, {isAuthor, canEdit, myShare, rating, navigate, session}),
    h(
      'div',
      {class: ['trail-top', showMap ? null : 'no-map']},
      showMap ? h('div', {class: 'trail-main'}, mapBox, profileSlot) : null,
      h('div', {class: 'trail-side'}, h('h2', {class: 'visually-hidden'}, 'Statistics'), stats, terrainNote(trail), description(trail)),
    ),
    photosSection(trail),
    waypointsSection(waypoints, (id) => mapCtl?.openWaypoint(id), (w) => openPhotoViewer(w, w.photos, 0)),
    linkOnly
      ? h('p', {class: 'notice trail-section'}, 'You are viewing this trail through a shared link. Its summit logs and comments are only for people it is shared with by account.')
      : [
          summitSection({trail, session, canPost, signal}),
          commentsSection({trail, session, canPost, signal, onRating: (average, count) => showRating(rating, average, count)}),
        ],
  );

  // The map needs its box in the document to measure; the view is attached right after this.
  if (showMap) {
    requestAnimationFrame(() => {
      if (signal.aborted) return;
      mapCtl = trailMap(mapBox, trail, waypoints, {
        onPhoto: (waypoint, index) => openPhotoViewer(waypoint, waypoint.photos, index),
        onTrailPhoto: (index) => openPhotoViewer(trail, trail.photos, index),
      });
      cleanups.push(() => mapCtl.destroy());
    });
    if (hasTrack) loadProfile(trail, {units, signal, slot: profileSlot, stats, cleanups, onPoint: (p) => (p ? mapCtl?.showPoint(p.lat, p.lon) : mapCtl?.hidePoint())});
  }
  return article;
}

// The average of the comments' ratings in the header: stars plus the number, one phrase for
// screen readers.
function showRating(box, average, count) {
  if (!count) return replace(box);
  const label = `Rated ${average.toFixed(1)} of 5 by ${count} ${count === 1 ? 'person' : 'people'}`;
  return replace(box, stars(average, {label}), h('span', {'aria-hidden': 'true'}, `${average.toFixed(1)} (${count})`));
}

// Figures from the terrain model are said so: they differ from what the device showed.
function terrainNote(trail) {
  if (trail.elevation_source !== 'terrain') return null;
  return h('p', {class: 'muted terrain-note'}, "Heights from the server's terrain model, not from the file's altitudes.");
}

function description(trail) {
  if (!trail.description) return null;
  // Always text: a description may hold HTML from other clients, and it stays inert here.
  return h('section', {class: 'trail-description', 'aria-labelledby': 'description-title'}, h('h2', {id: 'description-title'}, 'Description'), h('p', {class: 'pre-line'}, trail.description));
}

function photosSection(trail) {
  const photos = trail.photos || [];
  if (!photos.length) return null;
  return h('section', {class: 'trail-section', 'aria-labelledby': 'photos-title'}, h('h2', {id: 'photos-title'}, 'Photos ', h('span', {class: 'count muted'}, `(${photos.length})`)), photoGrid(trail, photos));
}

// More waypoints than this become a compact list (one line each) showing this many, with
// "Show all".
const WAYPOINTS_SHOWN = 10;

function waypointsSection(waypoints, showOnMap, openPhotos) {
  if (!waypoints.length) return null;
  const compact = waypoints.length > WAYPOINTS_SHOWN;
  const showButton = (w, name) => (isCoordinate(w.lat, w.lon) ? h('button', {type: 'button', class: 'button small', 'aria-label': `Show on map: ${name}`, onclick: () => showOnMap(w.id)}, 'Show on map') : null);
  const pin = (w) => h('span', {class: 'pin waypoint', 'aria-hidden': 'true', title: iconLabel(w.icon)}, iconSvg(w.icon, 13));
  const items = waypoints.map((w) => {
    const name = w.name || 'Waypoint';
    const located = isCoordinate(w.lat, w.lon);
    if (compact) {
      const photos = w.photos?.length
        ? h('button', {type: 'button', class: 'link-button', 'aria-label': `Photos of ${name} (${w.photos.length})`, onclick: () => openPhotos(w)}, `${w.photos.length} ${w.photos.length === 1 ? 'photo' : 'photos'}`)
        : null;
      return h(
        'li',
        {class: 'waypoint-row'},
        pin(w),
        h('span', {class: 'waypoint-row-text'}, h('strong', null, name), w.description ? h('span', {class: 'muted waypoint-row-description'}, w.description) : null),
        photos,
        showButton(w, name),
      );
    }
    return entryItem({
      className: 'waypoint-entry',
      head: [pin(w), h('strong', null, name), h('span', {class: 'muted coords'}, located ? `${w.lat.toFixed(5)}, ${w.lon.toFixed(5)}` : '')],
      action: showButton(w, name),
      body: [
        w.description ? h('p', {class: 'pre-line entry-text'}, w.description) : null,
        w.photos?.length ? photoGrid(w, w.photos, {thumb: '100x100', size: 'small', what: `photo of ${name},`}) : null,
      ],
    });
  });
  const list = h(compact ? 'ol' : 'ul', {class: compact ? 'waypoint-rows' : 'entry-list', id: 'trail-waypoint-list'}, items);
  let more = null;
  if (compact) {
    const setAll = (all) => {
      items.forEach((item, i) => {
        item.hidden = !all && i >= WAYPOINTS_SHOWN;
      });
      more.setAttribute('aria-expanded', String(all));
      more.textContent = all ? 'Show fewer' : `Show all ${waypoints.length} waypoints`;
    };
    more = h('button', {type: 'button', class: 'button', 'aria-controls': 'trail-waypoint-list'});
    more.addEventListener('click', () => {
      const all = more.getAttribute('aria-expanded') !== 'true';
      setAll(all);
      // Back to the first hidden one, so the keyboard goes on where the list grew.
      if (all) items[WAYPOINTS_SHOWN]?.querySelector('button')?.focus();
    });
    setAll(false);
  }
  return h('section', {class: 'trail-section', 'aria-labelledby': 'waypoints-title'}, h('h2', {id: 'waypoints-title'}, 'Waypoints ', h('span', {class: 'count muted'}, `(${waypoints.length})`)), list, more);
}

// The profile is optional: no track, an endpoint not yet deployed (404) or no elevations hide it.
// Its slot shows a placeholder until then.
async function loadProfile(trail, {units, signal, slot, stats, cleanups, onPoint}) {
  const done = (...content) => {
    slot.querySelector('.placeholder-box')?.remove();
    slot.removeAttribute('aria-busy');
    slot.append(...content);
    slot.hidden = !content.length;
  };
  let profile;
  try {
    profile = await trails.profile(trail.id, {points: 800}, {signal});
  } catch (error) {
    if (signal.aborted) return;
    if (error.status === 404) return done();
    return done(h('p', {class: 'muted'}, `The elevation profile could not be loaded: ${error.message}`));
  }
  if (signal.aborted) return;
  if (!profile || !Array.isArray(profile.points) || profile.points.length < 2) return done();
  const range = profileRange(profile);
  if (!range) {
    // A track without heights: its gain and loss are unknown, not "0 m".
    for (const field of ['elevation_gain', 'elevation_loss']) {
      const value = stats.querySelector(`[data-field="${field}"] dd`);
      if (value && !(Number(trail[field]) > 0)) replace(value, '–');
    }
    return done();
  }
  stats.append(stat('Lowest point', formatElevation(range.min, units)), stat('Highest point', formatElevation(range.max, units)));
  const chart = elevationProfile(profile, {units, onPoint});
  cleanups.push(() => chart.destroy());
  done(chart.element);
}

// "12.4 km · device says 13.1 km": the device's own total, quietly, where it differs from ours (a
// narrow box breaks the line after the dot, never inside the phrase).
const DEVICE_TITLE = "The recording device's own total, made with its own sensors (wheel, barometer); ours is computed from the track";
function deviceSaysNotes(trail, units) {
  const notes = {};
  for (const [field, text] of Object.entries(deviceNotes(trail, units))) {
    notes[field] = [' ', h('span', {class: 'device-says muted', title: DEVICE_TITLE}, '· ', h('span', null, text))];
  }
  return notes;
}

function stat(term, value) {
  return h('div', null, h('dt', null, term), h('dd', null, value));
}

// Metres per second over the moving time (the elapsed time when the file has none).
function averageSpeed(trail) {
  const time = trail.moving_duration || trail.duration;
  return trail.distance > 0 && time > 0 ? trail.distance / time : 0;
}
