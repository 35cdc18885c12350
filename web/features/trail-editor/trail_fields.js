// The trail fields the new-trail and edit-trail forms share: their controls (named like the API's
// fields, so API errors land next to them) and the conversion of what was typed
// (in the user's units, durations as h:mm) to a request body — with messages in words for input
// that cannot be converted, shown like the API's own.
import {h} from '../../lib/dom.js';
import {field} from '../../lib/forms.js';
import {DIFFICULTIES, distanceUnit, elevationUnit, formatDate} from '../../lib/format.js';
import {subcategoryField} from './subcategory_field.js';
import {tagPicker} from './tag_picker.js';

function categoryOptions(categories) {
  return [{value: '', label: 'No category'}, ...categories.map((c) => ({value: c.id, label: c.name}))];
}

// The category choice and, beside it, the chosen category's subcategories, which follow it.
// Without `subcategories` (they could not be loaded) there is no subcategory field, so saving
// leaves the trail's subcategory alone.
function categoryFields(trail, categories, subcategories) {
  const category = field({label: 'Category', name: 'category', type: 'select', value: trail.category || '', options: categoryOptions(categories)});
  if (!subcategories) return [category];
  const subcategory = subcategoryField({subcategories, categoryId: trail.category || '', value: trail.subcategory || ''});
  const categorySelect = category.querySelector('select');
  categorySelect.addEventListener('change', () => subcategory.setCategory(categorySelect.value));
  return [category, subcategory.element];
}

// The descriptive fields: name, date, location, category and subcategory, difficulty, tags,
// description, public. `categories` and `subcategories` are what the pickers offer, in the user's
// order (lib/category_order.js). `canPublish` is false for an edit share, which may not change
// who sees the trail. The tags shown chosen are the trail's expanded ones (`expand.tags`).
export function detailFields(trail, {categories = [], subcategories = null, canPublish = true, publicDefault = false} = {}) {
  const pub = trail.public ?? publicDefault;
  return [
    field({label: 'Name', name: 'name', required: true, value: trail.name || '', attrs: {maxlength: 500, autocomplete: 'off'}}),
    h(
      'div',
      {class: 'form-grid pairs'},
      field({label: 'Date', name: 'date', type: 'day', value: formatDate(trail.date)}),
      field({label: 'Location', name: 'location', value: trail.location || '', help: 'Nearest town or village.', attrs: {maxlength: 500}}),
      categoryFields(trail, categories, subcategories),
      field({label: 'Difficulty', name: 'difficulty', type: 'select', value: trail.difficulty || '', options: [{value: '', label: 'Not set'}, ...DIFFICULTIES]}),
    ),
    tagPicker({chosen: trail.expand?.tags || []}).element,
    field({label: 'Description', name: 'description', type: 'textarea', rows: 5, value: trail.description || '', attrs: {maxlength: 20000}}),
    canPublish
      ? field({label: 'Public', name: 'public', type: 'checkbox', value: pub, help: 'Everyone can see a public trail, also without an account.'})
      : h('p', {class: 'help'}, pub ? 'This trail is public.' : 'This trail is private.', ' Only its author can change that.'),
  ];
}

// Distance, duration and elevation for a trail without a GPS file, in the user's units.
export function statFields(trail, units) {
  const dist = distanceUnit(units);
  const ele = elevationUnit(units);
  const round = (value, per, digits) => (value ? String(Number((value / per).toFixed(digits))) : '');
  const numeric = {inputmode: 'decimal', autocomplete: 'off'};
  return h(
    'div',
    {class: 'form-grid stat-grid'},
    field({label: `Distance (${dist.label})`, name: 'distance', value: round(trail.distance, dist.meters, 2), attrs: numeric}),
    field({label: 'Duration (h:mm)', name: 'duration', value: durationInput(trail.duration), help: 'For example 3:45.', attrs: {inputmode: 'numeric', autocomplete: 'off', placeholder: 'h:mm'}}),
    field({label: `Elevation gain (${ele.label})`, name: 'elevation_gain', value: round(trail.elevation_gain, ele.meters, 0), attrs: numeric}),
    field({label: `Elevation loss (${ele.label})`, name: 'elevation_loss', value: round(trail.elevation_loss, ele.meters, 0), attrs: numeric}),
  );
}

