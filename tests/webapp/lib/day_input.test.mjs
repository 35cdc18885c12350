// web/lib/day_input.js: days are written and read as YYYY-MM-DD whatever the browser's language.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {dayText, dayProblem, dayInput, dayErrors} from '../../../web/lib/day_input.js';
import {installDom, fire} from '../support/fake_dom.mjs';

test('only a real calendar day written YYYY-MM-DD is a day', () => {
  assert.equal(dayText('2024-02-29'), '2024-02-29');
  assert.equal(dayText(' 2024-07-31 '), '2024-07-31');
  for (const bad of ['2023-02-29', '2024-13-01', '31/07/2024', '07/31/2024', '2024-7-31', '', null]) {
    assert.equal(dayText(bad), '', String(bad));
  }
});

test('a field says what is wrong: the format, or a day before its first or after its last', () => {
  assert.equal(dayProblem(''), '');
  assert.equal(dayProblem('2024-07-31'), '');
  assert.match(dayProblem('31.07.2024'), /YYYY-MM-DD/);
  assert.equal(dayProblem('2024-07-31', {min: '2024-08-01'}), 'Choose a day from 2024-08-01 on.');
  assert.equal(dayProblem('2024-07-31', {max: '2024-07-30'}), 'Choose a day up to 2024-07-30.');
});

test('the input is text with the format shown, and a day picked in the calendar is written into it', (t) => {
  const document = installDom(t);
  const box = dayInput({name: 'date', value: '2024-05-06', 'aria-label': 'Trail date from'});
  document.body.append(box);
  const [text, button, picker] = box.children;
  assert.equal(text.type, 'text');
  assert.equal(text.getAttribute('placeholder'), 'YYYY-MM-DD');
  assert.equal(text.value, '2024-05-06');
  // The label names the text input alone; the button's own name does not repeat it.
  assert.equal(button.getAttribute('aria-label'), 'Pick from a calendar');
  assert.equal(picker.getAttribute('aria-hidden'), 'true');
  const seen = [];
  text.addEventListener('change', () => seen.push(text.value));
  picker.value = '2025-01-02';
  fire(picker, 'change');
  assert.equal(text.value, '2025-01-02');
  assert.deepEqual(seen, ['2025-01-02']);
});

test('a form lists its day inputs whose text is not a day, by name', (t) => {
  const document = installDom(t);
  const form = document.createElement('form');
  form.append(dayInput({name: 'from', value: '2024-02-30'}), dayInput({name: 'to', value: '2024-03-01'}), dayInput({name: 'expiration', value: '2020-01-01', min: '2030-01-01'}));
  document.body.append(form);
  assert.deepEqual(Object.keys(dayErrors(form)).sort(), ['expiration', 'from']);
});
