// Leaflet maps with the server's tile settings. Tiles are the only requests that leave the
// server; when they are off or unreachable the lines still draw on the plain background.
import * as L from '../vendor/leaflet/leaflet.esm.min.js';
import {config} from './session.js';
import {decodePolyline} from './polyline.js';
import {h} from './dom.js';
import {reducedMotion} from './motion.js';

export {L};

export const TRACK_COLOR = '#c2410c';
export const OTHER_COLOR = '#2f5d50';

// createMap(element, {zoomControl}) -> Leaflet map, with tiles and attribution from the config.
export function createMap(element, options = {}) {
  const settings = config();
  element.classList.add('map');
  const map = L.map(element, {
    zoomControl: true,
    attributionControl: true,
    tap: true,
    // Scroll-zoom only after a click into the map, so the page scrolls past it on phones and wheels.
    scrollWheelZoom: false,
    preferCanvas: options.preferCanvas ?? true,
    // "Reduce motion": zooms, pans and popups jump instead of sliding or fading.
    ...(reducedMotion() ? {zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false, inertia: false} : {}),
    ...options,
  });
  map.attributionControl.setPrefix(false);
  map.once('focus', () => map.scrollWheelZoom.enable());
  map.on('click', () => map.scrollWheelZoom.enable());
  // Leaflet's popup close is a bare "×" link to "#close": name it as the button it is.
  map.on('popupopen', (event) => {
    const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
    close?.setAttribute('role', 'button');
    close?.setAttribute('aria-label', 'Close popup');
  });
  if (settings.tiles) {
    const tiles = L.tileLayer(settings.tiles, {
      maxZoom: 19,
      attribution: settings.attribution || '',
      crossOrigin: false,
    });
    tiles.addTo(map);
  }
  map.setView([47, 10], 4);
  return map;
}

// latlngs from an encoded polyline (the API's `polyline` / `preview` field).
export function trackPoints(encoded) {
  return encoded ? decodePolyline(encoded) : [];
}

export function drawTrack(map, latlngs, options = {}) {
  const casing = L.polyline(latlngs, {color: '#fff', weight: (options.weight || 4) + 3, opacity: 0.9, interactive: false});
  const line = L.polyline(latlngs, {color: options.color || TRACK_COLOR, weight: options.weight || 4, opacity: 1, ...options});
  const group = L.featureGroup([casing, line]).addTo(map);
  return {group, line, casing};
}

export function pointMarker(latlng, {color = TRACK_COLOR, label, radius = 7} = {}) {
  const marker = L.circleMarker(latlng, {radius, color: '#fff', weight: 2, fillColor: color, fillOpacity: 1});
  // Leaflet puts string content in as HTML; a text node keeps a trail's name a name.
  if (label) marker.bindTooltip(h('span', null, label));
  return marker;
}

// A small labelled pin (S, E, or a waypoint glyph) drawn with HTML so no image is fetched.
// With `keyboard` (the default when it has a title) it is a Tab stop named `name` (by default
// `title`; it should contain `text` when that is a number) that opens its popup or click action
// with Enter; without, it is only a picture (hover shows the title).
export function labelMarker(latlng, text, {className = '', title = '', name = title, keyboard = Boolean(title)} = {}) {
  return L.marker(latlng, {
    icon: L.divIcon({className: `pin ${className}`, html: '', iconSize: [24, 24], iconAnchor: [12, 12]}),
    title,
    alt: title,
    keyboard,
  }).on('add', function onAdd() {
    const el = this.getElement();
    if (!el) return;
    el.textContent = text;
    if (keyboard) {
      el.setAttribute('role', 'button');
      el.setAttribute('aria-label', name);
    } else {
      el.setAttribute('aria-hidden', 'true');
    }
  });
}

export function fitTo(map, bounds, maxZoom = 15) {
  if (bounds && bounds.isValid && bounds.isValid()) map.fitBounds(bounds, {padding: [24, 24], maxZoom, animate: !reducedMotion()});
}
