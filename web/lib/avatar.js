// Avatars of lists and people: the record's 100x100 thumbnail, or the first letter of its name on
// a tinted square (a circle with `round`). Decorative unless `alt` says otherwise.
import {h} from './dom.js';
import {files} from './resources.js';

// avatar(record, {name, size, round, alt}) -> <img> or <span>; `name` gives the initial.
export function avatar(record, {name, size = 64, round = false, alt = ''} = {}) {
  const style = {width: `${size}px`, height: `${size}px`};
  const className = ['avatar', round && 'round'];
  if (record?.avatar) {
    return h('img', {class: className, src: files.url(record, record.avatar, {thumb: '100x100'}), alt, width: size, height: size, loading: 'lazy', style});
  }
  const initial = (String(name || '?').trim()[0] || '?').toUpperCase();
  return h('span', {class: [...className, 'avatar-initial'], 'aria-hidden': 'true', style: {...style, fontSize: `${Math.round(size * 0.45)}px`}}, initial);
}
