// The categories with the signed-in user's order and visibility (lib/category_order.js), loaded
// together for pickers, the trails filter and Settings.
import {categories, categoryPreferences} from './resources.js';
import {orderCategories} from './category_order.js';

// Every category in the user's order, each with `visible`. Without preferences (signed out, or
// when they cannot be read) the server's order, all visible.
export async function orderedCategories(options = {}) {
  const [all, preferences] = await Promise.all([
    categories.list(),
    categoryPreferences.list(options).catch(() => []),
  ]);
  return orderCategories(Array.isArray(all) ? all : [], Array.isArray(preferences) ? preferences : []);
}
