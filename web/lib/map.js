// Leaflet maps with the server's tile settings. Tiles are the only requests that leave the
// server; when they are off or unreachable the map draws its own Natural Earth base instead.
import * as L from '../vendor/leaflet/leaflet.esm.min.js';
import {config, session} from './session.js';
import {addBaseMap} from './base_map.js';
import {tileArchiveLayer} from './tile_archive_layer.js';
import {h} from './dom.js';
import {reducedMotion} from './motion.js';

export {L};

// Leaflet 1.6's canvas renderer can be told to draw after its map is gone (a zoom animation's
// timer or a view reset landing while a page is left), and then throws reading the drawing
// context it deleted ("reading 'save'"). A renderer without a context has nothing to draw.
for (const name of ['_redraw', '_updatePaths', '_reset', '_update']) {
  const draw = L.Canvas.prototype[name];
  L.Canvas.prototype[name] = function (...args) {
    return this._ctx ? draw.apply(this, args) : undefined;
  };
}

export const TRACK_COLOR = '#c2410c';
export const OTHER_COLOR = '#2f5d50';
const MAX_ZOOM = 19;

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
    // The tiles' zoom range when there are tiles; without (`--tiles none`) the map needs its own,
    // or the marker clusters refuse to start ("Map has no maxZoom specified").
    minZoom: 0,
    maxZoom: MAX_ZOOM,
    // "Reduce motion": zooms, pans and popups jump instead of sliding or fading.
    ...(reducedMotion() ? {zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false, inertia: false} : {}),
    ...options,
  });
  map.attributionControl.setPrefix(false);
  map.once('focus', () => map.scrollWheelZoom.enable());
  map.on('click', () => map.scrollWheelZoom.enable());
  // Leaflet's popup close is a bare "×" link to "#close": name it as the button it is.
  // A popup opened from the keyboard (Enter on a focused pin) takes the focus, so its content
  // is read and reachable, closes with Escape, and gives the focus back to the pin.
  let opener = null;
  map.on('popupopen', (event) => {
    const box = event.popup.getElement();
    const close = box?.querySelector('.leaflet-popup-close-button');
    close?.setAttribute('role', 'button');
    close?.setAttribute('aria-label', 'Close popup');
    const active = document.activeElement;
    opener = active && active !== element && element.contains(active) && !box?.contains(active) ? active : null;
    if (!opener || !box) return;
    // Leaflet closes popups on Escape only while the map itself has the focus.
    if (!box.dataset.escapes) {
      box.dataset.escapes = 'yes';
      box.addEventListener('keydown', (e) => {
        if (e.key !== 'Escape') return;
        // Not on to the map: its handler would look for the popup's parents after it is gone.
        e.stopPropagation();
        map.closePopup();
      });
    }
    const content = box.querySelector('.leaflet-popup-content');
    const target = content?.querySelector('a[href], button, input, select, textarea') || content;
    if (target === content) content.setAttribute('tabindex', '-1');
    // The popup is shown a moment after this event (until then focus() does nothing): try again
    // for a few frames, as long as it is still this popup and nothing else took the focus.
    const wanted = opener;
    let frames = 0;
    const tryFocus = () => {
      if (opener !== wanted || !target?.isConnected || document.activeElement !== wanted) return;
      target.focus({preventScroll: true});
      if (document.activeElement !== target && ++frames < 30) requestAnimationFrame(tryFocus);
    };
    tryFocus();
  });
  map.on('popupclose', (event) => {
    const box = event.popup.getElement();
    const back = opener;
    opener = null;
    const active = document.activeElement;
    const focusWasInside = !active || active === document.body || box?.contains(active);
    if (back?.isConnected && focusWasInside) back.focus({preventScroll: true});
  });
  L.control.scale({position: 'bottomleft', metric: session.units !== 'imperial', imperial: session.units === 'imperial'}).addTo(map);
  map.setView([47, 10], 4);
  if (settings.tilesFile) {
    // The archive covers its region; the base map shows around it and while it loads.
    addBaseMap(map);
    tileArchiveLayer(L, settings.tilesFile, settings.attribution || '')
      .then((layer) => layer.addTo(map))
      .catch((error) => console.warn('tile archive:', error));
  } else if (settings.tiles) {
    const tiles = L.tileLayer(settings.tiles, {
      maxZoom: MAX_ZOOM,
      attribution: settings.attribution || '',
      crossOrigin: false,
    });
    // A tile server that cannot be reached (offline, a home network without one): the base map.
    tiles.once('tileerror', () => addBaseMap(map));
    tiles.addTo(map);
  } else {
    addBaseMap(map);
  }
  return map;
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

// A small labelled pin (S, E, a number, or an icon or photo) drawn with HTML so no image is
// fetched: `text` is the label, or a function making the node to show (called each time the pin
// is added to the map). With `keyboard` (the default when it has a title) it is a Tab stop named
// `name` (by default `title`; it should contain `text` when that is a number) that opens its
// popup or click action with Enter; without, it is only a picture (hover shows the title).
export function labelMarker(latlng, text, {className = '', title = '', name = title, keyboard = Boolean(title), size = 24} = {}) {
  return L.marker(latlng, {
    icon: L.divIcon({className: `pin ${className}`, html: '', iconSize: [size, size], iconAnchor: [size / 2, size / 2]}),
    title,
    alt: title,
    keyboard,
  }).on('add', function onAdd() {
    const el = this.getElement();
    if (!el) return;
    el.replaceChildren(typeof text === 'function' ? text() : String(text));
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
