// The trails filter's category choice and, under it, the subcategory choice, both in the user's
// order without the ones they hide (lib/category_order.js), except a hidden one the URL asks
// for. With a category chosen the subcategory choice offers that category's; with none, every
// shown category's, grouped under their names. A new category drops a subcategory that is not
// one of its own. An id from an old link that names nothing still filters, shown as unknown.
import {h, uniqueId} from '../../lib/dom.js';
import {categoryChoices} from '../../lib/category_choices.js';
import {belongsTo, pickerCategories, pickerSubcategories, subcategoryGroups} from '../../lib/category_order.js';

function selectField(label, name, anyLabel) {
  const id = uniqueId(`f-${name}`);
  const select = h('select', {id, name, class: 'input', 'aria-describedby': `${id}-error`}, h('option', {value: ''}, anyLabel));
  const element = h('div', {class: 'field'}, h('label', {for: id}, label), select, h('p', {class: 'field-error', id: `${id}-error`}));
  return {element, select, error: element.querySelector('.field-error')};
}

const option = (item) => h('option', {value: item.id}, item.name);

// A wanted id no option holds gets one of its own: by its name when it is known, else "Unknown".
function keepWanted(select, wanted, known, unknownLabel) {
  if (!wanted || [...select.querySelectorAll('option')].some((o) => o.value === wanted)) return;
  select.append(h('option', {value: wanted}, known.find((item) => item.id === wanted)?.name || unknownLabel));
}

// categoryFilter(state, {signedIn}) -> {elements, values(), show(state), dispose()}
// values() is {category, subcategory} once the choices are loaded, else {} (the URL's stay).
export function categoryFilter(state, {signedIn = true} = {}) {
  const category = selectField('Category', 'category', 'Any category');
  const subcategory = selectField('Subcategory', 'subcategory', 'Any subcategory');
  // The URL's choices, kept until the choices arrive and the selects can hold them.
  let wanted = {category: state.category, subcategory: state.subcategory || ''};
  let choices = null;
  let disposed = false;

  function fillCategories() {
    category.select.replaceChildren(h('option', {value: ''}, 'Any category'), ...pickerCategories(choices.categories, wanted.category).map(option));
    keepWanted(category.select, wanted.category, choices.categories, 'Unknown category');
    category.select.value = wanted.category;
  }

  function fillSubcategories() {
    const all = choices.subcategories || [];
    const chosen = category.select.value;
    const offered = chosen
      ? pickerSubcategories(all, chosen, wanted.subcategory).map(option)
      : subcategoryGroups(choices.categories, all, wanted.subcategory).map((group) => h('optgroup', {label: group.category.name}, group.subcategories.map(option)));
    subcategory.select.replaceChildren(h('option', {value: ''}, 'Any subcategory'), ...offered);
    keepWanted(subcategory.select, wanted.subcategory, all, 'Unknown subcategory');
    subcategory.select.value = wanted.subcategory;
    // Nothing to choose (a category without subcategories): no choice shown.
    subcategory.element.hidden = !wanted.subcategory && offered.length === 0;
  }

  // Runs before the form hears the change, so the values it reads agree.
  category.select.addEventListener('change', () => {
    const next = category.select.value;
    const keep = choices && belongsTo(choices.subcategories || [], subcategory.select.value, next);
    wanted = {category: next, subcategory: keep ? subcategory.select.value : ''};
    if (choices) fillSubcategories();
  });
  subcategory.select.addEventListener('change', () => {
    wanted = {...wanted, subcategory: subcategory.select.value};
  });
  subcategory.element.hidden = !wanted.subcategory;

  categoryChoices({signedIn})
    .then((loaded) => {
      if (disposed) return;
      choices = loaded;
      fillCategories();
      fillSubcategories();
      if (!loaded.subcategories) subcategory.error.textContent = 'Subcategories could not be loaded.';
    })
    .catch((error) => {
      if (!disposed) category.error.textContent = `Categories could not be loaded: ${error.message}`;
    });

  return {
    elements: [category.element, subcategory.element],
    values: () => (choices ? {category: category.select.value, subcategory: subcategory.select.value} : {}),
    show(next) {
      wanted = {category: next.category, subcategory: next.subcategory || ''};
      if (!choices) return;
      fillCategories();
      fillSubcategories();
    },
    dispose() {
      disposed = true;
    },
  };
}
