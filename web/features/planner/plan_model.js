// The planner's pure logic: the list of points and its edits, the undo/redo history, the line
// between the points, and the figures (distance, gain, loss) the server will compute for it.
// No DOM, no network: tests/webapp/features/planner/ runs it under node.

// Point edits return a new list; the old one stays as history holds it.
export function addPoint(points, point) {
  return [...points, point];
}
export function insertPoint(points, index, point) {
  return [...points.slice(0, index), point, ...points.slice(index)];
}
export function movePoint(points, index, point) {
  return points.map((p, i) => (i === index ? point : p));
}
export function removePoint(points, index) {
  return points.filter((_, i) => i !== index);
}

// history(initial) -> {current, push(next), undo(), redo(), canUndo, canRedo}: each push after
// an undo drops what could have been redone, as editors do.
export function history(initial = []) {
  const past = [];
  const future = [];
  let current = initial;
  return {
    get current() {
      return current;
    },
    get canUndo() {
      return past.length > 0;
    },
    get canRedo() {
      return future.length > 0;
    },
    push(next) {
      past.push(current);
      future.length = 0;
      current = next;
      return current;
    },
    undo() {
      if (past.length) {
        future.push(current);
        current = past.pop();
      }
      return current;
    },
    redo() {
      if (future.length) {
        past.push(current);
        current = future.pop();
      }
      return current;
    },
  };
}

// WGS84, as src/geo/geodesy.cpp: a step's length in the plane tangent at its mid-latitude. The
// server uses this for steps under about 19 km; the planner's lines are densified far below that
// (densify), so both count the same metres.
const A = 6378137.0;
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const RAD = Math.PI / 180;

export function stepMeters([lat1, lon1], [lat2, lon2]) {
  let dlon = lon2 - lon1;
  if (dlon > 180) dlon -= 360;
  else if (dlon < -180) dlon += 360;
  const sinMid = Math.sin(0.5 * (lat1 + lat2) * RAD);
  const w2 = 1 - E2 * sinMid * sinMid;
  const n = A / Math.sqrt(w2);
  const m = (n * (1 - E2)) / w2;
  const dy = m * (lat2 - lat1) * RAD;
  const dx = n * Math.sqrt(1 - sinMid * sinMid) * dlon * RAD;
  return Math.sqrt(dx * dx + dy * dy);
}

// Metres along the line at each of its points (the first is 0).
export function cumulativeDistances(line) {
  const out = [];
  let total = 0;
  line.forEach((p, i) => {
    if (i > 0) total += stepMeters(line[i - 1], p);
    out.push(total);
  });
  return out;
}

export function lineDistance(line) {
  const d = cumulativeDistances(line);
  return d.length ? d[d.length - 1] : 0;
}

// The line with points added on every step longer than `spacing` metres, so its heights make a
// profile (a straight leg has only its ends) and no step is long enough for the distance
// formulas to differ. Coordinates keep 6 decimals (about 0.1 m), as the GPX will.
export const SAMPLE_SPACING = 25;
export function densify(line, spacing = SAMPLE_SPACING) {
  const out = [];
  line.forEach((p, i) => {
    if (i > 0) {
      const q = line[i - 1];
      const pieces = Math.ceil(stepMeters(q, p) / spacing);
      for (let k = 1; k < pieces; k++) {
        const t = k / pieces;
        out.push([round6(q[0] + (p[0] - q[0]) * t), round6(q[1] + (p[1] - q[1]) * t)]);
      }
    }
    out.push([round6(p[0]), round6(p[1])]);
  });
  return out;
}
function round6(x) {
  return Math.round(x * 1e6) / 1e6;
}

