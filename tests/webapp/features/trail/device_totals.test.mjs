// web/features/trail/device_totals.js: the recording device's own totals are mentioned only where
// they differ from ours by more than 5 % of the device's value, in the statistic's own units.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {deviceSays, deviceNotes, DEVICE_FIELD_NAMES} from '../../../../web/features/trail/device_totals.js';

// The thousands separator of web/lib/format.js, a narrow no-break space.
const NNBSP = '\u202f';

test('a device that says nothing is never mentioned', () => {
  for (const device of [null, undefined, Number.NaN, Infinity, '13100']) assert.equal(deviceSays(12400, device), null, String(device));
});

test('within 5 % of the device value ours agrees, 5 % itself included', () => {
  assert.equal(deviceSays(12400, 12400), null);
  assert.equal(deviceSays(12400, 12900), null, '3.9 % under');
  assert.equal(deviceSays(10500, 10000), null, 'exactly 5 % over');
  assert.equal(deviceSays(9500, 10000), null, 'exactly 5 % under');
});

test('over 5 % either way the device value is given', () => {
  assert.equal(deviceSays(12400, 13100), 13100, 'ours 5.3 % under the device');
  assert.equal(deviceSays(13100, 12400), 12400, 'ours 5.6 % over the device');
  assert.equal(deviceSays(10501, 10000), 10000);
  assert.equal(deviceSays(9499, 10000), 10000);
});

test('a device 0 agrees with ours 0 only', () => {
  assert.equal(deviceSays(0, 0), null);
  assert.equal(deviceSays(12, 0), 0, 'the answer is 0, not null');
  assert.equal(deviceSays(0.001, 0), 0);
});

test('ours 0, or missing, against the device', () => {
  assert.equal(deviceSays(0, 7), 7);
  assert.equal(deviceSays(null, 7), 7);
  assert.equal(deviceSays(undefined, 0), null);
});

test('the page asks for the four device fields', () => {
  assert.deepEqual(DEVICE_FIELD_NAMES, ['device_distance', 'device_elevation_gain', 'device_elevation_loss', 'device_duration']);
});

test("notes are in the statistic's own units and format", () => {
  const trail = {
    distance: 12400, device_distance: 13100,
    elevation_gain: 900, device_elevation_gain: 1000,
    elevation_loss: 900, device_elevation_loss: 910,
    duration: 4500, device_duration: 3725,
  };
  assert.deepEqual(deviceNotes(trail, 'metric'), {
    distance: 'device says 13.1 km',
    elevation_gain: `device says 1${NNBSP}000 m`,
    duration: 'device says 1 h 02 min',
  });
  assert.deepEqual(deviceNotes(trail, 'imperial'), {
    distance: 'device says 8.14 mi',
    elevation_gain: `device says 3${NNBSP}281 ft`,
    duration: 'device says 1 h 02 min',
  });
});

test('no notes without device totals, nor for a difference the format rounds away', () => {
  const trail = {distance: 12400, elevation_gain: 900, elevation_loss: 900, duration: 4500};
  assert.deepEqual(deviceNotes(trail, 'metric'), {});
  const nulls = {...trail, device_distance: null, device_elevation_gain: null, device_elevation_loss: null, device_duration: null};
  assert.deepEqual(deviceNotes(nulls, 'metric'), {});
  assert.deepEqual(deviceNotes({elevation_gain: 0.4, device_elevation_gain: 0, duration: 0.3, device_duration: 0}, 'metric'), {});
});

test('a device 0 is written as 0, a duration too', () => {
  assert.deepEqual(deviceNotes({distance: 12, device_distance: 0, duration: 600, device_duration: 0}, 'metric'), {
    distance: 'device says 0 m',
    duration: 'device says 0 s',
  });
  assert.deepEqual(deviceNotes({elevation_loss: 0, device_elevation_loss: 7}, 'metric'), {elevation_loss: 'device says 7 m'});
});
