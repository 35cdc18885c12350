// The trails filter's range sliders: which ranges there are, and their ends from the server's
// `GET /trail/filter` answer (metres and seconds over the trails the viewer may see) in the
// viewer's units, rounded outwards to a step that makes about a hundred stops. A thumb at its
// end of the slider means "no limit" and leaves its bound empty, so trails added later past the
// end still match. Pure: filters.js draws the controls.
import {distanceUnit, elevationUnit} from '../../lib/format.js';

// Each range: its state keys (query.js RANGE_KEYS), the answer's fields, its unit in the
// viewer's units ({label, factor}: stored numbers per unit) and the finest step it offers.
export const RANGE_FILTERS = [
  {name: 'distance', legend: 'Distance', min: 'dmin', max: 'dmax', fields: ['min_distance', 'max_distance'], finest: 0.1,
    unit: (units) => ({label: distanceUnit(units).label, factor: distanceUnit(units).meters})},
  {name: 'gain', legend: 'Elevation gain', min: 'gmin', max: 'gmax', fields: ['min_elevation_gain', 'max_elevation_gain'], finest: 1,
    unit: (units) => ({label: elevationUnit(units).label, factor: elevationUnit(units).meters})},
  {name: 'loss', legend: 'Elevation loss', min: 'lmin', max: 'lmax', fields: ['min_elevation_loss', 'max_elevation_loss'], finest: 1,
    unit: (units) => ({label: elevationUnit(units).label, factor: elevationUnit(units).meters})},
  {name: 'duration', legend: 'Duration', min: 'tmin', max: 'tmax', fields: ['min_duration', 'max_duration'], finest: 0.25,
    unit: () => ({label: 'h', factor: 3600})},
];

// About this many stops from one end of a slider to the other.
const STOPS = 100;

// The smallest of 1, 2 and 5 times a power of ten that is at least `value`.
export function niceStep(value) {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 2, 5, 10]) if (m * power >= value * (1 - 1e-9)) return tidy(m * power, 12);
  return 10 * power;
}

function decimals(step) {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

// `value` without binary noise (0.30000000000000004 -> 0.3) at `digits` decimals.
function tidy(value, digits) {
  return Number(value.toFixed(Math.min(20, Math.max(0, digits))));
}

// {min, max, step, unit} for one filter from the answer, or null when the answer has no usable
// range for it (missing, not numbers, or nothing above 0: no trails, or none with a value).
export function sliderRange(answer, filter, units) {
  if (!answer || typeof answer !== 'object') return null;
  const [lowField, highField] = filter.fields;
  const rawLow = answer[lowField];
  const rawHigh = answer[highField];
  if (typeof rawLow !== 'number' || typeof rawHigh !== 'number') return null;
  if (!Number.isFinite(rawLow) || !Number.isFinite(rawHigh) || rawHigh <= 0 || rawHigh < rawLow) return null;
  const {label, factor} = filter.unit(units);
  const low = Math.max(0, rawLow) / factor;
  const high = rawHigh / factor;
  const step = high > low ? Math.max(filter.finest, niceStep((high - low) / STOPS)) : filter.finest;
  const digits = decimals(step);
  // Outwards, so every trail's value lies within the ends.
  const min = tidy(Math.floor(low / step + 1e-9) * step, digits);
  let max = tidy(Math.ceil(high / step - 1e-9) * step, digits);
  // All trails alike: still a slider, one step long.
  if (max <= min) max = tidy(min + step, digits);
  return {min, max, step, unit: label};
}

// Every filter's range from the `GET /trail/filter` answer: {distance, gain, loss, duration}.
export function sliderRanges(answer, units) {
  const ranges = {};
  for (const filter of RANGE_FILTERS) ranges[filter.name] = sliderRange(answer, filter, units);
  return ranges;
}

function clamp(value, range) {
  return Math.min(range.max, Math.max(range.min, value));
}

// Where the two thumbs stand for the bounds as typed ('' for none): [low, high].
export function thumbPositions(range, minText, maxText) {
  const low = minText === '' || !Number.isFinite(Number(minText)) ? range.min : clamp(Number(minText), range);
  const high = maxText === '' || !Number.isFinite(Number(maxText)) ? range.max : clamp(Number(maxText), range);
  return [low, Math.max(low, high)];
}

// The bound a thumb at `value` sets: '' at its own end of the slider (no limit), else the value
// as a plain decimal at the step's precision. `end` is 'min' or 'max'.
export function boundText(value, range, end) {
  const number = Number(value);
  if (!Number.isFinite(number)) return '';
  if (end === 'min' ? number <= range.min : number >= range.max) return '';
  return String(tidy(number, decimals(range.step)));
}

// What a screen reader says a thumb stands at: "5.5 km", or "no minimum" / "no maximum" at its end.
export function thumbText(value, range, end) {
  const text = boundText(value, range, end);
  if (text === '') return end === 'min' ? 'no minimum' : 'no maximum';
  return `${text} ${range.unit}`;
}