// The line without the points that lie within `tolerance` metres of the straight line between
// their neighbours that are kept (Douglas–Peucker on a local plane, which is exact enough at a
// walk's scale), at most `limit` points: the editable points of a stored line.
export function thinLine(line, tolerance = 3, limit = 300) {
  if (line.length <= 2) return line.slice();
  const [lat0] = line[0];
  const north = stepMeters([lat0, 0], [lat0 + 1, 0]);
  const east = stepMeters([lat0, 0], [lat0, 1]);
  const xy = line.map(([lat, lon]) => [(lon - line[0][1]) * east, (lat - lat0) * north]);
  const keep = new Set([0, line.length - 1]);
  let tol = tolerance;
  for (;;) {
    const stack = [[0, line.length - 1]];
    while (stack.length) {
      const [first, last] = stack.pop();
      let far = -1;
      let farthest = tol;
      for (let i = first + 1; i < last; i++) {
        const d = offLine(xy[i], xy[first], xy[last]);
        if (d > farthest) [far, farthest] = [i, d];
      }
      if (far < 0) continue;
      keep.add(far);
      stack.push([first, far], [far, last]);
    }
    if (keep.size <= limit) break;
    keep.clear();
    keep.add(0).add(line.length - 1);
    tol *= 2;
  }
  return [...keep].sort((a, b) => a - b).map((i) => line[i]);
}
function offLine([x, y], [x1, y1], [x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length2 = dx * dx + dy * dy;
  const t = length2 ? Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / length2)) : 0;
  return Math.hypot(x - x1 - t * dx, y - y1 - t * dy);
}

// Gain and loss as src/geo/statistics.cpp counts them: a change counts once it reaches the
// threshold from the last counted height, 1 m when the heights are smooth (a DEM: fewer than 10%
// of at least 20 changes reverse), 5 m otherwise. Missing heights (null) are skipped.
export function elevationTotals(heights) {
  const known = heights.filter((e) => e !== null && e !== undefined && Number.isFinite(e));
  let changes = 0;
  let reversals = 0;
  let previousChange = 0;
  for (let i = 1; i < known.length; i++) {
    if (known[i] === known[i - 1]) continue;
    const change = known[i] - known[i - 1];
    changes++;
    if (previousChange !== 0 && change > 0 !== previousChange > 0) reversals++;
    previousChange = change;
  }
  const threshold = changes >= 20 && reversals < 0.1 * changes ? 1 : 5;
  let reference = null;
  let gain = 0;
  let loss = 0;
  for (const e of known) {
    if (reference === null) reference = e;
    else if (e - reference >= threshold) {
      gain += e - reference;
      reference = e;
    } else if (reference - e >= threshold) {
      loss += reference - e;
      reference = e;
    }
  }
  return {gain, loss, known: known.length, missing: heights.length - known.length};
}

// The key of a leg between two points, for caching its snapped line.
export function legKey(a, b) {
  return `${a[0].toFixed(6)},${a[1].toFixed(6)};${b[0].toFixed(6)},${b[1].toFixed(6)}`;
}

// The line through the points: each leg as the router snapped it when `legs` holds it, a
// straight line otherwise. `snapped` counts the legs that came from the router.
export function buildLine(points, legs = new Map()) {
  const line = [];
  let snapped = 0;
  for (let i = 0; i < points.length; i++) {
    if (i === 0) {
      line.push(points[0]);
      continue;
    }
    const leg = legs.get(legKey(points[i - 1], points[i]));
    if (Array.isArray(leg) && leg.length >= 2) {
      snapped++;
      line.push(...leg.slice(1));
    } else {
      line.push(points[i]);
    }
  }
  return {line, snapped};
}

// What a failed route request means for the planner: 'off' when the server has no router (stop
// asking, draw straight lines), 'failed' with the message otherwise (this leg straight, a note).
export function routeFailure(error) {
  if (error?.status === 503 && error?.body?.reason === 'routing_not_configured') return {kind: 'off'};
  return {kind: 'failed', message: error?.message || 'The route could not be snapped to paths.'};
}

// The profile the elevation chart draws ({distance, points: [[d, ele, lat, lon]]}) and the
// figures, from the densified line and its heights (null where the terrain model has none).
export function profileOf(line, heights) {
  const distances = cumulativeDistances(line);
  const points = line.map((p, i) => [distances[i], heights[i] ?? null, p[0], p[1]]);
  return {distance: distances[distances.length - 1] || 0, points, totals: elevationTotals(heights)};
}
