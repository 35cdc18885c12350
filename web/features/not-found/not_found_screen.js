// Any path the router does not know.
import {h} from '../../lib/dom.js';

export default {
  render({view}) {
    document.title = 'Not found · Cairn';
    view.append(
      h('section', {class: 'page narrow'}, h('h1', null, 'Not found'), h('p', null, 'There is no page at this address.'), h('p', null, h('a', {href: '/trails', 'data-link': true}, 'Go to the trails'))),
    );
  },
};
