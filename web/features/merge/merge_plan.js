// What merging a group of duplicate trails into one does, in words, before it is done: the
// settings of POST /trail-merge and the counts that move from the other trails to the kept one.
// Pure, so the preview is tested without a browser.

// The settings' keys as the API names them, with their labels and defaults.
export const MERGE_SETTINGS = [
  {key: 'summitLog', label: 'Move summit logs'},
  {key: 'photos', label: 'Move photos'},
  {key: 'comments', label: 'Move comments'},
  {key: 'tags', label: 'Move tags'},
  {key: 'likes', label: 'Move likes'},
  {key: 'delete', label: 'Delete the merged trails afterwards'},
];

export function defaultSettings() {
  return Object.fromEntries(MERGE_SETTINGS.map(({key}) => [key, true]));
}

const n = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

// A trail's counts from its record (photos, summit_logs and tags are id lists, like_count a
// number) and its comment count.
export function trailCounts(trail, comments = 0) {
  const length = (value) => (Array.isArray(value) ? value.length : 0);
  return {
    id: trail.id,
    name: trail.name || 'Untitled trail',
    photos: length(trail.photos),
    summitLogs: length(trail.summit_logs),
    comments: Math.max(0, Number(comments) || 0),
    tags: Array.isArray(trail.tags) ? trail.tags : [],
    likes: Math.max(0, Number(trail.like_count) || 0),
  };
}

// mergePreview(counts, targetId, settings) -> {target, sources, moves, lines}: `counts` are
// trailCounts() of the group's trails; `moves` what reaches the kept trail; `lines` say it.
export function mergePreview(counts, targetId, settings) {
  const target = counts.find((c) => c.id === targetId) || null;
  const sources = counts.filter((c) => c.id !== targetId);
  const moves = {summitLogs: 0, photos: 0, comments: 0, tags: 0, likes: 0};
  if (!target || !sources.length) return {target, sources, moves, lines: []};
  const newTags = new Set();
  for (const s of sources) {
    if (settings.summitLog) moves.summitLogs += s.summitLogs;
    if (settings.photos) moves.photos += s.photos;
    if (settings.comments) moves.comments += s.comments;
    if (settings.likes) moves.likes += s.likes;
    if (settings.tags) for (const tag of s.tags) if (!target.tags.includes(tag)) newTags.add(tag);
  }
  moves.tags = newTags.size;
  const kept = `“${target.name}”`;
  const lines = [`${sources.length === 1 ? `“${sources[0].name}” becomes` : `${sources.length} trails become`} ${sources.length === 1 ? 'a summit log' : 'summit logs'} on ${kept} (with ${sources.length === 1 ? 'its' : 'their'} track, date and numbers).`];
  const moved = [];
  if (settings.summitLog && moves.summitLogs) moved.push(n(moves.summitLogs, 'summit log'));
  if (settings.photos && moves.photos) moved.push(n(moves.photos, 'photo'));
  if (settings.comments && moves.comments) moved.push(n(moves.comments, 'comment'));
  if (settings.tags && moves.tags) moved.push(n(moves.tags, 'tag'));
  if (settings.likes && moves.likes) moved.push(`up to ${n(moves.likes, 'like')}`);
  lines.push(moved.length ? `${moved.join(', ')} move to ${kept}.` : `Nothing else moves to ${kept}.`);
  const left = [];
  if (!settings.summitLog) left.push('summit logs');
  if (!settings.photos) left.push('photos');
  if (!settings.comments) left.push('comments');
  if (settings.delete) {
    lines.push(`${sources.length === 1 ? 'The merged trail is' : `The ${sources.length} merged trails are`} deleted afterwards${left.length ? ` with the ${left.join(' and ')} left on ${sources.length === 1 ? 'it' : 'them'}` : ''}.`);
  } else {
    lines.push(`${sources.length === 1 ? 'The merged trail stays' : 'The merged trails stay'} as ${sources.length === 1 ? 'it is' : 'they are'}.`);
  }
  return {target, sources, moves, lines};
}
