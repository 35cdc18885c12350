// What the tag picker knows and does, apart from the page: the chosen tags, the typed text, the
// suggestions found for it, and what Enter means. Typing searches the existing tags (debounced,
// case-insensitive); Enter takes the highlighted suggestion, or the existing tag of exactly the
// typed name in any case, or else creates the tag and takes it. tag_picker.js draws it.
import {ApiError, likeQuote} from '../../lib/api.js';
import {tags as tagRecords} from '../../lib/resources.js';

// Suggestions shown for a text, and the wait after the last key before asking.
export const SUGGESTIONS = 10;
export const SEARCH_DELAY = 250;

// Tag names are unique whatever their case: "alps" and "Alps" are one tag.
export function sameName(a, b) {
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
}

// The existing tags whose name contains `text`, by name (`tags.list` answers a bare array).
export function searchTags(text, {signal, limit = SUGGESTIONS} = {}) {
  const filter = text.trim() ? `name ~ ${likeQuote(text.trim())}` : '';
  return tagRecords.list({filter, sort: 'name', perPage: limit}, {signal});
}

// The tag of exactly `name` in any case, or null, looked for among up to 100 tags whose name
// starts with it (suggestions hold only ten of those that contain it). The server's LIKE folds
// the case of ASCII letters only, so a name with other letters ("höllental" for "HÖLLENTAL") is
// looked for again by its longest run of ASCII letters, or among the first 500 tags.
async function findTag(name) {
  const prefix = likeQuote(name).slice(0, -1); // the closing quote, to put a wildcard before it
  const found = await tagRecords.list({filter: `name ~ ${prefix}%"`, sort: 'name', perPage: 100});
  const exact = found.find((tag) => sameName(tag.name, name));
  if (exact || /^[\x00-\x7f]*$/.test(name)) return exact || null;
  const ascii = (name.match(/[\x00-\x7f]+/g) || []).sort((a, b) => b.length - a.length)[0];
  const others = await tagRecords.list({filter: ascii ? `name ~ ${likeQuote(ascii)}` : '', sort: 'name', perPage: ascii ? 100 : 500});
  return others.find((tag) => sameName(tag.name, name)) || null;
}

function isTakenName(error) {
  return error instanceof ApiError && error.status === 400 && error.body?.data?.name?.code === 'validation_not_unique';
}

// The options under the box for `text`: the found tags not chosen yet, then "create" when no
// tag (chosen or not) has exactly that name.
export function optionsFor(text, found, chosen) {
  const chosenIds = new Set(chosen.map((tag) => tag.id));
  const options = found.filter((tag) => !chosenIds.has(tag.id)).map((tag) => ({kind: 'tag', tag, name: tag.name}));
  const name = text.trim();
  if (name && ![...found, ...chosen].some((tag) => sameName(tag.name, name))) options.push({kind: 'create', name});
  return options;
}

