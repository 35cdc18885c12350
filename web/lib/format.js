// Numbers for people: distances, heights, durations and dates in the user's units. Formats are
// language-neutral (ISO dates, SI/imperial symbols) so no translation tables are needed.

const KM = 1000;
const MILE = 1609.344;
const FOOT = 0.3048;

function fixed(value, digits) {
  return Number(value).toLocaleString('en-US', {minimumFractionDigits: digits, maximumFractionDigits: digits}).replace(/,/g, '\u202f');
}

export function formatDistance(meters, units = 'metric') {
  if (meters === null || meters === undefined || Number.isNaN(Number(meters))) return '–';
  const m = Number(meters);
  if (units === 'imperial') {
    const miles = m / MILE;
    return miles < 0.1 ? `${fixed(m / FOOT, 0)} ft` : `${fixed(miles, miles < 10 ? 2 : 1)} mi`;
  }
  return m < KM ? `${fixed(m, 0)} m` : `${fixed(m / KM, m < 10 * KM ? 2 : 1)} km`;
}

export function formatElevation(meters, units = 'metric') {
  if (meters === null || meters === undefined || Number.isNaN(Number(meters))) return '–';
  return units === 'imperial' ? `${fixed(Number(meters) / FOOT, 0)} ft` : `${fixed(meters, 0)} m`;
}

// 3725 -> "1 h 02 min"; 50 -> "50 s"
export function formatDuration(seconds) {
  const s = Math.round(Number(seconds) || 0);
  if (s <= 0) return '–';
  if (s < 60) return `${s} s`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (hours === 0) return `${minutes} min`;
  if (hours >= 48) return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  return `${hours} h ${String(minutes).padStart(2, '0')} min`;
}

export function formatSpeed(metersPerSecond, units = 'metric') {
  if (!metersPerSecond) return '–';
  return units === 'imperial' ? `${fixed((metersPerSecond * 3600) / MILE, 1)} mph` : `${fixed(metersPerSecond * 3.6, 1)} km/h`;
}

// "2024-05-06 10:00:00.000Z" or "2024-05-06" -> "2024-05-06"
export function formatDate(value) {
  if (!value) return '';
  return String(value).slice(0, 10);
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${fixed(bytes / 1024, 0)} KB`;
  return `${fixed(bytes / 1024 / 1024, 1)} MB`;
}

// Inputs in the user's units <-> metres, for range filters and forms.
export function distanceUnit(units) {
  return units === 'imperial' ? {label: 'mi', meters: MILE} : {label: 'km', meters: KM};
}
export function elevationUnit(units) {
  return units === 'imperial' ? {label: 'ft', meters: FOOT} : {label: 'm', meters: 1};
}

export const DIFFICULTIES = [
  {value: 'easy', label: 'Easy'},
  {value: 'moderate', label: 'Moderate'},
  {value: 'hard', label: 'Hard'},
];

export function difficultyLabel(value) {
  const found = DIFFICULTIES.find((d) => d.value === value);
  return found ? found.label : '';
}
