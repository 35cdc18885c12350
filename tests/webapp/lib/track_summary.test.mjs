// web/lib/track_summary.js: a trail without a track shows only the numbers it knows, never "0 m";
// a trail with one shows all four, zeros included; a page may add a note after a statistic's
// value. (The drawings need a browser.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../support/fake_dom.mjs';
import {statsList, trackNumbers} from '../../../web/lib/track_summary.js';

const cases = [
  {
    name: 'a recorded track gives every number, a flat one too',
    trail: {distance: 10000, elevation_gain: 0, elevation_loss: 0, duration: 4500, preview: 'abc'},
    want: [['Distance', '10.0 km'], ['Elevation gain', '0 m'], ['Elevation loss', '0 m'], ['Duration', '1 h 15 min']],
  },
  {
    name: 'a line without a distance still counts as a track',
    trail: {distance: 0, elevation_gain: 0, elevation_loss: 0, duration: 0, polyline: '_p~iF~ps|U'},
    want: [['Distance', '0 m'], ['Elevation gain', '0 m'], ['Elevation loss', '0 m'], ['Duration', '–']],
  },
  {name: 'no track and no numbers gives nothing', trail: {distance: 0, elevation_gain: 0, elevation_loss: 0, duration: 0, polyline: '', preview: ''}, want: []},
  {name: 'no track keeps what was typed in', trail: {distance: 0, elevation_gain: 350, duration: 0}, want: [['Elevation gain', '350 m']]},
];

for (const {name, trail, want} of cases) {
  test(name, () => assert.deepEqual(trackNumbers(trail, 'metric'), want));
}

test("a note goes after its statistic's value, by field name, as text", (t) => {
  const document = installDom(t);
  const trail = {distance: 12400, elevation_gain: 900, elevation_loss: 900, duration: 4500, moving_duration: 4000, preview: 'abc'};
  const note = document.createElement('span');
  note.append(document.createTextNode(' · device says <b>13.1 km</b>'));
  const list = statsList(trail, 'metric', {notes: {distance: note, moving_duration: ' (moving)', unknown: 'x'}});
  const values = list.querySelectorAll('dd').map((dd) => dd.textContent);
  assert.deepEqual(values, ['12.4 km · device says <b>13.1 km</b>', '900 m', '900 m', '1 h 15 min', '1 h 06 min (moving)']);
  assert.equal(list.querySelectorAll('b').length, 0, 'text is never markup');
  assert.deepEqual(statsList(trail, 'metric').querySelectorAll('dd').map((dd) => dd.textContent), ['12.4 km', '900 m', '900 m', '1 h 15 min', '1 h 06 min']);
});