// tagChoice({chosen, delay, onChange}) -> the picker's state and actions.
// State: text, open (suggestions shown), options ([{kind: 'tag'|'create', name, tag}]), active
// (index or -1), chosen ([{id, name}]), busy (a tag is being found or made), error and message
// (for the screen reader status). onChange() follows every change of state.
export function tagChoice({chosen = [], delay = SEARCH_DELAY, onChange = () => {}} = {}) {
  let timer = 0;
  let controller = null;
  // The search answer and the text it was for.
  let found = {text: null, tags: []};
  let searching = Promise.resolve();

  const model = {
    text: '',
    options: [],
    active: -1,
    chosen: chosen.map(({id, name}) => ({id, name})),
    busy: false,
    error: '',
    message: '',
    open: false,

    ids() {
      return model.chosen.map((tag) => tag.id);
    },

    // The text in the box changed.
    type(text) {
      model.text = text;
      model.error = '';
      model.active = -1;
      stopSearch();
      if (!text.trim()) {
        model.close();
        return;
      }
      // Until the answer comes, the last answer's tags that still match stand in.
      const key = text.trim().toLowerCase();
      if (model.open) model.options = optionsFor(text, found.tags.filter((tag) => tag.name.toLowerCase().includes(key)), model.chosen);
      timer = setTimeout(() => search(text), delay);
      onChange();
    },

    // Arrow keys: opens the suggestions (all tags, for an empty box) or moves through them.
    move(step) {
      if (!model.open) {
        stopSearch();
        search(model.text);
        return;
      }
      const n = model.options.length;
      if (!n) return;
      model.active = model.active < 0 ? (step > 0 ? 0 : n - 1) : (model.active + step + n) % n;
      onChange();
    },

    close() {
      stopSearch();
      model.open = false;
      model.options = [];
      model.active = -1;
      onChange();
    },

    // Enter: the highlighted option, else the typed name (found or created).
    async enter() {
      if (model.busy) return;
      const option = model.options[model.active];
      if (option) await model.pick(option);
      else if (model.text.trim()) await take(model.text.trim());
    },

    // An option chosen by click or Enter.
    async pick(option) {
      if (model.busy) return;
      if (option.kind === 'tag') add(option.tag, `Added the tag ${option.name}.`);
      else await take(option.name);
    },

    remove(id) {
      const tag = model.chosen.find((t) => t.id === id);
      if (!tag) return;
      model.chosen = model.chosen.filter((t) => t.id !== id);
      model.message = `Removed the tag ${tag.name}.`;
      // A search on screen may now offer it again.
      if (model.open) model.options = optionsFor(model.text, found.tags, model.chosen);
      onChange();
    },

    // Resolves when the search asked for last has been answered (for tests).
    settled() {
      return searching;
    },
  };

  function stopSearch() {
    clearTimeout(timer);
    controller?.abort();
    controller = null;
  }

  function search(text) {
    const mine = new AbortController();
    controller = mine;
    searching = searchTags(text, {signal: mine.signal}).then(
      (tags) => {
        if (controller !== mine) return;
        controller = null;
        found = {text, tags: Array.isArray(tags) ? tags : []};
        model.options = optionsFor(model.text, found.tags, model.chosen);
        model.open = true;
        model.active = -1;
        model.message = suggestionsMessage();
        onChange();
      },
      (error) => {
        if (controller !== mine || error.name === 'AbortError') return;
        controller = null;
        // Suggestions are a help; Enter still finds or creates the tag.
        model.options = optionsFor(model.text, [], model.chosen);
        model.open = model.options.length > 0;
        onChange();
      },
    );
    return searching;
  }

  function suggestionsMessage() {
    const tags = model.options.filter((o) => o.kind === 'tag').length;
    const create = model.options.some((o) => o.kind === 'create');
    const parts = [tags ? `${tags} ${tags === 1 ? 'tag' : 'tags'} found` : 'No other tag found'];
    if (create) parts.push('Enter creates it');
    return `${parts.join('; ')}.`;
  }

  function add(tag, message) {
    stopSearch();
    if (model.chosen.some((t) => t.id === tag.id)) {
      model.message = `The tag ${tag.name} is chosen already.`;
    } else {
      model.chosen = [...model.chosen, {id: tag.id, name: tag.name}];
      model.message = message;
    }
    model.text = '';
    model.error = '';
    model.open = false;
    model.options = [];
    model.active = -1;
    onChange();
  }

  // The tag named `name`: the one found, in any case, or a new one.
  async function take(name) {
    stopSearch();
    model.busy = true;
    model.error = '';
    onChange();
    try {
      const known = [...model.chosen, ...(found.text !== null && sameName(found.text, name) ? found.tags : [])].find((t) => sameName(t.name, name));
      const existing = known || (await findTag(name));
      if (existing) {
        add(existing, `Added the tag ${existing.name}.`);
        return;
      }
      let created;
      try {
        created = await tagRecords.create(name);
      } catch (error) {
        // Made meanwhile (by someone else, or in another case): take that one.
        const other = isTakenName(error) ? await findTag(name) : null;
        if (!other) throw error;
        created = other;
      }
      add(created, `Created and added the tag ${created.name}.`);
    } catch (error) {
      model.error = error.fields?.name || error.message;
      onChange();
    } finally {
      model.busy = false;
      onChange();
    }
  }

  return model;
}
