// The small form of the edit page's waypoints: name, description and coordinates of a new
// waypoint or of one being changed. It checks what was typed and hands over a request body; the
// waypoints section saves it and moves the pins.
import {h} from '../../lib/dom.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {inputError} from './trail_fields.js';
import {ICON_CHOICES, iconKey, iconSvg} from '../../lib/waypoint_icons.js';

export const waypointLabel = (w) => w.name || 'Unnamed waypoint';

// A coordinate typed with a decimal point or comma, within [min, max]; NaN otherwise.
function readCoordinate(text, min, max) {
  const value = Number(String(text || '').trim().replace(',', '.'));
  return String(text || '').trim() && Number.isFinite(value) && value >= min && value <= max ? value : NaN;
}

// The waypoint's icon: a row of radio buttons, each its drawing and name.
function iconPicker(chosen) {
  return h(
    'fieldset',
    {class: 'icon-picker'},
    h('legend', null, 'Icon'),
    ICON_CHOICES.map(({value, label}) =>
      h('label', {class: 'icon-choice', title: label}, h('input', {type: 'radio', name: 'icon', value, checked: value === chosen}), iconSvg(value, 18), h('span', null, label)),
    ),
  );
}

// waypointForm({waypoint, lat, lon, onMove([lat, lon]), onSave(body), onCancel}) ->
//   {form, setPosition([lat, lon])}
// No `waypoint` is a new one. onMove follows coordinates typed into the boxes (when both can be
// read); onSave gets {name, description, lat, lon} once they are valid, and its errors are shown
// in the form like the API's.
export function waypointForm({waypoint, lat, lon, onMove, onSave, onCancel}) {
  const isNew = !waypoint;
  const cancel = h('button', {type: 'button', class: 'button', onclick: onCancel}, 'Cancel');
  const form = h(
    'form',
    {class: 'waypoint-form stack', novalidate: true},
    h('h3', null, isNew ? 'New waypoint' : `Edit ${waypointLabel(waypoint)}`),
    formError(),
    field({label: 'Waypoint name', name: 'name', value: waypoint?.name || '', attrs: {maxlength: 500, autocomplete: 'off'}}),
    field({label: 'Waypoint description', name: 'description', type: 'textarea', rows: 2, value: waypoint?.description || '', attrs: {maxlength: 20000}}),
    iconPicker(iconKey(waypoint?.icon)),
    h(
      'div',
      {class: 'form-grid'},
      field({label: 'Latitude', name: 'lat', value: lat === undefined ? '' : Number(lat).toFixed(6), attrs: {inputmode: 'decimal', autocomplete: 'off'}}),
      field({label: 'Longitude', name: 'lon', value: lon === undefined ? '' : Number(lon).toFixed(6), attrs: {inputmode: 'decimal', autocomplete: 'off'}}),
    ),
    h('div', {class: 'actions'}, cancel, h('button', {type: 'submit', class: 'button primary'}, isNew ? 'Add waypoint' : 'Save waypoint')),
  );
  const latInput = form.elements.lat;
  const lonInput = form.elements.lon;
  // Typed coordinates move the pin, so the map shows where the waypoint will be.
  form.addEventListener('input', (event) => {
    if (event.target !== latInput && event.target !== lonInput) return;
    const at = [readCoordinate(latInput.value, -90, 90), readCoordinate(lonInput.value, -180, 180)];
    if (!at.some(Number.isNaN)) onMove(at);
  });
  onSubmit(form, async (values) => {
    const body = {
      name: values.name.trim(),
      description: values.description,
      icon: values.icon || 'circle',
      lat: readCoordinate(values.lat, -90, 90),
      lon: readCoordinate(values.lon, -180, 180),
    };
    const problems = {};
    if (Number.isNaN(body.lat)) problems.lat = 'Enter a latitude between -90 and 90, like 46.5.';
    if (Number.isNaN(body.lon)) problems.lon = 'Enter a longitude between -180 and 180, like 7.25.';
    if (Object.keys(problems).length) throw inputError(problems);
    await onSave(body);
  });
  return {
    form,
    setPosition(at) {
      latInput.value = at[0].toFixed(6);
      lonInput.value = at[1].toFixed(6);
    },
  };
}
