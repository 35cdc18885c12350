// Search hits (of POST /profile/{handle}/trails and /lists, shaped as the search index answers)
// as the records the trail cards and list rows draw. Pure.

const DIFFICULTY = ['easy', 'moderate', 'hard'];

// Unix seconds (or a date string) -> 'YYYY-MM-DD ...' as records carry dates; '' for none.
export function hitDate(value) {
  if (typeof value === 'string') return value;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString().replace('T', ' ') : '';
}

export function trailFromHit(hit, {username} = {}) {
  const difficulty = typeof hit.difficulty === 'number' ? DIFFICULTY[hit.difficulty] || '' : hit.difficulty || '';
  return {
    id: String(hit.id),
    name: hit.name || '',
    location: hit.location || '',
    author: hit.author || '',
    distance: hit.distance,
    elevation_gain: hit.elevation_gain,
    elevation_loss: hit.elevation_loss,
    duration: hit.duration,
    difficulty,
    public: hit.public !== false,
    date: hitDate(hit.date),
    polyline: hit.polyline || '',
    like_count: hit.like_count,
    expand: {author: {username: hit.author_name || username || ''}},
  };
}

export function listFromHit(hit) {
  return {
    id: String(hit.id),
    name: hit.name || '',
    description: hit.description || '',
    author: hit.author || '',
    public: hit.public !== false,
    trailCount: Number(hit.trails) || 0,
    created: hitDate(hit.created),
  };
}

// {items, total, page, totalPages} of a search answer (page/hitsPerPage form, or limit/offset).
export function hitsPage(answer) {
  const items = Array.isArray(answer?.hits) ? answer.hits : Array.isArray(answer?.items) ? answer.items : [];
  const total = Number(answer?.totalHits ?? answer?.estimatedTotalHits ?? answer?.totalItems) || items.length;
  const page = Number(answer?.page) || 1;
  const totalPages = Number(answer?.totalPages) || (Number(answer?.hitsPerPage) ? Math.ceil(total / Number(answer.hitsPerPage)) : 1);
  return {items, total, page, totalPages};
}
