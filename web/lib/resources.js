// The API's resources as small clients, so features say `trails.show(id, {expand: 'tags'})`
// instead of spelling paths and methods. Every call goes through api.js (errors are ApiError,
// `options` takes `signal` and the rest of api()'s options); this is the one module that knows
// the API's paths.
import {api, upload, listAll, fileUrl} from './api.js';

// The routes every record collection has (`/{name}`, `/{name}/{id}`, `/{name}/{id}/file`):
//   list(query, options)        one page: the API's answer (a bare array, or a trail page)
//   all(query, limit, options)  every page of a bare-array list, up to `limit` records
//   show(id, query, options)    one record
//   create(body, options)       PUT; options.query may ask for an expand
//   update(id, body, options)   POST; only the fields sent change
//   remove(id)                  DELETE
//   changeFiles(id, form)       multipart POST of file fields (adds, `name-` removals)
//   uploadFiles(id, form, {onProgress}) -> {promise, abort}: the same, with progress
// `reads` are options every read of the collection takes (see PRIVATE below).
function collection(name, reads = {}) {
  const path = `/${name}`;
  const one = (id) => `${path}/${encodeURIComponent(id)}`;
  return {
    list: (query, options = {}) => api('GET', path, null, {...reads, ...options, query}),
    all: (query, limit, options = {}) => listAll(path, query, limit, {...reads, ...options}),
    show: (id, query, options = {}) => api('GET', one(id), null, {...reads, ...options, query}),
    create: (body, options = {}) => api('PUT', path, body, options),
    update: (id, body, options = {}) => api('POST', one(id), body, options),
    remove: (id) => api('DELETE', one(id)),
    changeFiles: (id, form, options = {}) => api('POST', `${one(id)}/file`, form, options),
    uploadFiles: (id, form, {onProgress} = {}) => upload('POST', `${one(id)}/file`, form, {onProgress}),
  };
}

