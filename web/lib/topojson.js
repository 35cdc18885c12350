// TopoJSON (https://github.com/topojson/topojson-specification) as the base map draws it: rings
// of polygons and the lines between neighbours, as [lat, lng] pairs ready for Leaflet. Only what
// Natural Earth's world-atlas files use (quantized arcs, Polygon, MultiPolygon and
// GeometryCollection); a few dozen lines instead of a library, so the first load stays small.

// The topology's arcs as arrays of [lat, lng]: quantized positions (with a `transform`) are
// delta-encoded integers, scaled and translated here; without one they are plain [lng, lat].
export function decodeArcs(topology) {
  const transform = topology.transform;
  return topology.arcs.map((arc) => {
    if (!transform) return arc.map(([lng, lat]) => [lat, lng]);
    const [sx, sy] = transform.scale;
    const [tx, ty] = transform.translate;
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [y * sy + ty, x * sx + tx];
    });
  });
}

// One ring from arc indexes: a negative index ~i is arc i backwards; consecutive arcs share
// their joining point, which is kept once.
function ring(indexes, arcs) {
  const points = [];
  for (const index of indexes) {
    const arc = index >= 0 ? arcs[index] : [...arcs[~index]].reverse();
    for (let i = points.length ? 1 : 0; i < arc.length; i++) points.push(arc[i]);
  }
  return points;
}

// Every geometry of `object` (a GeometryCollection or one geometry), flattened.
function geometriesOf(object) {
  return object.type === 'GeometryCollection' ? object.geometries.flatMap(geometriesOf) : [object];
}

// The polygons of `object` as [[outer ring, ...holes], ...]; other geometry types are left out.
export function polygons(object, arcs) {
  const out = [];
  for (const geometry of geometriesOf(object)) {
    if (geometry.type === 'Polygon') out.push(geometry.arcs.map((r) => ring(r, arcs)));
    if (geometry.type === 'MultiPolygon') for (const p of geometry.arcs) out.push(p.map((r) => ring(r, arcs)));
  }
  return out;
}

// The arcs of `object`'s polygons kept by `keep(a, b)`, where a and b are the indexes of the two
// geometries an arc lies between (the same index for an arc on the outside): (a, b) => a !== b
// gives the borders between countries, (a, b) => a === b the coastline. As topojson-client's mesh,
// but each arc is its own line (they are drawn, not joined).
export function mesh(object, arcs, keep) {
  const users = new Map();
  geometriesOf(object).forEach((geometry, g) => {
    const rings = geometry.type === 'Polygon' ? geometry.arcs : geometry.type === 'MultiPolygon' ? geometry.arcs.flat() : [];
    for (const r of rings) {
      for (const index of r) {
        const arc = index >= 0 ? index : ~index;
        const seen = users.get(arc);
        if (seen) seen.push(g);
        else users.set(arc, [g]);
      }
    }
  });
  const lines = [];
  for (const [arc, geometries] of users) {
    if (keep(geometries[0], geometries[geometries.length - 1])) lines.push(arcs[arc]);
  }
  return lines;
}
