// web/features/trail-editor/statistics_overrides.js: which statistics show their computed value
// with a way back to it, and what a save of a trail with a GPS file sends: only the figures the
// person changed, the exact computed value for a reset, everything for a trail without a file.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {inputText, overriddenFields, statisticsBody} from '../../../../web/features/trail-editor/statistics_overrides.js';

const TRAIL = {
  gpx: 'walk.gpx',
  distance: 9500,
  duration: 7200,
  elevation_gain: 500,
  elevation_loss: 500,
  date: '2024-05-31',
  computed_distance: 12345.678,
  computed_duration: 13500,
  computed_elevation_gain: 500,
  computed_elevation_loss: 500,
  computed_date: '2024-06-01',
  overrides: ['date', 'distance'],
};

test('each overridden statistic carries its computed value as read and as the input writes it', () => {
  const fields = overriddenFields(TRAIL, 'metric');
  assert.deepEqual(
    fields.map((f) => [f.field, f.text, f.input, f.value]),
    [
      ['distance', '12.3 km', '12.35', 12345.678],
      ['date', '2024-06-01', '2024-06-01', '2024-06-01'],
    ],
  );
  assert.equal(overriddenFields(TRAIL, 'imperial')[0].text, '7.67 mi');
});

test('a trail without a GPS file has no overrides to show, whatever it holds', () => {
  assert.deepEqual(overriddenFields({...TRAIL, gpx: ''}, 'metric'), []);
  assert.deepEqual(overriddenFields({gpx: 'x.gpx'}, 'metric'), []);
});

test('a computed date the file does not give reads as a dash and resets to none', () => {
  const [date] = overriddenFields({...TRAIL, overrides: ['date'], computed_date: ''}, 'metric');
  assert.equal(date.text, '–');
  assert.equal(date.input, '');
});

test('inputs are written as the statistics form writes them', () => {
  assert.equal(inputText('distance', 12345.678, 'metric'), '12.35');
  assert.equal(inputText('duration', 13500, 'metric'), '3:45');
  assert.equal(inputText('elevation_gain', 850.4, 'metric'), '850');
  assert.equal(inputText('elevation_gain', 0, 'metric'), '');
});

const FULL = {name: 'Walk', date: '2024-05-31', distance: 9500, duration: 7200, elevation_gain: 500, elevation_loss: 500};

test('with a GPS file only the changed statistics are sent, so rounding never makes an override', () => {
  assert.deepEqual(statisticsBody(FULL, {trail: TRAIL, changed: ['name', 'elevation_gain']}), {name: 'Walk', elevation_gain: 500});
});

test('a reset sends the exact computed value; without a file the body is sent whole', () => {
  const body = statisticsBody({...FULL, distance: 12350}, {trail: TRAIL, changed: ['distance'], resets: new Set(['distance', 'date'])});
  assert.equal(body.distance, 12345.678);
  assert.equal(body.date, '2024-06-01');
  assert.equal('duration' in body, false);
  assert.deepEqual(statisticsBody(FULL, {trail: {...TRAIL, gpx: ''}, changed: []}), FULL);
});
