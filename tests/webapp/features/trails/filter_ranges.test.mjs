// web/features/trails/filter_ranges.js: the trails filter's slider ends from `GET /trail/filter`
// (metres and seconds) in the viewer's units, rounded outwards to a step; what a thumb sets.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  RANGE_FILTERS, niceStep, sliderRange, sliderRanges, thumbPositions, boundText, thumbText,
} from '../../../../web/features/trails/filter_ranges.js';
import {RANGE_KEYS} from '../../../../web/features/trails/query.js';

// carol's two trails of the e2e features (10 018.75 m / 900 m / 75 min and 13 423 m / 600 m / 60 min).
const ANSWER = {
  min_distance: 10018.754171394622, max_distance: 13423.121, min_elevation_gain: 600, max_elevation_gain: 900,
  min_elevation_loss: 600, max_elevation_loss: 900, min_duration: 3600, max_duration: 4500,
};

test('there are four ranges, and their state keys are the URL state\'s range keys', () => {
  assert.deepEqual(RANGE_FILTERS.map((f) => f.name), ['distance', 'gain', 'loss', 'duration']);
  assert.deepEqual(RANGE_FILTERS.flatMap((f) => [f.min, f.max]), RANGE_KEYS);
});

test('metric ranges: km to a tenth, metres to a nice step, hours to a quarter, rounded outwards', () => {
  assert.deepEqual(sliderRanges(ANSWER, 'metric'), {
    distance: {min: 10, max: 13.5, step: 0.1, unit: 'km'},
    gain: {min: 600, max: 900, step: 5, unit: 'm'},
    loss: {min: 600, max: 900, step: 5, unit: 'm'},
    duration: {min: 1, max: 1.25, step: 0.25, unit: 'h'},
  });
});

test('imperial ranges are in miles and feet', () => {
  const ranges = sliderRanges(ANSWER, 'imperial');
  // 6.2254 mi .. 8.3407 mi; 1968.5 ft .. 2952.8 ft (984 ft apart: steps of 10).
  assert.deepEqual(ranges.distance, {min: 6.2, max: 8.4, step: 0.1, unit: 'mi'});
  assert.deepEqual(ranges.gain, {min: 1960, max: 2960, step: 10, unit: 'ft'});
  assert.deepEqual(ranges.duration, {min: 1, max: 1.25, step: 0.25, unit: 'h'});
});

test('every trail lies within the ends of its slider', () => {
  const answer = {min_distance: 1234.5, max_distance: 98765.4, min_elevation_gain: 3, max_elevation_gain: 2999,
    min_elevation_loss: 0, max_elevation_loss: 12.5, min_duration: 61, max_duration: 200000};
  for (const units of ['metric', 'imperial']) {
    const ranges = sliderRanges(answer, units);
    for (const filter of RANGE_FILTERS) {
      const range = ranges[filter.name];
      const {factor} = filter.unit(units);
      assert.ok(range.min <= answer[filter.fields[0]] / factor, `${units} ${filter.name} min`);
      assert.ok(range.max >= answer[filter.fields[1]] / factor, `${units} ${filter.name} max`);
      const stops = (range.max - range.min) / range.step;
      assert.ok(Math.abs(stops - Math.round(stops)) < 1e-6, `${units} ${filter.name}: whole steps (${stops})`);
      assert.ok(stops <= 250, `${units} ${filter.name}: ${stops} stops`);
    }
  }
  // 1.23 km .. 98.77 km: about a hundred stops of 1 km.
  assert.deepEqual(sliderRange(answer, RANGE_FILTERS[0], 'metric'), {min: 1, max: 99, step: 1, unit: 'km'});
});

test('a range of one value is still a slider, one step long', () => {
  const one = {...ANSWER, min_distance: 5000, max_distance: 5000};
  assert.deepEqual(sliderRanges(one, 'metric').distance, {min: 5, max: 5.1, step: 0.1, unit: 'km'});
});

