// Finding people by username, for sharing: suggestions from the people search in a <datalist>
// while one types, and the exact account when the form is sent.
import {h, replace} from '../../lib/dom.js';
import {users as userRecords} from '../../lib/resources.js';

const SUGGEST_DELAY = 250;

// usernameLookup(input, datalist, {hideId}) -> {find(text)}
// Typing in `input` fills `datalist` with matching usernames: debounced, a newer request aborts
// the older one, and failures are silent (suggestions are a convenience; the submit reports real
// problems). The account `hideId` (the owner) is never suggested.
// find(text) stops pending suggestions and resolves with the account whose username is `text`
// (case-insensitive) or null; it is never aborted by typing. Rejects with ApiError.
export function usernameLookup(input, datalist, {hideId = ''} = {}) {
  const known = new Map();
  let timer = 0;
  let pending = null;

  async function search(text, signal) {
    const users = await userRecords.search(text, {signal});
    for (const user of users) known.set(user.username.toLowerCase(), user);
    return users;
  }

  function stop() {
    clearTimeout(timer);
    pending?.abort();
    pending = null;
  }

  input.addEventListener('input', () => {
    stop();
    const text = input.value.trim();
    if (!text) return;
    timer = setTimeout(async () => {
      const controller = new AbortController();
      pending = controller;
      try {
        const users = await search(text, controller.signal);
        replace(datalist, users.filter((u) => u.id !== hideId).map((u) => h('option', {value: u.username})));
      } catch {
        // Aborted by newer typing, or failed: the list keeps its last suggestions.
      }
    }, SUGGEST_DELAY);
  });

  return {
    async find(text) {
      stop();
      const key = text.toLowerCase();
      if (known.has(key)) return known.get(key);
      const users = await search(text);
      return users.find((u) => u.username.toLowerCase() === key) || null;
    },
  };
}
