// The user's order of categories and subcategories and which they hide (their category and
// subcategory preferences), as pure functions over the API's records, so pickers, the trails
// filter and Settings agree.

// Rows without a priority (0: never reordered) come after every ordered one.
const UNORDERED = Number.MAX_SAFE_INTEGER;

// `items` in the user's order, each as `{...item, visible}`: those with a priority (1..n, from a
// reorder) by it, then the rest in the order given (the server's, by name). `field` is the
// preference rows' member naming the item ('category' or 'subcategory').
function orderByPreferences(items, preferences, field) {
  const rows = new Map(preferences.map((row) => [row[field], row]));
  return items
    .map((item, index) => {
      const row = rows.get(item.id);
      const priority = row && row.priority > 0 ? row.priority : UNORDERED;
      return {item, index, priority, visible: row ? row.visible !== false : true};
    })
    .sort((a, b) => a.priority - b.priority || a.index - b.index)
    .map(({item, visible}) => ({...item, visible}));
}

// The categories in the user's order, each with `visible`. `preferences` are the rows of
// GET /user-category-preference ([] when signed out).
export function orderCategories(categories, preferences = []) {
  return orderByPreferences(categories, preferences, 'category');
}

// Every subcategory in the user's order within its category, each with `visible`.
// `preferences` are the rows of GET /user-subcategory-preference. Priorities count 1..n within
// one category, so only the order among one category's subcategories means anything: take them
// out with subcategoriesOf().
export function orderSubcategories(subcategories, preferences = []) {
  return orderByPreferences(subcategories, preferences, 'subcategory');
}

// The subcategories of `categoryId`, in the user's order; none for no category.
export function subcategoriesOf(ordered, categoryId) {
  return categoryId ? ordered.filter((subcategory) => subcategory.category === categoryId) : [];
}

// What a picker offers: the visible items in order, and `keepId` (a trail's own category, the
// filter's current one) where it is hidden, so choosing again never loses it. Categories and
// subcategories alike.
export function pickerCategories(ordered, keepId = '') {
  return ordered.filter((item) => item.visible || (keepId && item.id === keepId));
}

// What a subcategory picker offers under `categoryId`: its visible subcategories in the user's
// order, and `keepId` where it is one of them but hidden.
export function pickerSubcategories(ordered, categoryId, keepId = '') {
  return pickerCategories(subcategoriesOf(ordered, categoryId), keepId);
}

// What the trails filter offers while no category is chosen: for each shown category its offered
// subcategories, as [{category, subcategories}] in the user's order; categories left without any
// are left out. A kept subcategory of a hidden category comes with that category, alone.
export function subcategoryGroups(orderedCategories, orderedSubcategories, keepId = '') {
  const kept = orderedSubcategories.find((subcategory) => subcategory.id === keepId);
  return pickerCategories(orderedCategories, kept?.category)
    .map((category) => ({
      category,
      subcategories: category.visible ? pickerSubcategories(orderedSubcategories, category.id, keepId) : [kept],
    }))
    .filter((group) => group.subcategories.length > 0);
}

// Whether `subcategoryId` is one of `categoryId`'s ('' belongs to every category: no choice).
export function belongsTo(orderedSubcategories, subcategoryId, categoryId) {
  if (!subcategoryId) return true;
  return orderedSubcategories.some((subcategory) => subcategory.id === subcategoryId && subcategory.category === categoryId);
}

// The category a new trail starts with: `preferredId` (the favourite in the user's settings)
// when it is visible, else the first visible category in the user's order, else none ('').
export function defaultCategoryId(ordered, preferredId = '') {
  const preferred = ordered.find((category) => category.id === preferredId && category.visible);
  if (preferred) return preferred.id;
  return ordered.find((category) => category.visible)?.id || '';
}

// `ordered` with the item at `from` moved to `to` (indexes clamped), as a new array.
export function moveCategory(ordered, from, to) {
  const next = ordered.slice();
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}
