// The overview map's area in the forms it travels in: the page URL's `map=zoom/lat/lon` (where
// the visitor left the map, as OpenStreetMap writes it), the API's `bbox=west,south,east,north`
// (which trails cross it) and `GET /trail/bounding-box`'s answer (where the trails are). Pure, no
// Leaflet: a box is {west, south, east, north} in degrees, its longitudes as Leaflet gives them
// (past ±180 once the map is panned round the world, west < east always).

export const MAX_ZOOM = 19;
// Web Mercator's limit: no map shows a point further north or south.
const MAX_LAT = 85.0511287798;
// 1e-5 degrees is about a metre: as fine as any position needs to come back.
const DIGITS = 5;

// A longitude in [-180, 180).
export function wrapLongitude(lon) {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

const tidy = (value) => Number(value.toFixed(DIGITS));

// {zoom, lat, lon} from the URL's `map` value ('9/45.5/3.25'), or null for anything else.
export function parseMapPosition(text) {
  const m = /^(\d{1,2})\/(-?\d{1,2}(?:\.\d+)?)\/(-?\d{1,3}(?:\.\d+)?)$/.exec(String(text ?? '').trim());
  if (!m) return null;
  const [zoom, lat, lon] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (zoom > MAX_ZOOM || Math.abs(lat) > MAX_LAT || Math.abs(lon) > 180) return null;
  return {zoom, lat: tidy(lat), lon: tidy(lon)};
}

// The URL's `map` value for a position; the longitude brought back into [-180, 180).
export function formatMapPosition({zoom, lat, lon}) {
  const z = Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
  const y = tidy(Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)));
  return `${z}/${y}/${tidy(wrapLongitude(lon))}`;
}

// The API's `bbox` for a box: west,south,east,north, each rounded outwards to about a metre, the
// longitudes within [-180, 180] (west > east when the box crosses the antimeridian), and the whole
// world's longitudes for a box as wide as the world or wider.
export function bboxParam(box) {
  const south = Math.max(-90, Math.floor(box.south * 10 ** DIGITS) / 10 ** DIGITS);
  const north = Math.min(90, Math.ceil(box.north * 10 ** DIGITS) / 10 ** DIGITS);
  let west = -180;
  let east = 180;
  if (box.east - box.west < 360) {
    west = Math.floor(wrapLongitude(box.west) * 10 ** DIGITS) / 10 ** DIGITS;
    east = Math.ceil(wrapLongitude(box.east) * 10 ** DIGITS) / 10 ** DIGITS;
    // The east edge exactly on the antimeridian is its eastern side, not its western one.
    if (east === -180) east = 180;
  }
  return [west, south, east, north].map(tidy).join(',');
}

// The box grown by `ratio` of its width and height on every side (0.5: twice as wide and high).
export function padBox(box, ratio) {
  const dx = (box.east - box.west) * ratio;
  const dy = (box.north - box.south) * ratio;
  return {west: box.west - dx, south: Math.max(-90, box.south - dy), east: box.east + dx, north: Math.min(90, box.north + dy)};
}

// True when `inner` lies wholly inside `outer` (both from the same map, so no wrapping).
export function boxContains(outer, inner) {
  return Boolean(outer && inner) && inner.west >= outer.west && inner.east <= outer.east && inner.south >= outer.south && inner.north <= outer.north;
}

// The box of a `GET /trail/bounding-box` answer ({min_lat, max_lat, min_lon, max_lon}), or null
// when there is none (all null: no trail) or it is not numbers. min_lon > max_lon means the box
// crosses the antimeridian: its east edge then goes past 180, as a map wants it.
export function boundingBoxOf(answer) {
  if (!answer || typeof answer !== 'object') return null;
  const values = [answer.min_lat, answer.max_lat, answer.min_lon, answer.max_lon];
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  const [south, north, west, east] = values;
  if (south > north) return null;
  return {west, south, east: east < west ? east + 360 : east, north};
}
