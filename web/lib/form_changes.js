// What changed in a form since it was shown or saved: the names whose value differs between two
// snapshots of forms.js's formValues. Pure, for the unsaved-changes guard and for saves that
// send only what changed.

// The names of `after` whose value differs from `before` (a name missing on one side counts as
// changed when the other holds anything but '' or false).
export function changedNames(before, after) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const empty = (value) => value === undefined || value === '' || value === false;
  const same = (a, b) => (empty(a) && empty(b)) || String(a) === String(b);
  return [...names].filter((name) => !same(before[name], after[name]));
}
