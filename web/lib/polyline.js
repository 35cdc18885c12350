// Google's encoded polyline format (precision 5), as the API's `polyline` and `preview` use it.
export function decodePolyline(text, precision = 5) {
  const factor = 10 ** precision;
  const points = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte;
    do {
      if (index >= text.length) throw new Error('truncated polyline');
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  try {
    while (index < text.length) {
      lat += next();
      lon += next();
      points.push([lat / factor, lon / factor]);
    }
  } catch {
    // A damaged string draws what was read before the damage.
  }
  return points;
}
