// Google's encoded polyline format (precision 5), as the API's `polyline`, `preview` and `sketch`
// use it, and the parts a trail's `line_breaks` split them into.
export function decodePolyline(text, precision = 5) {
  const factor = 10 ** precision;
  const points = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte;
    do {
      if (index >= text.length) throw new Error('truncated polyline');
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  try {
    while (index < text.length) {
      lat += next();
      lon += next();
      points.push([lat / factor, lon / factor]);
    }
  } catch {
    // A damaged string draws what was read before the damage.
  }
  return points;
}

// `points` split into the parts of a line: a new part starts at each index of `breaks` (a
// trail's `line_breaks.polyline`, `.preview` or `.sketch`, ascending, never 0). Breaks that are
// not whole numbers inside the line are ignored, so a missing or damaged list gives one part.
export function splitParts(points, breaks) {
  const parts = [];
  let start = 0;
  for (const index of Array.isArray(breaks) ? breaks : []) {
    if (!Number.isInteger(index) || index <= start || index >= points.length) continue;
    parts.push(points.slice(start, index));
    start = index;
  }
  if (points.length) parts.push(start ? points.slice(start) : points);
  return parts;
}

// The parts of an encoded line (each an array of [lat, lon]); [] for an empty line. A map draws
// each part as its own line: the stretch between two parts was never walked.
export function decodeParts(encoded, breaks) {
  return splitParts(encoded ? decodePolyline(encoded) : [], breaks);
}

// The parts of the line a trail's `field` ('polyline', 'preview' or 'sketch') holds, split at
// the trail's `line_breaks` for that field (null or absent: one part).
export function trailLineParts(trail, field) {
  return decodeParts(trail?.[field] || '', trail?.line_breaks?.[field]);
}
