// web/features/trail-editor/trail_fields.js: what people type into the trail form (h:mm durations, numbers
// with a decimal comma, their own units) becomes the request body in seconds and metres.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {durationInput, parseDuration, parseNumber, inputError, tagIds, trailBody} from '../../../../web/features/trail-editor/trail_fields.js';

test('durations are typed as h:mm, hours, or hours with a fraction', () => {
  const cases = [
    ['3:45', 13500],
    ['0:50', 3000],
    ['3', 10800],
    ['3:05', 11100],
    ['3h 45', 13500],
    ['3h45m', 13500],
    ['3 h 45 min', 13500],
    ['3h', 10800],
    ['  2:30  ', 9000],
    ['3.75', 13500],
    ['3,5', 12600],
    ['.5', 1800],
    ['100:00', 360000],
  ];
  for (const [text, seconds] of cases) assert.equal(parseDuration(text), seconds, text);
});

test('an empty duration is none, and one that cannot be read is NaN', () => {
  assert.equal(parseDuration(''), null);
  assert.equal(parseDuration('   '), null);
  assert.equal(parseDuration(undefined), null);
  for (const text of ['3:60', '3:75', 'abc', '3:45:10', '-1:00', ':30', '1:2:3', '3.']) assert.ok(Number.isNaN(parseDuration(text)), text);
});

test('a stored duration shows as h:mm and reads back the same', () => {
  assert.equal(durationInput(13500), '3:45');
  assert.equal(durationInput(3000), '0:50');
  assert.equal(durationInput(90 * 3600), '90:00');
  assert.equal(durationInput(13529), '3:45');
  assert.equal(durationInput(13531), '3:46');
  assert.equal(durationInput(0), '');
  assert.equal(durationInput(null), '');
  for (const seconds of [60, 3000, 13500, 86400, 359940]) assert.equal(parseDuration(durationInput(seconds)), seconds, String(seconds));
});

test('numbers take a decimal point or a decimal comma, and nothing else', () => {
  assert.equal(parseNumber('12.5'), 12.5);
  assert.equal(parseNumber('12,5'), 12.5);
  assert.equal(parseNumber(' 850 '), 850);
  assert.equal(parseNumber('.5'), 0.5);
  assert.equal(parseNumber('7.'), 7);
  assert.equal(parseNumber(''), null);
  assert.equal(parseNumber(null), null);
  for (const text of ['-5', '1e3', '12 km', '1,234.5', 'abc', '0x10']) assert.ok(Number.isNaN(parseNumber(text)), text);
});

test('an input error looks like an API error, so forms show it by the fields', () => {
  const error = inputError({name: 'Give the trail a name.'});
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'ApiError');
  assert.equal(error.status, 400);
  assert.deepEqual(error.fields, {name: 'Give the trail a name.'});
});

test('the body trims text and sends empty choices as null', () => {
  const body = trailBody({name: '  Ridge walk ', date: '', location: ' Zermatt ', description: 'Steep.', category: '', difficulty: ''}, {units: 'metric'});
  assert.deepEqual(body, {name: 'Ridge walk', date: null, location: 'Zermatt', description: 'Steep.', category: null, difficulty: null});
});

test('stats typed in km and m are sent in metres, the duration in seconds', () => {
  const body = trailBody({name: 'x', distance: '12,5', elevation_gain: '850', elevation_loss: '', duration: '3:45'}, {units: 'metric', withStats: true});
  assert.equal(body.distance, 12500);
  assert.equal(body.elevation_gain, 850);
  assert.equal('elevation_loss' in body, false);
  assert.equal(body.duration, 13500);
});

test('stats typed in mi and ft are sent in metres, to the decimetre', () => {
  const body = trailBody({name: 'x', distance: '10', elevation_gain: '1000', elevation_loss: '3'}, {units: 'imperial', withStats: true});
  assert.equal(body.distance, 16093.4);
  assert.equal(body.elevation_gain, 304.8);
  assert.equal(body.elevation_loss, 0.9);
  assert.equal('duration' in body, false);
});

test('stats are left out of a body that does not ask for them', () => {
  const body = trailBody({name: 'x', distance: 'abc', duration: 'abc'}, {units: 'metric'});
  assert.equal('distance' in body, false);
  assert.equal('duration' in body, false);
});

test('every value that cannot be read is named in one error, in the user\'s units', () => {
  assert.throws(
    () => trailBody({name: ' ', distance: '12 km', elevation_gain: 'lots', elevation_loss: '-3', duration: '3:99'}, {units: 'imperial', withStats: true}),
    (error) => {
      assert.equal(error.status, 400);
      assert.deepEqual(error.fields, {
        name: 'Give the trail a name.',
        distance: 'Enter the distance in mi, like 12.5.',
        elevation_gain: 'Enter the gain in ft, like 850.',
        elevation_loss: 'Enter the loss in ft, like 850.',
        duration: 'Enter hours and minutes, like 3:45.',
      });
      return true;
    },
  );
});

test('public is sent only when the form has it and the editor may publish', () => {
  assert.equal(trailBody({name: 'x', public: true}).public, true);
  assert.equal(trailBody({name: 'x', public: false}).public, false);
  assert.equal('public' in trailBody({name: 'x'}), false);
  assert.equal('public' in trailBody({name: 'x', public: true}, {canPublish: false}), false);
});

test("the tag picker's ids are sent as the trail's tags, an array of ids", () => {
  assert.deepEqual(trailBody({name: 'x', tags: '["tag000000000001","tag000000000002"]'}).tags, ['tag000000000001', 'tag000000000002']);
  assert.deepEqual(trailBody({name: 'x', tags: '[]'}).tags, [], 'no tags left is an empty array, which clears them');
  assert.equal('tags' in trailBody({name: 'x'}), false, 'a form without the picker leaves the tags alone');
});

test('a tags field that is not a JSON array of ids counts as no tags', () => {
  for (const text of ['', 'alps', '{"a":1}', '[1, null, ""]', '"x"']) assert.deepEqual(tagIds(text), [], text);
  assert.deepEqual(tagIds('["a", 2, "b"]'), ['a', 'b']);
});

test("the subcategory choice is sent as the trail's subcategory, none as null, and only by a form that has it", () => {
  assert.equal(trailBody({name: 'x', category: 'c1', subcategory: 's1'}).subcategory, 's1');
  assert.equal(trailBody({name: 'x', category: 'c1', subcategory: ''}).subcategory, null, 'none clears it');
  assert.equal('subcategory' in trailBody({name: 'x', category: 'c1'}), false, 'the server keeps or drops it by the category');
});
