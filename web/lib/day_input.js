// Days written YYYY-MM-DD whatever the browser's language, as Settings promises: a native date
// input shows the locale's order (05/06/2024 in one country, 06.05.2024 in another), so the
// field is text, and a calendar button beside it opens the browser's own picker.
import {h, svg} from './dom.js';

// A real calendar day written YYYY-MM-DD, else ''.
export function dayText(value) {
  const text = String(value ?? '').trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return '';
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.getUTCFullYear() === Number(m[1]) && day.getUTCMonth() === Number(m[2]) - 1 && day.getUTCDate() === Number(m[3]) ? text : '';
}

// What is wrong with a day input's text (its `min` and `max` attributes included), or '' when
// it is empty or a day in range.
export function dayProblem(text, {min = '', max = ''} = {}) {
  const value = String(text ?? '').trim();
  if (!value) return '';
  if (!dayText(value)) return 'Write the date as YYYY-MM-DD, for example 2024-07-31.';
  if (min && value < min) return `Choose a day from ${min} on.`;
  if (max && value > max) return `Choose a day up to ${max}.`;
  return '';
}

function calendarIcon() {
  return svg(
    'svg',
    {viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false'},
    svg('rect', {x: 1.5, y: 3, width: 13, height: 11.5, rx: 1.5, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5}),
    svg('path', {d: 'M1.5 6.5h13M5 1.5v3M11 1.5v3', stroke: 'currentColor', 'stroke-width': 1.5}),
  );
}

// dayInput(attrs) -> <span class="day-input"> holding the text input (with `attrs`: id, name,
// value, aria-*, min, max) and a calendar button. The input fires `input` and `change` when a
// day is picked, as if typed. The button's name leaves out the field's label, so the label names
// one control only (the text input, which is all a keyboard needs).
export function dayInput(attrs) {
  const input = h('input', {
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    placeholder: 'YYYY-MM-DD',
    maxlength: 10,
    pattern: '\\d{4}-\\d{2}-\\d{2}',
    'data-day': 'yes',
    ...attrs,
  });
  // Rendered but out of sight: browsers open a picker only for an input that is laid out.
  const picker = h('input', {type: 'date', tabindex: '-1', 'aria-hidden': 'true', class: 'day-picker-native', min: attrs.min, max: attrs.max});
  const button = h('button', {type: 'button', class: 'icon-button day-picker-button', 'aria-label': 'Pick from a calendar', title: 'Pick from a calendar'}, calendarIcon());
  button.addEventListener('click', () => {
    picker.value = dayText(input.value);
    try {
      picker.showPicker();
    } catch {
      // A browser without showPicker: typing stays the way.
      input.focus();
    }
  });
  picker.addEventListener('change', () => {
    if (!picker.value) return;
    input.value = picker.value;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    input.dispatchEvent(new Event('change', {bubbles: true}));
    input.focus();
  });
  return h('span', {class: 'day-input'}, input, button, picker);
}

// {name: message} for the form's day inputs whose text is not a day in range.
export function dayErrors(form) {
  const errors = {};
  for (const input of form.querySelectorAll('input[data-day]')) {
    const problem = dayProblem(input.value, {min: input.getAttribute('min') || '', max: input.getAttribute('max') || ''});
    const name = input.getAttribute('name');
    if (problem && name) errors[name] = problem;
  }
  return errors;
}
