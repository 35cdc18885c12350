// Form fields with labels and error slots, and the one way API errors are shown: each field's
// message next to the field, the rest at the top of the form; what was typed stays.
import {h, uniqueId, keepFocus} from './dom.js';
import {dayErrors, dayInput} from './day_input.js';

// field({label, name, type, value, required, help, options: [{value, label}], rows, attrs})
// `type: 'day'` is a day written YYYY-MM-DD with a calendar button (day_input.js).
export function field(spec) {
  const id = uniqueId(`f-${spec.name}`);
  const errorId = `${id}-error`;
  const helpId = spec.help ? `${id}-help` : null;
  const common = {
    id,
    name: spec.name,
    required: spec.required,
    'aria-describedby': [helpId, errorId].filter(Boolean).join(' '),
    ...(spec.attrs || {}),
  };
  let control;
  if (spec.type === 'select') {
    control = h(
      'select',
      common,
      (spec.options || []).map((o) => h('option', {value: o.value, selected: String(o.value) === String(spec.value ?? '')}, o.label)),
    );
  } else if (spec.type === 'textarea') {
    control = h('textarea', {...common, rows: spec.rows || 4}, spec.value ?? '');
  } else if (spec.type === 'checkbox') {
    control = h('input', {...common, type: 'checkbox', checked: Boolean(spec.value)});
    return h(
      'div',
      {class: 'field field-checkbox'},
      control,
      h('label', {for: id}, spec.label),
      helpId && h('p', {class: 'help', id: helpId}, spec.help),
      h('p', {class: 'field-error', id: errorId}),
    );
  } else if (spec.type === 'day') {
    control = dayInput({...common, value: spec.value ?? ''});
  } else {
    control = h('input', {...common, type: spec.type || 'text', value: spec.value ?? ''});
  }
  return h(
    'div',
    {class: 'field'},
    // The star is CSS with empty alt text, so the field's accessible name stays just its label.
    h('label', {for: id, class: spec.required ? 'required' : null}, spec.label),
    control,
    helpId && h('p', {class: 'help', id: helpId}, spec.help),
    h('p', {class: 'field-error', id: errorId}),
  );
}

// The region at the top of a form where errors that belong to no field appear.
export function formError() {
  return h('div', {class: 'form-error', role: 'alert', hidden: true});
}

export function clearErrors(form) {
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  for (const el of form.querySelectorAll('.field-error')) el.textContent = '';
  const top = form.querySelector('.form-error');
  if (top) {
    top.textContent = '';
    top.hidden = true;
  }
}

// Puts an ApiError's messages next to the fields they name (aliases map API field names to
// form control names) and the general message at the top. Focuses the first invalid field.
export function showErrors(form, error, aliases = {}) {
  clearErrors(form);
  const unplaced = [];
  let first = null;
  for (const [apiName, message] of Object.entries(error.fields || {})) {
    const name = aliases[apiName] || apiName;
    const named = form.querySelector(`[name="${CSS.escape(name)}"]`);
    const slot = named && document.getElementById(`${named.id}-error`);
    if (!named || !slot) {
      unplaced.push(`${apiName}: ${message}`);
      continue;
    }
    // A hidden field holding a widget's value names the control people use (data-control).
    const control = (named.type === 'hidden' && document.getElementById(named.dataset.control)) || named;
    control.setAttribute('aria-invalid', 'true');
    slot.textContent = message;
    first = first || control;
  }
  const top = form.querySelector('.form-error');
  if (top) {
    // The API's general "Failed to update record." adds nothing when every field shows its own.
    const general = first && !unplaced.length ? '' : error.message;
    const text = [general, ...unplaced].filter(Boolean).join(' ');
    top.textContent = text;
    top.hidden = !text;
  }
  (first || top)?.focus?.();
  if (!first && top) top.scrollIntoView({block: 'nearest'});
}

// Disables the submit button while `work` runs so a double click cannot send twice.
// Focus the disabling took away comes back afterwards (see keepFocus).
export async function busy(button, work) {
  const label = button.textContent;
  const restoreFocus = keepFocus(button);
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    return await work();
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    button.textContent = label;
    restoreFocus();
  }
}

// Wires a form: on submit, clears errors, runs `action(values, form)`; an ApiError is shown in
// the form, anything else rethrown. Values are the form's named controls (checkboxes boolean).
export function onSubmit(form, action, aliases) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    // A day that is not YYYY-MM-DD is said at its field before anything is sent.
    const days = dayErrors(form);
    if (Object.keys(days).length) {
      showErrors(form, {message: '', fields: days}, aliases);
      return;
    }
    const button = form.querySelector('button[type="submit"]') || form.querySelector('button');
    try {
      await busy(button, () => action(formValues(form), form));
    } catch (error) {
      if (error && error.name === 'ApiError') showErrors(form, error, aliases);
      else if (error && 'status' in error) showErrors(form, error, aliases);
      else showErrors(form, {message: error?.message || String(error), fields: {}});
    }
  });
}

export function formValues(form) {
  const values = {};
  for (const el of form.elements) {
    if (!el.name || el.disabled) continue;
    if (el.type === 'checkbox') values[el.name] = el.checked;
    else if (el.type === 'file') values[el.name] = el.files;
    else if (el.type === 'radio') {
      if (el.checked) values[el.name] = el.value;
    } else values[el.name] = el.value;
  }
  return values;
}
