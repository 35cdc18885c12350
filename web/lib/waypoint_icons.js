// A small set of outdoor icons for waypoints, drawn as SVG paths here (no font, no image
// requests). A waypoint's `icon` holds a Font Awesome name, as the reference system stores it;
// names of the same kind share one of these drawings, and unknown names get the plain dot.
import {svg} from './dom.js';

// key -> {label, d, stroke}: a 24-unit path, filled unless `stroke`.
const DRAWINGS = {
  circle: {label: 'Point', d: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z'},
  mountain: {label: 'Summit', d: 'M2 20 9.5 6l4 7.2L16 10l6 10z'},
  house: {label: 'Hut', d: 'M3 11.5 12 4l9 7.5V20h-6v-5H9v5H3z'},
  campground: {label: 'Camp', d: 'M12 3.5 2.5 20h19zM12 11l-4.2 9h8.4z'},
  droplet: {label: 'Water', d: 'M12 2.5C8 8.2 5.5 11.6 5.5 15a6.5 6.5 0 0 0 13 0c0-3.4-2.5-6.8-6.5-12.5z'},
  utensils: {label: 'Food', d: 'M7 3v7M4.5 3v5.5a2.5 2.5 0 0 0 5 0V3M7 11v10M17 21V3c-2.5 1.5-3.5 5-3.5 8.5H17', stroke: true},
  binoculars: {label: 'Viewpoint', d: 'M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z'},
  'square-parking': {label: 'Parking', d: 'M8 21V3h5.5a5 5 0 0 1 0 10H8', stroke: true},
  flag: {label: 'Flag', d: 'M5 22V3h12l-2.5 4.5L17 12H7v10z'},
  'circle-info': {label: 'Information', d: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.3 8h2.6v8h-2.6zm0-4h2.6v2.6h-2.6z'},
  'triangle-exclamation': {label: 'Danger', d: 'M12 2 1 21h22zm-1.3 6.5h2.6v6.5h-2.6zm0 8h2.6v2.6h-2.6z'},
  tree: {label: 'Tree', d: 'M12 2 5.5 11H9l-4.5 7h6v4h3v-4h6L15 11h3.5z'},
  bus: {label: 'Public transport', d: 'M5 3h14a1 1 0 0 1 1 1v14h-2v2h-3v-2H9v2H6v-2H4V4a1 1 0 0 1 1-1zm1 3v5h12V6zm1 8.5a1.5 1.5 0 1 0 0 .1zm10 0a1.5 1.5 0 1 0 0 .1z'},
};

// Font Awesome names of the same kind, drawn alike.
const ALIASES = {
  'mountain-sun': 'mountain', 'person-hiking': 'mountain',
  'house-chimney': 'house', hotel: 'house', bed: 'house', 'house-chimney-window': 'house',
  tent: 'campground', 'fire': 'campground', 'fire-flame-curved': 'campground',
  water: 'droplet', faucet: 'droplet', 'faucet-drip': 'droplet', 'glass-water': 'droplet',
  'mug-hot': 'utensils', 'beer-mug-empty': 'utensils', burger: 'utensils', 'bowl-food': 'utensils',
  camera: 'binoculars', eye: 'binoculars', image: 'binoculars', 'panorama': 'binoculars',
  car: 'square-parking', parking: 'square-parking',
  'flag-checkered': 'flag', 'location-dot': 'flag', 'map-pin': 'flag', 'location-pin': 'flag',
  info: 'circle-info', 'circle-question': 'circle-info',
  'skull-crossbones': 'triangle-exclamation', 'circle-exclamation': 'triangle-exclamation',
  leaf: 'tree', seedling: 'tree', 'tree-city': 'tree',
  train: 'bus', 'train-subway': 'bus', 'bus-simple': 'bus',
};

// The drawing's key for a stored `icon` ('' and unknown names: 'circle').
export function iconKey(name) {
  const text = String(name || '').trim().toLowerCase().replace(/^fa-/, '');
  if (DRAWINGS[text]) return text;
  return ALIASES[text] || 'circle';
}

// [{value, label}] for pickers, the plain dot first.
export const ICON_CHOICES = Object.entries(DRAWINGS).map(([value, {label}]) => ({value, label}));

// The icon as an inline <svg> (decorative: the waypoint's name says what it is).
export function iconSvg(name, size = 16) {
  const drawing = DRAWINGS[iconKey(name)];
  const path = drawing.stroke
    ? svg('path', {d: drawing.d, fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round'})
    : svg('path', {d: drawing.d, fill: 'currentColor', 'fill-rule': 'evenodd'});
  return svg('svg', {viewBox: '0 0 24 24', width: size, height: size, 'aria-hidden': 'true', focusable: 'false', class: 'wp-icon'}, path);
}

// "Summit" for a stored icon name.
export function iconLabel(name) {
  return DRAWINGS[iconKey(name)].label;
}