test('no trails (all 0), nothing above 0, or a broken answer: no slider for that range', () => {
  const zero = Object.fromEntries(Object.keys(ANSWER).map((key) => [key, 0]));
  assert.deepEqual(sliderRanges(zero, 'metric'), {distance: null, gain: null, loss: null, duration: null});
  const flat = {...ANSWER, min_elevation_loss: 0, max_elevation_loss: 0};
  assert.equal(sliderRanges(flat, 'metric').loss, null);
  assert.notEqual(sliderRanges(flat, 'metric').gain, null);
  for (const bad of [null, undefined, 'text', 42, [], {}]) {
    assert.deepEqual(sliderRanges(bad, 'metric'), {distance: null, gain: null, loss: null, duration: null}, JSON.stringify(bad));
  }
  const broken = [
    {min_distance: '1', max_distance: '5'},
    {min_distance: 1, max_distance: Infinity},
    {min_distance: NaN, max_distance: 5},
    {min_distance: 9000, max_distance: 5000},
    {min_distance: null, max_distance: 5000},
    {max_distance: 5000},
  ];
  for (const answer of broken) assert.equal(sliderRange(answer, RANGE_FILTERS[0], 'metric'), null, JSON.stringify(answer));
  // A negative lowest value (never sent) counts from 0.
  assert.deepEqual(sliderRange({min_distance: -50, max_distance: 5000}, RANGE_FILTERS[0], 'metric'), {min: 0, max: 5, step: 0.1, unit: 'km'});
});

test('steps are 1, 2 or 5 times a power of ten', () => {
  const cases = [[0.034, 0.05], [0.1, 0.1], [0.134, 0.2], [3, 5], [9, 10], [10, 10], [11, 20], [450, 500], [0, 1], [-1, 1], [NaN, 1]];
  for (const [value, step] of cases) assert.equal(niceStep(value), step, String(value));
});

test('the thumbs stand at the typed bounds, at the ends for none, and never cross', () => {
  const range = {min: 10, max: 13.5, step: 0.1, unit: 'km'};
  assert.deepEqual(thumbPositions(range, '', ''), [10, 13.5]);
  assert.deepEqual(thumbPositions(range, '11', '12.5'), [11, 12.5]);
  assert.deepEqual(thumbPositions(range, '2', '99'), [10, 13.5], 'clamped to the ends');
  assert.deepEqual(thumbPositions(range, '13', '11'), [13, 13], 'a minimum above the maximum');
  assert.deepEqual(thumbPositions(range, 'abc', ''), [10, 13.5]);
});

test('a thumb at its own end sets no bound; elsewhere its value at the step\'s precision', () => {
  const range = {min: 10, max: 13.5, step: 0.1, unit: 'km'};
  assert.equal(boundText(10, range, 'min'), '');
  assert.equal(boundText('10', range, 'min'), '');
  assert.equal(boundText(13.5, range, 'max'), '');
  assert.equal(boundText(10.300000000000001, range, 'min'), '10.3');
  assert.equal(boundText('13.4', range, 'max'), '13.4');
  assert.equal(boundText(13.5, range, 'min'), '13.5', 'the minimum thumb at the top end is a bound');
  assert.equal(boundText(10, range, 'max'), '10', 'the maximum thumb at the bottom end is a bound');
  assert.equal(boundText('x', range, 'min'), '');
  assert.equal(boundText(700, {min: 600, max: 900, step: 5, unit: 'm'}, 'min'), '700');
});

test('screen readers hear the value with its unit, or that there is no limit', () => {
  const range = {min: 1, max: 1.25, step: 0.25, unit: 'h'};
  assert.equal(thumbText(1, range, 'min'), 'no minimum');
  assert.equal(thumbText(1.25, range, 'max'), 'no maximum');
  assert.equal(thumbText(1.25, range, 'min'), '1.25 h');
  assert.equal(thumbText(1, range, 'max'), '1 h');
});
