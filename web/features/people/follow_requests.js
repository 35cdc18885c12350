// The follow requests waiting for a private account's answer: each with Accept and Reject
// (POST /follow/{id} {status}). Shown in the notification panel and on one's own profile.
import {h, replace, toast} from '../../lib/dom.js';
import {listItems, quote} from '../../lib/api.js';
import {follows} from '../../lib/resources.js';
import {authorLink} from '../../lib/people.js';
import {avatar} from '../../lib/avatar.js';

// The caller's pending requests (as followee), each with `expand.follower`; [] when the server
// has no follows.
export async function pendingRequests(userId, {signal} = {}) {
  try {
    const answer = await follows.list({filter: `followee=${quote(userId)} && status='pending'`, expand: 'follower', sort: '-created', perPage: 50}, {signal});
    return listItems(answer);
  } catch (error) {
    if (error.status === 404) return [];
    throw error;
  }
}

// followRequests({userId, onAnswered(count left)}) -> {element, load()}: a list of requests, empty
// (and hidden) when there are none.
export function followRequests({userId, title = 'Follow requests', onAnswered = () => {}}) {
  const list = h('ul', {class: 'follow-requests'});
  const heading = h('h3', {class: 'follow-requests-title'}, title);
  const element = h('section', {class: 'follow-requests-box', hidden: true, 'aria-label': title}, heading, list);
  let requests = [];

  function row(request) {
    const who = request.expand?.follower?.username || 'Someone';
    const answer = (status) => async (event) => {
      const buttons = event.target.closest('li').querySelectorAll('button');
      for (const b of buttons) b.disabled = true;
      try {
        await follows.answer(request.id, status);
        requests = requests.filter((r) => r.id !== request.id);
        draw();
        onAnswered(requests.length);
        toast(status === 'accepted' ? `${who} now follows you.` : `Request of ${who} rejected.`);
      } catch (error) {
        for (const b of buttons) b.disabled = false;
        toast(error.message, 'error');
      }
    };
    return h(
      'li',
      {class: 'follow-request'},
      avatar(request.expand?.follower, {name: who, size: 32, round: true}),
      h('span', {class: 'follow-request-who'}, authorLink(who), ' asks to follow you'),
      h('button', {type: 'button', class: 'button small primary', 'aria-label': `Accept ${who}`, onclick: answer('accepted')}, 'Accept'),
      h('button', {type: 'button', class: 'button small', 'aria-label': `Reject ${who}`, onclick: answer('rejected')}, 'Reject'),
    );
  }

  function draw() {
    replace(list, requests.map(row));
    element.hidden = !requests.length;
  }

  return {
    element,
    get count() {
      return requests.length;
    },
    async load(options) {
      requests = await pendingRequests(userId, options).catch(() => []);
      draw();
      return requests.length;
    },
  };
}
