// The map's own base, drawn when there are no tiles (`--tiles none`), when the tile server fails,
// and under a --tiles-file archive (which covers only its region): land, coastlines and country
// borders from Natural Earth (world-atlas, compiled into the binary) and a faint graticule.
// The world at 1:110 million comes with the first map (38 KB); the 1:50 million data (230 KB) only
// once the person moves or zooms the map at regional zoom, so it is never part of a first load.
import * as L from '../vendor/leaflet/leaflet.esm.min.js';
import {decodeArcs, mesh, polygons} from './topojson.js';
import {graticuleLines, graticuleStep} from './graticule.js';

const PANE = 'basemap';
// From this zoom on the 50m data is worth its weight (a country fills the screen).
export const REGIONAL_ZOOM = 4;
const CREDIT = 'Base: <a href="https://www.naturalearthdata.com/">Natural Earth</a>';
const LAND = {stroke: true, color: '#9aaab3', weight: 1, fill: true, fillColor: '#f6f4ee', fillOpacity: 1};
const BORDERS = {color: '#b5ac9c', weight: 1, dashArray: '4 3'};
const GRID = {color: '#48606b', weight: 1, opacity: 0.12};

// One decoded topology per scale for the whole page, shared by every map on it.
const loaded = new Map();
function loadScale(scale) {
  if (!loaded.has(scale)) {
    const url = new URL(`../vendor/world-atlas/countries-${scale}.json`, import.meta.url);
    const promise = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`base map ${scale}: HTTP ${response.status}`);
        return response.json();
      })
      .then((topology) => {
        const arcs = decodeArcs(topology);
        return {
          land: polygons(topology.objects.land, arcs),
          borders: mesh(topology.objects.countries, arcs, (a, b) => a !== b),
        };
      });
    promise.catch(() => loaded.delete(scale));  // a later zoom tries again
    loaded.set(scale, promise);
  }
  return loaded.get(scale);
}

// Draws the base under everything else on `map` (below the tile pane, so tiles that do load cover
// it). Call it once the map has a view. Returns {scale()}: the scale drawn ("110m", "50m", or ""
// before the data came); the container's data-base-map says the same.
export function addBaseMap(map) {
  if (map.getPane(PANE)) return map.cairnBaseMap;
  const pane = map.createPane(PANE);
  pane.style.zIndex = 150;
  pane.style.pointerEvents = 'none';
  map.getContainer().classList.add('map--base');
  const renderer = L.canvas({pane: PANE, padding: 0.3});
  const common = {pane: PANE, renderer, interactive: false};
  const grid = L.layerGroup().addTo(map);
  let drawn = '';
  let layers = null;
  let moved = false;  // by the person: only then is the regional data fetched
  let wanted = '110m';

  function drawGrid() {
    grid.clearLayers();
    const bounds = map.getBounds();
    const {meridians, parallels} = graticuleLines(
      {south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast()},
      graticuleStep(map.getZoom()),
    );
    grid.addLayer(L.polyline([...meridians, ...parallels], {...common, ...GRID}));
  }

  async function drawScale() {
    wanted = moved && map.getZoom() >= REGIONAL_ZOOM ? '50m' : '110m';
    if (wanted === drawn) return;
    const scale = wanted;
    let data;
    try {
      data = await loadScale(scale);
    } catch {
      return;  // the graticule still shows; the next move tries again
    }
    if (scale !== wanted || !map.getPane(PANE)) return;
    layers?.remove();
    layers = L.layerGroup([
      L.polygon(data.land, {...common, ...LAND}),
      L.polyline(data.borders, {...common, ...BORDERS}),
    ]).addTo(map);
    drawn = scale;
    map.getContainer().dataset.baseMap = scale;
  }

  map.attributionControl?.addAttribution(CREDIT);
  const container = map.getContainer();
  const byPerson = () => {
    moved = true;
  };
  // Capturing: Leaflet's controls stop these from bubbling up to the map.
  for (const type of ['pointerdown', 'wheel', 'keydown', 'touchstart']) container.addEventListener(type, byPerson, {capture: true, passive: true});
  map.on('moveend', () => {
    drawGrid();
    drawScale();
  });
  // A map made while hidden (the trails page's map on phones) learns its size later.
  map.on('resize', drawGrid);
  drawGrid();
  drawScale();
  map.cairnBaseMap = {scale: () => drawn};
  return map.cairnBaseMap;
}
