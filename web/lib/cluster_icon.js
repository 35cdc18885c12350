// A marker cluster's icon: Leaflet.markercluster's look with its count, named for screen readers
// as the button it is ("12 trails here: zoom in"; Enter zooms in, as a click does).
import {L} from './map.js';

const ClusterIcon = L.DivIcon.extend({
  createIcon(oldIcon) {
    const div = L.DivIcon.prototype.createIcon.call(this, oldIcon);
    const n = this.options.count;
    div.setAttribute('role', 'button');
    div.setAttribute('aria-label', `${n} ${this.options.noun} here: zoom in`);
    div.dataset.count = String(n);
    return div;
  },
});

// clusterIconFor('trails') -> the group's iconCreateFunction.
export function clusterIconFor(noun) {
  return (cluster) => {
    const n = cluster.getChildCount();
    const size = n < 10 ? 'small' : n < 100 ? 'medium' : 'large';
    // A number of our own making, so HTML is safe here.
    return new ClusterIcon({html: `<div><span>${n}</span></div>`, className: `marker-cluster marker-cluster-${size}`, iconSize: L.point(40, 40), count: n, noun});
  };
}
