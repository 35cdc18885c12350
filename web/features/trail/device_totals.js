// The recording device's own totals (FIT session, TCX lap: `device_distance`, `device_duration`,
// `device_elevation_gain`, `device_elevation_loss`, null when the file has none) beside ours.
// They come from its own sensors (wheel, barometer), so they are only mentioned where they tell
// a different story: more than 5 % away from ours. Pure: text only, the page makes the DOM.
import {formatDistance, formatElevation, formatDuration} from '../../lib/format.js';

// How far ours may be from the device's, as a share of the device's value, before it is said.
const TOLERANCE = 0.05;

// Our statistic -> the device's field and how both are written.
const DEVICE_FIELDS = [
  {field: 'distance', device: 'device_distance', format: formatDistance},
  {field: 'elevation_gain', device: 'device_elevation_gain', format: formatElevation},
  {field: 'elevation_loss', device: 'device_elevation_loss', format: formatElevation},
  {field: 'duration', device: 'device_duration', format: durationText},
];

export const DEVICE_FIELD_NAMES = DEVICE_FIELDS.map((d) => d.device);

// The device's value when it differs from ours by more than 5 % of the device's value, else
// null: null when the device says nothing (null, undefined, not a number). A device value of 0
// is compared with 5 % of ours instead, so any ours but 0 differs from it. A missing ours
// counts as 0. The answer may be 0: test it against null, not for truth.
export function deviceSays(ours, device) {
  if (typeof device !== 'number' || !Number.isFinite(device)) return null;
  const mine = Number(ours) || 0;
  const difference = Math.abs(mine - device);
  const base = device === 0 ? Math.abs(mine) : Math.abs(device);
  return difference > TOLERANCE * base ? device : null;
}

// {field: 'device says 13.1 km'} for each of the trail's statistics the device disagrees with,
// in `units` and the statistic's own format. A difference the format rounds away (0.4 m
// against the device's 0 m) is not worth a word.
export function deviceNotes(trail, units) {
  const notes = {};
  for (const {field, device, format} of DEVICE_FIELDS) {
    const value = deviceSays(trail[field], trail[device]);
    if (value === null) continue;
    const theirs = format(value, units);
    if (theirs === format(Number(trail[field]) || 0, units)) continue;
    notes[field] = `device says ${theirs}`;
  }
  return notes;
}

// formatDuration writes 0 as "–" (unknown); a device that stored 0 s said 0 s.
function durationText(seconds) {
  return Math.round(seconds) <= 0 ? '0 s' : formatDuration(seconds);
}
