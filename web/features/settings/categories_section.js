// Settings: the order in which category pickers and the trails filter offer the categories, and
// within each category its subcategories, and which of them they leave out. Drag a row, or use
// its up and down buttons (keyboard); each change is saved at once (PUT / reorder of
// /user-category-preference and /user-subcategory-preference). A category's subcategories open
// under its row.
import {h, uniqueId} from '../../lib/dom.js';
import {categoryPreferences, files, subcategoryPreferences} from '../../lib/resources.js';
import {categoryChoices} from '../../lib/category_choices.js';
import {subcategoriesOf} from '../../lib/category_order.js';
import {preferenceList} from './preference_list.js';
import {savedNote} from './profile_sections.js';

function categoryIcon(category) {
  if (!category.img) return h('span', {class: 'category-icon'});
  return h('img', {class: 'category-icon', src: files.url(category, category.img, {thumb: '64x64'}), alt: '', width: 28, height: 28});
}

// The button that opens a category's subcategories under its row, and that list; `null` for a
// category without subcategories.
function subcategoryPart(category, subcategories, report) {
  if (!subcategories.length) return null;
  const listId = uniqueId('subcategories');
  const rows = preferenceList({
    kind: 'subcategory',
    label: `Subcategories of ${category.name} in your order`,
    items: subcategories,
    save: (subcategory, visible) => subcategoryPreferences.save(subcategory.id, visible),
    reorder: (ordered) => subcategoryPreferences.reorder(category.id, ordered.map((s) => s.id)),
    report,
  });
  const box = h('div', {class: 'subcategory-box', id: listId, hidden: true}, rows.element);
  const toggle = h(
    'button',
    {type: 'button', class: 'button small subcategory-toggle', 'aria-expanded': 'false', 'aria-controls': listId, 'aria-label': `Subcategories of ${category.name}`},
    h('span', {class: 'subcategory-chevron', 'aria-hidden': 'true'}, '▸'),
    'Subcategories',
  );
  toggle.addEventListener('click', () => {
    const open = box.hidden;
    box.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  });
  return {toggle, box};
}

export function categoriesSection() {
  const note = savedNote();
  const error = h('p', {class: 'field-error', role: 'alert'});
  const holder = h('div', {class: 'category-list'});
  const report = (line) => {
    if ('note' in line) note.textContent = line.note;
    if ('error' in line) error.textContent = line.error;
  };

  function show({categories, subcategories}) {
    // Made once per category, so a reorder of the categories keeps what was open.
    const parts = new Map(categories.map((category) => [category.id, subcategoryPart(category, subcategoriesOf(subcategories || [], category.id), report)]));
    const list = preferenceList({
      kind: 'category',
      label: 'Categories in your order',
      items: categories,
      save: (category, visible) => categoryPreferences.save(category.id, visible),
      reorder: (ordered) => categoryPreferences.reorder(ordered.map((c) => c.id)),
      report,
      icon: categoryIcon,
      extra: (category) => {
        const part = parts.get(category.id);
        return part ? {inline: part.toggle, below: part.box} : null;
      },
    });
    holder.replaceChildren(list.element);
    if (!subcategories) error.textContent = 'Subcategories could not be loaded; reload the page to order them.';
  }

  categoryChoices()
    .then(show)
    .catch((failure) => {
      error.textContent = `Categories could not be loaded: ${failure.message}`;
    });

  return h(
    'section',
    {class: 'settings-section card-box', id: 'categories', 'aria-labelledby': 'categories-title'},
    h('h2', {id: 'categories-title'}, 'Categories'),
    h(
      'p',
      {class: 'help'},
      'The order in which category lists offer them; the first shown one is the category of a new trail. Hidden categories are left out of category lists and the trails filter. Each category’s subcategories open under it, to order and hide the same way. Drag a row, or use its arrow buttons.',
    ),
    holder,
    error,
    note,
  );
}
