// The categories and subcategories with the signed-in user's order and visibility
// (lib/category_order.js), loaded together for pickers, the trails filter and Settings.
import {categories, categoryPreferences, subcategories, subcategoryPreferences} from './resources.js';
import {orderCategories, orderSubcategories} from './category_order.js';

const listOf = (value) => (Array.isArray(value) ? value : []);

// The caller's preference rows from `client`; none when they cannot be read, and none asked for
// when nobody is signed in (the answer would be []).
async function preferencesFrom(client, {signedIn = true, ...options}) {
  if (!signedIn) return [];
  return listOf(await client.list(options).catch(() => []));
}

// Every category in the user's order, each with `visible`. Without preferences (signed out, or
// when they cannot be read) the server's order, all visible. `options.signedIn` false skips the
// preferences; the rest goes to the request.
export async function orderedCategories(options = {}) {
  const [all, preferences] = await Promise.all([categories.list(), preferencesFrom(categoryPreferences, options)]);
  return orderCategories(listOf(all), preferences);
}

// Every subcategory ({id, name, category, visible}) in the user's order within its category; the
// same fallbacks and options as orderedCategories().
export async function orderedSubcategories(options = {}) {
  const [all, preferences] = await Promise.all([subcategories.list(), preferencesFrom(subcategoryPreferences, options)]);
  return orderSubcategories(listOf(all), preferences);
}

// Both at once: {categories, subcategories}. Subcategories that cannot be loaded are null (not
// "none": a form without them must leave a trail's subcategory alone), and the categories still
// work.
export async function categoryChoices(options = {}) {
  const [ordered, orderedSubs] = await Promise.all([
    orderedCategories(options),
    orderedSubcategories(options).catch((error) => {
      console.warn(`The subcategories could not be loaded: ${error.message}`);
      return null;
    }),
  ]);
  return {categories: ordered, subcategories: orderedSubs};
}
