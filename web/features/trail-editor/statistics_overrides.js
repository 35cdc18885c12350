// Statistics a person corrects over the ones the GPS file gives (the API's `overrides` and
// `computed_*` fields): how each computed value reads in a form, and which figures a save sends.
// Pure: the edit page makes the DOM.
import {distanceUnit, elevationUnit, formatDate, formatDistance, formatDuration, formatElevation} from '../../lib/format.js';
import {durationInput} from './trail_fields.js';

// The fields a track computes that a person may correct, as the API names them.
export const OVERRIDABLE = ['distance', 'duration', 'elevation_gain', 'elevation_loss', 'date'];

const LABELS = {distance: 'distance', duration: 'duration', elevation_gain: 'elevation gain', elevation_loss: 'elevation loss', date: 'date'};

const round = (value, per, digits) => (value ? String(Number((value / per).toFixed(digits))) : '');

// What the form's input holds for `value` of `field`, in `units` (as statFields writes it).
export function inputText(field, value, units) {
  if (field === 'distance') return round(value, distanceUnit(units).meters, 2);
  if (field === 'duration') return durationInput(value);
  if (field === 'date') return formatDate(value);
  return round(value, elevationUnit(units).meters, 0);
}

// How the computed value reads beside the field: "12.35 km", "3:45 h", "–" when the file gives
// none.
function computedText(field, value, units) {
  if (field === 'distance') return formatDistance(value, units);
  if (field === 'duration') return formatDuration(value);
  if (field === 'date') return formatDate(value) || '–';
  return formatElevation(value, units);
}

// For a trail with a GPS file, one entry per overridden field: {field, label, text (the computed
// value for reading), input (the same as the form's input writes it), value (as the API has
// it)}. None without a file: then the figures are plain values.
export function overriddenFields(trail, units) {
  if (!trail || !trail.gpx) return [];
  const overrides = Array.isArray(trail.overrides) ? trail.overrides : [];
  return OVERRIDABLE.filter((field) => overrides.includes(field)).map((field) => {
    const value = trail[`computed_${field}`] ?? (field === 'date' ? '' : null);
    return {field, label: LABELS[field], text: computedText(field, value, units), input: inputText(field, value, units), value};
  });
}

// The statistics part of a save for a trail with a GPS file: `body` as trailBody made it from
// every field, trimmed to the figures the person changed (`changed`: names whose input differs
// from what the page showed), so rounding to the form's units never turns an untouched figure
// into an override. A field reset to its computed value (`resets`: names whose "use computed"
// was pressed and whose input still shows it) sends the exact computed value, which ends its
// override. Without a file the body is left whole.
export function statisticsBody(body, {trail, changed, resets = new Set()}) {
  if (!trail.gpx) return body;
  const out = {...body};
  for (const field of OVERRIDABLE) {
    if (resets.has(field)) out[field] = trail[`computed_${field}`] ?? (field === 'date' ? '' : 0);
    else if (!changed.includes(field)) delete out[field];
  }
  return out;
}
