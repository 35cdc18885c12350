// The planner's requests: legs snapped by the routing proxy (cached per leg, straight on
// failure), heights of the line from the terrain model (cached per point, asked in batches), and
// the GPX the server writes for the line.
import {planner} from '../../lib/resources.js';
import {decodePolyline} from '../../lib/polyline.js';
import {legKey, routeFailure} from './plan_model.js';

// Points per height request: well under the server's 100 000, so one request stays quick.
export const HEIGHT_BATCH = 5000;

// legRouter(enabled) -> {legs, enabled, snap(points, signal) -> {failures: [message]}}.
// Each leg is asked once: a leg the router could not snap stays straight (null in `legs`) with
// its message, until a point of it moves. `enabled` turns false for good when the server says it
// has no router.
export function legRouter(enabled) {
  const legs = new Map();
  const failed = new Map();
  let on = Boolean(enabled);
  async function ask(a, b, key, signal) {
    try {
      const answer = await planner.route(
        {locations: [a, b].map(([lat, lon]) => ({lat, lon})), costing: 'pedestrian', directions_type: 'none'},
        {signal},
      );
      const shape = answer?.trip?.legs?.[0]?.shape;
      legs.set(key, shape ? decodePolyline(shape, 6) : null);
      if (!shape) failed.set(key, 'The router gave no line for this leg.');
    } catch (error) {
      if (error.name === 'AbortError') throw error;
      const failure = routeFailure(error);
      if (failure.kind === 'off') {
        on = false;
        return;
      }
      legs.set(key, null);
      failed.set(key, failure.message);
    }
  }
  return {
    legs,
    get enabled() {
      return on;
    },
    async snap(points, signal) {
      const failures = [];
      for (let i = 1; i < points.length && on; i++) {
        const key = legKey(points[i - 1], points[i]);
        if (!legs.has(key)) await ask(points[i - 1], points[i], key, signal);
        if (failed.has(key)) failures.push(failed.get(key));
      }
      return {failures};
    },
  };
}

// heightSource() -> {heightsOf(line, signal) -> {heights: [m|null], warning}}: asks only for the
// points it has not seen, so moving one point asks again for its two legs alone.
export function heightSource() {
  const known = new Map();
  let warning = '';
  const keyOf = ([lat, lon]) => `${lat},${lon}`;
  return {
    async heightsOf(line, signal) {
      const missing = [...new Set(line.map(keyOf).filter((key) => !known.has(key)))];
      for (let start = 0; start < missing.length; start += HEIGHT_BATCH) {
        const batch = missing.slice(start, start + HEIGHT_BATCH);
        const shape = batch.map((key) => {
          const [lat, lon] = key.split(',').map(Number);
          return {lat, lon};
        });
        const answer = await planner.heights({shape, height_precision: 1}, {signal});
        batch.forEach((key, i) => known.set(key, answer.height?.[i] ?? null));
        warning = answer.warnings?.[0]?.text || '';
      }
      const heights = line.map((p) => known.get(keyOf(p)) ?? null);
      return {heights, warning: heights.some((e) => e === null) ? warning || 'Some points lie outside the terrain model: their heights are missing.' : ''};
    },
  };
}

// The line with its heights as a GPX file (a Blob) written by the server.
export function plannedGpx(name, line, heights) {
  return planner.gpx({name, points: line.map((p, i) => [p[0], p[1], heights[i] ?? null])});
}
