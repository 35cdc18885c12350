// The --tiles-file archive on a map: the server's PMTiles file read with range requests by
// pmtiles (raster tiles) or protomaps-leaflet (vector tiles). Each reader is its own module,
// imported only on servers that have an archive, so other servers never load it.

// The Leaflet layer for `archive` (the UI config's tilesFile), or null when its reader fails to
// load. Tiles are asked only inside the archive's bounds: outside them the base map shows.
export async function tileArchiveLayer(L, archive, attribution) {
  const [west, south, east, north] = archive.bounds;
  const options = {
    attribution,
    bounds: L.latLngBounds([south, west], [north, east]),
    // Nothing below its lowest zoom (no tiles there); above its highest, its tiles enlarged.
    minZoom: archive.minZoom,
    maxNativeZoom: archive.maxZoom,
  };
  if (archive.type === 'mvt') {
    const {default: protomapsL} = await import('../vendor/protomaps-leaflet/protomaps-leaflet.mjs');
    // The light flavour of the Protomaps basemap layers (what `pmtiles extract` of a Protomaps
    // build gives); its tiles are drawn up to their zoom and beyond (overzoomed).
    return protomapsL.leafletLayer({...options, url: archive.url, flavor: 'light', lang: document.documentElement.lang || 'en', maxDataZoom: archive.maxZoom});
  }
  const {default: pmtiles} = await import('../vendor/pmtiles/pmtiles.mjs');
  const layer = pmtiles.leafletRasterLayer(new pmtiles.PMTiles(archive.url), options);
  // Its tiles are bare <img> elements: decoration, as Leaflet's own tile layer marks them.
  layer.on('tileloadstart', ({tile}) => {
    tile.alt = '';
    tile.setAttribute('role', 'presentation');
  });
  return layer;
}