// A GPS file sent as the whole body carries its name in Content-Disposition, which XHR allows
// only in Latin-1 and the server takes verbatim; other names go as multipart, whose file name
// the browser sends in UTF-8.
function uploadTrack(file, {ignoreDuplicates = false, onProgress} = {}) {
  if (/^[\x20-\x7e]*$/.test(file.name) && !/["\\]/.test(file.name)) {
    return upload('PUT', '/trail/upload', file, {
      onProgress,
      query: ignoreDuplicates ? {ignoreDuplicates: 'true'} : undefined,
      headers: {'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="${file.name}"`},
    });
  }
  const form = new FormData();
  form.append('file', file, file.name.replace(/"/g, "'")); // browsers would send a quote as %22
  if (ignoreDuplicates) form.append('ignoreDuplicates', 'true');
  return upload('PUT', '/trail/upload', form, {onProgress});
}

export const trails = {
  ...collection('trail'),
  // One GPS file becomes a trail -> {promise, abort}; a duplicate is a 400 naming the trail.
  upload: uploadTrack,
  // The ranges of the trails filter's sliders over the trails the caller may see:
  // {min_distance, max_distance, min_elevation_gain, ..., max_duration}, metres and seconds.
  filterRanges: (options = {}) => api('GET', '/trail/filter', null, options),
  // The box around every visible trail's whole track: {min_lat, max_lat, min_lon, max_lon}, all
  // null without trails; min_lon > max_lon when it crosses the antimeridian.
  boundingBox: (options = {}) => api('GET', '/trail/bounding-box', null, options),
  // The elevation profile, downsampled to about `points` points.
  profile: (id, query, options = {}) => api('GET', `/trail/${encodeURIComponent(id)}/profile`, null, {...options, query}),
  // The trails as one file (`format` 'gpx'), as a Blob; a link share's token rides along.
  download: (ids, {format = 'gpx'} = {}) =>
    api('POST', '/trail/download', {ids, format}, {blob: true, share: true, accept: 'application/gpx+xml, application/json'}),
  // The terrain model's coverage of the trail's track ({elevation_source, points, covered,
  // percent}), and its heights applied to the trail or undone (-> the updated trail).
  terrainCoverage: (id, options = {}) => api('GET', `/trail/${encodeURIComponent(id)}/terrain-elevation`, null, options),
  applyTerrain: (id) => api('POST', `/trail/${encodeURIComponent(id)}/terrain-elevation`, {}),
  undoTerrain: (id) => api('DELETE', `/trail/${encodeURIComponent(id)}/terrain-elevation`),
  // One action on at most BULK_LIMIT trails: `action` is {update: {category|subcategory|difficulty|
  // public}}, {tags: {add, remove}}, {delete: true} or {add_to_list: id}
  // -> {done: [ids], refused: [{id, status, message}]}.
  bulk: (ids, action) => api('POST', '/trail/bulk', {ids, ...action}, {share: false}),
  // One page of the trail's comments, newest first, each with `expand.author`: a list result
  // ({page, perPage, totalItems, totalPages, items}).
  comments: (id, query, options = {}) => api('GET', `/trail/${encodeURIComponent(id)}/comment`, null, {...options, query}),
};

// The most trails one bulk request (and one export) names; more go in several requests.
export const BULK_LIMIT = 100;

// The search index (Meilisearch's request and answer shapes): several queries in one request,
// each {indexUid: 'trails'|'lists', q, limit, attributesToHighlight, ...} -> {results: [...]}.
export const search = {
  multi: (queries, options = {}) => api('POST', '/search/multi', {queries}, options),
};

// The route planner: Valhalla's route (one leg) and heights from the terrain model, and the
// planned line as a GPX file the server writes ({name, points: [[lat, lon, ele|null]]} -> Blob).
export const planner = {
  route: (body, options = {}) => api('POST', '/valhalla/route', body, options),
  heights: (body, options = {}) => api('POST', '/valhalla/height', body, options),
  gpx: (body) => api('POST', '/plan/gpx', body, {blob: true, accept: 'application/gpx+xml, application/json'}),
};

export const waypoints = collection('waypoint');
export const comments = collection('comment');

export const summitLogs = {
  ...collection('summit-log'),
  // A log with its photos and GPS file in one multipart request -> {promise, abort}.
  createWithFiles: (form, {query, onProgress} = {}) => upload('PUT', '/summit-log/form', form, {query, onProgress}),
};

export const lists = collection('list');

// A link share opens a trail, its waypoints and what hangs on them, nothing else: reads of who
// a thing is shared with, and of people, never carry the page's link token.
const PRIVATE = {share: false};

// People a trail or a list is shared with; `shares[kind]` for code that serves both kinds.
export const trailShares = collection('trail-share', PRIVATE);
export const listShares = collection('list-share', PRIVATE);
export const shares = {trail: trailShares, list: listShares};
export const linkShares = collection('trail-link-share', PRIVATE);
export const listLinkShares = collection('list-link-share', PRIVATE);

export const users = {
  ...collection('user', PRIVATE),
  // Accounts whose username starts with `q` (private ones only by their exact username).
  search: (q, options = {}) => api('GET', '/search/actor', null, {...PRIVATE, ...options, query: {q}}),
};

export const settings = collection('settings');

// The caller's likes of trails. `list({filter})` reads their own likes (`filter=trail='ID'`);
// like(trail) answers the like record, unlike(trail) {acknowledged: true}.
export const likes = {
  list: (query, options = {}) => api('GET', '/trail-like', null, {...PRIVATE, ...options, query}),
  like: (trail) => api('PUT', '/trail-like', {trail}),
  unlike: (trail) => api('POST', '/trail-like/delete', {trail}),
};

// Follows where the caller is follower or followee. follow(userId) answers the record with its
// `status` (pending for a private account); answer(id, 'accepted'|'rejected') is the followee's;
// remove(id) unfollows (or drops a follower) from either side.
export const follows = {
  ...collection('follow', PRIVATE),
  follow: (followee) => api('PUT', '/follow', {followee}),
  answer: (id, status) => api('POST', `/follow/${encodeURIComponent(id)}`, {status}),
};

// People's pages by handle (`@username`): the profile, their trails and lists (a search request
// {q, options} answered as the search index answers), followers or following, what they made,
// and their statistics.
const profilePath = (handle) => `/profile/${encodeURIComponent(handle)}`;
export const profiles = {
  show: (handle, options = {}) => api('GET', profilePath(handle), null, {...PRIVATE, ...options}),
  trails: (handle, request, options = {}) => api('POST', `${profilePath(handle)}/trails`, request, {...PRIVATE, ...options}),
  lists: (handle, request, options = {}) => api('POST', `${profilePath(handle)}/lists`, request, {...PRIVATE, ...options}),
  follows: (handle, query, options = {}) => api('GET', `${profilePath(handle)}/follows`, null, {...PRIVATE, ...options, query}),
  feed: (handle, query, options = {}) => api('GET', `${profilePath(handle)}/feed`, null, {...PRIVATE, ...options, query}),
  stats: (handle, query, options = {}) => api('GET', `${profilePath(handle)}/stats`, null, {...PRIVATE, ...options, query}),
};

// The caller's feed: trails, lists and summit logs of the people they follow and their own.
export const feed = {
  list: (query, options = {}) => api('GET', '/feed', null, {...PRIVATE, ...options, query}),
};

// The caller's notifications, newest first; markSeen(id) answers the record.
export const notifications = {
  list: (query, options = {}) => api('GET', '/notification', null, {...PRIVATE, ...options, query}),
  markSeen: (id) => api('POST', `/notification/${encodeURIComponent(id)}`, {seen: true}),
};

// Finding and merging duplicate trails: suggest({mode: 'maintenance-groups'}) -> {groups}, and
// merge({sourceTrailId, targetTrailId, settings}) -> {acknowledged: true}.
export const trailMerge = {
  suggest: (body, options = {}) => api('POST', '/trail-merge/suggest', body, {...PRIVATE, ...options}),
  merge: (body) => api('POST', '/trail-merge', body, PRIVATE),
};
export const apiTokens = collection('api-token');

let categoriesPromise = null;
export const categories = {
  // Every category, by name. Categories change rarely (an admin's job): one request per page
  // load, asked again only after a failure.
  list() {
    categoriesPromise ||= api('GET', '/category', null, {query: {perPage: 500, sort: 'name'}}).catch((error) => {
      categoriesPromise = null;
      throw error;
    });
    return categoriesPromise;
  },
};

// The signed-in user's category order and hidden categories (rows {category, visible,
// priority}); [] when signed out. `save` upserts one category's visibility; `reorder` gives the
// ids priorities 1..n.
export const categoryPreferences = {
  list: (options = {}) => api('GET', '/user-category-preference', null, {...PRIVATE, ...options}),
  save: (category, visible) => api('PUT', '/user-category-preference', {category, visible}),
  reorder: (ids) => api('POST', '/user-category-preference/reorder', {categories: ids}),
};

let subcategoriesPromise = null;
export const subcategories = {
  // Every subcategory as {id, name, category}, by name; asked for once per page load like the
  // categories.
  list() {
    subcategoriesPromise ||= api('GET', '/subcategory', null, {query: {perPage: 500, sort: 'name', fields: 'id,name,category'}}).catch((error) => {
      subcategoriesPromise = null;
      throw error;
    });
    return subcategoriesPromise;
  },
};

// The same for subcategories (rows {subcategory, visible, priority}); a reorder names the
// category whose subcategories `ids` are, and gives them priorities 1..n within it.
export const subcategoryPreferences = {
  list: (options = {}) => api('GET', '/user-subcategory-preference', null, {...PRIVATE, ...options}),
  save: (subcategory, visible) => api('PUT', '/user-subcategory-preference', {subcategory, visible}),
  reorder: (category, ids) => api('POST', '/user-subcategory-preference/reorder', {category, subcategories: ids}),
};

export const tags = {
  ...collection('tag'),
  // A new tag; a name that exists already (in any case) is a 400 with `data.name.code`
  // 'validation_not_unique'.
  create: (name, options = {}) => api('PUT', '/tag', {name}, options),
};

export const auth = {
  // The signed-in user's record; 401 when nobody is.
  me: (options = {}) => api('GET', '/auth/me', null, options),
  login: (username, password) => api('POST', '/auth/login', {username, password}),
  logout: () => api('POST', '/auth/logout', {}),
  requestPasswordReset: (email) => api('POST', '/auth/reset', {email}),
  confirmPasswordReset: ({token, password, passwordConfirm}) => api('POST', '/auth/confirm-reset', {token, password, passwordConfirm}),
};

export const files = {
  // URL of a record's stored file; `thumb` is a size such as '600x0', `download` asks for a save.
  url: (record, name, options) => fileUrl(record, name, options),
};

// The plugin system: the plugins the server has ({items: [{id, name, capabilities, manifest,
// ...}]}), archive imports sent in pieces and followed as jobs, mapping an import's activity
// types to categories, and trails sent to a connected service.
export const plugins = {
  list: (options = {}) => api('GET', '/plugin-system/plugins', null, {...PRIVATE, ...options}),
};

// The caller's connections to plugins ({plugin_id, enabled, config, auth, status, message,
// last_sync}); their secrets come back as "" (sending "" keeps a stored one, null removes it).
// validate(id) -> {valid, message}; oauthStart(id) -> {url, redirectUri} for the browser to go to.
// oauthCallback({state, code, scope, error}) finishes that sign-in when the service sends the
// browser back -> the connection's record (400/502 with a message when it did not work);
// oauthRevoke(id) signs out of the service -> {acknowledged, message}; sync(id) starts fetching
// the service's new activities -> an import job, followed with archiveImports.show().
export const pluginInstances = {
  ...collection('plugin-instance', PRIVATE),
  validate: (instance) => api('POST', '/plugin-system/auth/validate', {instance}, PRIVATE),
  oauthStart: (instance) => api('POST', '/plugin-system/oauth/start', {instance}, PRIVATE),
  oauthCallback: ({state, code, scope, error}) => api('POST', '/plugin-system/oauth/callback', {state, code, scope, error}, PRIVATE),
  oauthRevoke: (instance) => api('POST', '/plugin-system/oauth/revoke', {instance}, PRIVATE),
  sync: (instance) => api('POST', '/plugin-system/sync', {instance}, PRIVATE),
};

const importPath = (id) => `/plugin-system/import/${encodeURIComponent(id)}`;
export const archiveImports = {
  // A job waiting for `size` bytes of the archive `name`, to be read by `plugin`.
  start: ({plugin, name, size}) => api('PUT', '/plugin-system/import', {plugin, name, size}, PRIVATE),
  // The bytes of `piece` (a Blob) at `offset` -> {promise, abort}; the promise gives the job. A 409
  // says where the server wants the next piece in its body's `received`.
  sendPiece: (id, offset, piece, {onProgress} = {}) =>
    upload('POST', `${importPath(id)}/data`, piece, {onProgress, query: {offset}, headers: {'Content-Type': 'application/octet-stream'}}),
  show: (id, options = {}) => api('GET', importPath(id), null, {...PRIVATE, ...options}),
  // The caller's jobs, newest first: {items}.
  list: (options = {}) => api('GET', '/plugin-system/import', null, {...PRIVATE, ...options}),
  // Cancels a job still at work, or forgets a finished one.
  remove: (id) => api('DELETE', importPath(id), null, PRIVATE),
  // The activity types of a job's trails with their categories and suggestions ({items: [{type,
  // count, category, categoryName, suggested, suggestedName}]}), and a mapping {type:
  // categoryId|''} applied to them -> {acknowledged, changed, refused}.
  remapPreview: (job) => api('POST', '/plugin-system/category-remap/preview', {job}, PRIVATE),
  remapApply: (job, mapping) => api('POST', '/plugin-system/category-remap/apply', {job, mapping}, PRIVATE),
};

// A trail sent to a connected service -> {acknowledged, remote: {id, url}}.
export const trailSend = {
  send: (trail, instance) => api('POST', '/plugin-system/trail-send', {trail, instance}, PRIVATE),
};
