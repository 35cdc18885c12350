// A small Strava bulk export made on the fly: activities.csv (the columns Strava writes, looked up
// by name) and two GPX activities at different places, plus one row entered by hand (no file),
// which an import skips.
import {zip} from './zip.mjs';

const HEADER = ['Activity ID', 'Activity Date', 'Activity Name', 'Activity Type', 'Activity Description', 'Elapsed Time', 'Distance', 'Filename', 'Media'];

const csvCell = (value) => `"${String(value).replace(/"/g, '""')}"`;

// 40 points heading north-east from (lat, lon), one every 30 s from `start`.
export function activityGpx({name, lat, lon, start}) {
  const t0 = Date.parse(start);
  const points = [];
  for (let i = 0; i < 40; i++) {
    const time = new Date(t0 + i * 30000).toISOString().replace('.000Z', 'Z');
    points.push(`<trkpt lat="${(lat + i * 0.0005).toFixed(6)}" lon="${(lon + i * 0.0004).toFixed(6)}"><ele>${(500 + i * 3).toFixed(1)}</ele><time>${time}</time></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="StravaGPX" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>${name}</name><type>hiking</type><trkseg>
${points.join('\n')}
</trkseg></trk></gpx>
`;
}

// -> {buffer, activities: [{id, name, type}], names of the imported two and of the skipped one}
export function stravaExport() {
  const rows = [
    {id: '1001', date: 'Jun 1, 2024, 7:00:00 AM', name: 'Import Ridge Hike', type: 'Hike', file: 'activities/1001.gpx', lat: 47.0, lon: 8.0},
    {id: '1002', date: 'Jun 2, 2024, 8:00:00 AM', name: 'Import Valley Ride', type: 'Ride', file: 'activities/1002.gpx', lat: 46.0, lon: 7.0},
    {id: '1003', date: 'Jun 3, 2024, 6:00:00 PM', name: 'Indoor Trainer', type: 'Ride', file: ''},
  ];
  const csv = [HEADER.map(csvCell).join(',')];
  for (const row of rows) csv.push([row.id, row.date, row.name, row.type, '', '1200', '2.5', row.file, ''].map(csvCell).join(','));
  const entries = [{name: 'activities.csv', data: `${csv.join('\n')}\n`}];
  for (const row of rows.filter((r) => r.file)) {
    const start = new Date(Date.parse('2024-06-01T07:00:00Z') + (Number(row.id) - 1001) * 86400000).toISOString();
    entries.push({name: row.file, data: activityGpx({name: row.name, lat: row.lat, lon: row.lon, start})});
  }
  return {buffer: zip(entries), rows};
}
