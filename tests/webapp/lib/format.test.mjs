// web/lib/format.js: distances, heights, durations, speeds, dates and sizes as people read them.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  formatDistance, formatElevation, formatDuration, formatSpeed, formatDate, formatBytes,
  distanceUnit, elevationUnit, difficultyLabel, DIFFICULTIES,
} from '../../../web/lib/format.js';

// The thousands separator is a narrow no-break space, so "1 234 m" never wraps inside a number.
const NNBSP = '\u202f';

test('distances switch from metres to kilometres at 1 km and drop a decimal from 10 km', () => {
  const cases = [
    [0, '0 m'],
    [999, '999 m'],
    [999.4, '999 m'],
    [1000, '1.00 km'],
    [1234.5, '1.23 km'],
    [9994, '9.99 km'],
    [10018.8, '10.0 km'],
    [42195, '42.2 km'],
    [1234567, `1${NNBSP}234.6 km`],
    ['5000', '5.00 km'],
  ];
  for (const [meters, shown] of cases) assert.equal(formatDistance(meters), shown, `${meters} m`);
});

test('imperial distances are feet below a tenth of a mile, then miles', () => {
  const cases = [
    [1609.344, '1.00 mi'],
    [160.9344, '0.10 mi'],
    [100, '328 ft'],
    [16093.44, '10.0 mi'],
    [0, '0 ft'],
  ];
  for (const [meters, shown] of cases) assert.equal(formatDistance(meters, 'imperial'), shown, `${meters} m`);
});

test('an unknown distance or height shows a dash, not "0 m" or "NaN"', () => {
  for (const value of [null, undefined, NaN, 'abc']) {
    assert.equal(formatDistance(value), '–', String(value));
    assert.equal(formatDistance(value, 'imperial'), '–', String(value));
    assert.equal(formatElevation(value), '–', String(value));
  }
});

test('heights are whole metres or whole feet', () => {
  assert.equal(formatElevation(850.4), '850 m');
  assert.equal(formatElevation(4807.8), `4${NNBSP}808 m`);
  assert.equal(formatElevation(1000, 'imperial'), `3${NNBSP}281 ft`);
  assert.equal(formatElevation(0.3048, 'imperial'), '1 ft');
  assert.equal(formatElevation(-12), '-12 m');
});

test('durations read as seconds, minutes, hours with two-digit minutes, then days', () => {
  const cases = [
    [0, '–'],
    [-5, '–'],
    [null, '–'],
    [50, '50 s'],
    [59.4, '59 s'],
    [60, '1 min'],
    [59 * 60 + 59, '59 min'],
    [3600, '1 h 00 min'],
    [3725, '1 h 02 min'],
    [47 * 3600 + 59 * 60, '47 h 59 min'],
    [48 * 3600, '2 d 0 h'],
    [3 * 86400 + 5 * 3600 + 59 * 60, '3 d 5 h'],
  ];
  for (const [seconds, shown] of cases) assert.equal(formatDuration(seconds), shown, `${seconds} s`);
});

test('speeds are km/h or mph with one decimal, and no speed is a dash', () => {
  assert.equal(formatSpeed(1), '3.6 km/h');
  assert.equal(formatSpeed(1, 'imperial'), '2.2 mph');
  assert.equal(formatSpeed(0), '–');
  assert.equal(formatSpeed(null), '–');
});

test('dates show the day only, whatever time the server adds', () => {
  assert.equal(formatDate('2024-05-06 10:00:00.000Z'), '2024-05-06');
  assert.equal(formatDate('2024-05-06'), '2024-05-06');
  assert.equal(formatDate(''), '');
  assert.equal(formatDate(null), '');
});

test('file sizes are bytes, then whole kilobytes, then megabytes with one decimal', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytes(1023), '1023 B');
  assert.equal(formatBytes(1024), '1 KB');
  assert.equal(formatBytes(1536), '2 KB');
  assert.equal(formatBytes(1024 * 1024), '1.0 MB');
  assert.equal(formatBytes(25 * 1024 * 1024 + 512 * 1024), '25.5 MB');
});

test('input units convert to metres: km and m, or mi and ft', () => {
  assert.deepEqual(distanceUnit('metric'), {label: 'km', meters: 1000});
  assert.deepEqual(distanceUnit('imperial'), {label: 'mi', meters: 1609.344});
  assert.deepEqual(elevationUnit('metric'), {label: 'm', meters: 1});
  assert.deepEqual(elevationUnit('imperial'), {label: 'ft', meters: 0.3048});
  assert.deepEqual(distanceUnit(undefined), {label: 'km', meters: 1000});
});

test('difficulties are the three the server accepts, with labels', () => {
  assert.deepEqual(DIFFICULTIES.map((d) => d.value), ['easy', 'moderate', 'hard']);
  assert.equal(difficultyLabel('moderate'), 'Moderate');
  assert.equal(difficultyLabel('extreme'), '');
  assert.equal(difficultyLabel(null), '');
});
