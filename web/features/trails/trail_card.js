// A trail as a card on the trails page: its photo (or drawn track), name, place, the numbers a
// hiker compares, badges for difficulty and who sees it, date and author.
import {h} from '../../lib/dom.js';
import {files} from '../../lib/resources.js';
import {difficultyLabel, formatDate} from '../../lib/format.js';
import {trackNumbers, trackPreview} from '../../lib/track_summary.js';
import {authorLink} from '../../lib/people.js';
import {likeButton} from '../people/like_button.js';

function cardMedia(trail) {
  const photos = Array.isArray(trail.photos) ? trail.photos : [];
  if (!photos.length) return h('div', {class: 'trail-card-media'}, trackPreview(trail, {width: 320, height: 180}));
  const index = Number.isInteger(trail.thumbnail) && trail.thumbnail >= 0 && trail.thumbnail < photos.length ? trail.thumbnail : 0;
  return h(
    'div',
    {class: 'trail-card-media'},
    h('img', {src: files.url(trail, photos[index], {thumb: '600x0'}), alt: `Photo of ${trail.name || 'the trail'}`, loading: 'lazy', decoding: 'async', width: 320, height: 180}),
  );
}

// The card shows three of the track's numbers, each with an icon; the term is for screen readers.
const CARD_STATS = {Distance: '↔', 'Elevation gain': '↗', Duration: '◷'};

function stat(term, value) {
  return h('div', null, h('dt', {class: 'visually-hidden'}, term), h('dd', null, h('span', {class: 'trail-card-icon', 'aria-hidden': 'true'}, CARD_STATS[term]), value));
}

// Distance, gain and duration; without a track only those that are known, or a line saying so.
function cardStats(trail, units) {
  const stats = trackNumbers(trail, units).filter(([term]) => term in CARD_STATS).map(([term, value]) => stat(term, value));
  if (!stats.length) return h('p', {class: 'trail-card-stats muted'}, 'No GPS track yet');
  return h('dl', {class: 'trail-card-stats'}, stats);
}

function cardBadges(trail, me) {
  const badges = [];
  if (trail.difficulty) badges.push(h('span', {class: ['badge', trail.difficulty]}, difficultyLabel(trail.difficulty) || trail.difficulty));
  if (me && !trail.public) {
    if (trail.author === me) badges.push(h('span', {class: 'badge private'}, 'Private'));
    else badges.push(h('span', {class: 'badge shared'}, 'Shared with you'));
  }
  return badges.length ? h('div', {class: 'trail-card-badges'}, badges) : null;
}

// trailCard(trail, {units, me}) -> <li class="trail-card" data-id>; `me` is the viewer's id ('' signed out).
// The heart shows the like count (and toggles for signed-in people); like_button.markLiked()
// fills in which of a page's cards the viewer liked.
export function trailCard(trail, {units, me}) {
  const author = trail.expand?.author?.username;
  const date = formatDate(trail.date);
  return h(
    'li',
    {class: 'trail-card', dataset: {id: trail.id}},
    h(
      'article',
      null,
      cardMedia(trail),
      h(
        'div',
        {class: 'trail-card-body'},
        h('h2', {class: 'trail-card-title'}, h('a', {href: `/trail/${encodeURIComponent(trail.id)}`}, trail.name || 'Unnamed trail')),
        trail.location ? h('p', {class: 'trail-card-location'}, trail.location) : null,
        cardStats(trail, units),
        h(
          'div',
          {class: 'trail-card-foot'},
          cardBadges(trail, me),
          h(
            'p',
            {class: 'trail-card-meta'},
            date ? h('time', {datetime: date}, date) : null,
            author && trail.author !== me ? h('span', {class: 'trail-card-author'}, 'by ', authorLink(author)) : null,
          ),
          likeButton(trail, {signedIn: Boolean(me), className: 'trail-card-like'}),
        ),
      ),
    ),
  );
}