// 13500 -> "3:45"
export function durationInput(seconds) {
  const s = Math.round(Number(seconds) || 0);
  if (s <= 0) return '';
  const minutes = Math.round(s / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

// "3:45" / "3" / "0:50" / "3h 45" / "3.75" -> seconds; '' -> null; NaN when it cannot be read.
export function parseDuration(text) {
  const value = String(text || '').trim();
  if (!value) return null;
  // "3.5" / "3,5" are hours with a fraction, not 3:05.
  const decimal = /^(\d{0,4})[.,](\d+)$/.exec(value);
  if (decimal) return Math.round(Number(`${decimal[1] || 0}.${decimal[2]}`) * 60) * 60;
  const m = /^(\d{1,4})(?:\s*(?::|h\s*)\s*(\d{1,2})?\s*(?:m|min)?)?$/i.exec(value);
  if (!m) return NaN;
  const minutes = Number(m[2] || 0);
  if (minutes >= 60) return NaN;
  return Number(m[1]) * 3600 + minutes * 60;
}

// "12,5" and "12.5" both read as 12.5; '' -> null; NaN when it is not a number.
export function parseNumber(text) {
  const value = String(text || '').trim().replace(',', '.');
  if (!value) return null;
  return /^\d+(\.\d*)?$|^\.\d+$/.test(value) ? Number(value) : NaN;
}

// An error shaped like ApiError (status and fields), so forms.js shows it the same way.
export function inputError(fields) {
  return Object.assign(new Error('Some values are not valid. See the marked fields.'), {name: 'ApiError', status: 400, fields});
}

// The tag picker's hidden `tags` field (a JSON array of ids) -> the ids; anything else -> none.
export function tagIds(text) {
  try {
    const ids = JSON.parse(text);
    return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string' && id) : [];
  } catch {
    return [];
  }
}

// Form values -> request body. Throws inputError for values that cannot be read.
export function trailBody(values, {units, withStats = false, canPublish = true} = {}) {
  const problems = {};
  const body = {
    name: String(values.name || '').trim(),
    date: values.date || null,
    location: String(values.location || '').trim(),
    description: values.description || '',
    category: values.category || null,
    difficulty: values.difficulty || null,
  };
  // A form without the subcategory field leaves it to the server (which drops one of another
  // category).
  if ('subcategory' in values) body.subcategory = values.subcategory || null;
  if ('tags' in values) body.tags = tagIds(values.tags);
  if (!body.name) problems.name = 'Give the trail a name.';
  if (canPublish && 'public' in values) body.public = Boolean(values.public);
  if (withStats) {
    const dist = distanceUnit(units);
    const ele = elevationUnit(units);
    const numbers = [
      ['distance', dist.meters, `Enter the distance in ${dist.label}, like 12.5.`],
      ['elevation_gain', ele.meters, `Enter the gain in ${ele.label}, like 850.`],
      ['elevation_loss', ele.meters, `Enter the loss in ${ele.label}, like 850.`],
    ];
    for (const [name, per, message] of numbers) {
      const number = parseNumber(values[name]);
      if (Number.isNaN(number)) problems[name] = message;
      else if (number !== null) body[name] = Math.round(number * per * 10) / 10;
    }
    const duration = parseDuration(values.duration);
    if (Number.isNaN(duration)) problems.duration = 'Enter hours and minutes, like 3:45.';
    else if (duration !== null) body.duration = duration;
  }
  if (Object.keys(problems).length) throw inputError(problems);
  return body;
}

// One titled card of the edit page; the heading names the region for screen readers.
export function editSection(title, ...children) {
  const id = `edit-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return h('section', {class: 'card-box edit-section', 'aria-labelledby': id}, h('h2', {id}, title), ...children);
}
