// The trail form's subcategory choice: the subcategories of the category chosen beside it, in the
// user's order without the ones they hide (the trail's own stays choosable), or none ("—").
// Choosing another category empties a choice that is not one of the new category's; a category
// without subcategories hides the field (its value, none, is still sent).
import {h} from '../../lib/dom.js';
import {field} from '../../lib/forms.js';
import {pickerSubcategories} from '../../lib/category_order.js';

// subcategoryField({subcategories, categoryId, value}) -> {element, select, setCategory(id)}
// `subcategories` are every category's, ordered (lib/category_order.js orderSubcategories);
// `value` is the trail's own subcategory.
export function subcategoryField({subcategories, categoryId = '', value = ''}) {
  const element = field({label: 'Subcategory', name: 'subcategory', type: 'select', value: '', options: []});
  const select = element.querySelector('select');

  function show(category, chosen) {
    const offered = pickerSubcategories(subcategories, category, value);
    // A dash reads as "em dash" to a screen reader; the option's name says what it means.
    const none = h('option', {value: '', 'aria-label': 'No subcategory'}, '—');
    select.replaceChildren(none, ...offered.map((subcategory) => h('option', {value: subcategory.id}, subcategory.name)));
    select.value = offered.some((subcategory) => subcategory.id === chosen) ? chosen : '';
    element.hidden = offered.length === 0;
  }

  show(categoryId, value);
  return {element, select, setCategory: (category) => show(category, select.value)};
}
