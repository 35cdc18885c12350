// "Find people" on the feed: a name here ("ben") or a handle on another server
// ("@ben@trails.example.org", which the server looks up there), each person found with their
// follow button. Following someone on another server waits for their server's answer.
import {h, replace} from '../../lib/dom.js';
import {follows, users} from '../../lib/resources.js';
import {followButton} from './follow_button.js';

// "ben@trails.example.org" -> {name: 'ben', server: 'trails.example.org'}; a local name has no
// server.
export function splitHandle(username = '') {
  const at = username.indexOf('@', 1);
  return at < 0 ? {name: username, server: ''} : {name: username.slice(0, at), server: username.slice(at + 1)};
}

// What the search box asks: a handle of another server is looked up there, which takes longer.
export function lookupText(query = '') {
  const {server} = splitHandle(query.trim().replace(/^@/, ''));
  return server ? `Asking ${server}…` : 'Looking…';
}

function hit(person, follow, {session, navigate}) {
  const {name, server} = splitHandle(person.username);
  const label = h('a', {class: 'person-name', href: `/profile/@${person.username}`}, name, server ? h('span', {class: 'muted'}, ` on ${server}`) : null);
  return h('li', {class: 'people-hit'}, label, followButton({...person, follow}, {session, navigate}) || '');
}

// findPeople({session, navigate}) -> <section>
export function findPeople({session, navigate}) {
  const input = h('input', {type: 'search', name: 'q', maxlength: 300, autocomplete: 'off', placeholder: 'ben, or @ben@trails.example.org'});
  const button = h('button', {type: 'submit', class: 'button'}, 'Find');
  const status = h('p', {class: 'muted', role: 'status'});
  const hits = h('ul', {class: 'people-hits', 'aria-label': 'People found'});
  const form = h('form', {class: 'find-people', role: 'search'}, h('label', null, 'Name or handle ', input), button);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) return;
    button.disabled = true;
    status.textContent = lookupText(query);
    try {
      const me = session.user.id;
      const [found, mine] = await Promise.all([
        users.search(query),
        follows.list({filter: `follower='${me}'`, perPage: 500}),
      ]);
      const byFollowee = new Map((mine?.items || []).map((f) => [f.followee, f]));
      const people = (Array.isArray(found) ? found : []).filter((person) => person.id !== me);
      replace(hits, ...people.map((person) => hit(person, byFollowee.get(person.id) || null, {session, navigate})));
      status.textContent = people.length ? '' : 'No one found by that name.';
    } catch (error) {
      replace(hits);
      status.textContent = error.status === 502 || error.status === 504
        ? `That server could not be asked: ${error.message}`
        : error.message;
    } finally {
      button.disabled = false;
    }
  });
  return h('section', {class: 'find-people-box', 'aria-label': 'Find people'}, h('h2', null, 'Find people'), form, status, hits);
}
