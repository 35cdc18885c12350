// The user's order of categories and which they hide (their category preferences), as pure
// functions over the API's records, so pickers, the trails filter and Settings agree.

// Rows without a priority (0: never reordered) come after every ordered one.
const UNORDERED = Number.MAX_SAFE_INTEGER;

// The categories in the user's order, each as `{...category, visible}`: those with a priority
// (1..n, from a reorder) by it, then the rest in the order given (the server's, by name).
// `preferences` are the rows of GET /user-category-preference ([] when signed out).
export function orderCategories(categories, preferences = []) {
  const rows = new Map(preferences.map((row) => [row.category, row]));
  return categories
    .map((category, index) => {
      const row = rows.get(category.id);
      const priority = row && row.priority > 0 ? row.priority : UNORDERED;
      return {category, index, priority, visible: row ? row.visible !== false : true};
    })
    .sort((a, b) => a.priority - b.priority || a.index - b.index)
    .map(({category, visible}) => ({...category, visible}));
}

// What a category picker offers: the visible categories in order, and `keepId` (a trail's own
// category, the filter's current one) where it is hidden, so choosing again never loses it.
export function pickerCategories(ordered, keepId = '') {
  return ordered.filter((category) => category.visible || (keepId && category.id === keepId));
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
