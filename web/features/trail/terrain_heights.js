// "Use terrain heights" on a trail page: for those who may edit the trail, when the server's
// terrain model covers its whole track, the trail's gain, loss, highest and lowest point and
// profile can come from the model instead of the file's altitudes (a phone's GPS altitude
// doubles the climb); "Use the file's heights" undoes it. The file itself never changes.
import {h, keepFocus, toast} from '../../lib/dom.js';
import {trails} from '../../lib/resources.js';

const UNDO = {apply: false, label: "Use the file's heights", hint: "Gain, loss and the profile from the file's own altitudes again."};

// What to offer for a coverage answer {elevation_source, points, covered, percent}:
// {apply: true|false, label, hint} or null (nothing to offer). Pure.
export function terrainAction(coverage) {
  if (!coverage || !(coverage.points > 0)) return null;
  if (coverage.elevation_source === 'terrain') return UNDO;
  if (coverage.covered !== coverage.points) return null;
  return {apply: true, label: 'Use terrain heights', hint: "Gain, loss and the profile from the server's terrain model instead of the file's altitudes, which phones measure poorly. The file is kept; this can be undone."};
}

// The button's slot: empty until the coverage is known, then the button (or nothing). A failed
// look leaves it empty: the action is optional. Undoing needs no coverage, so a trail already on
// the terrain's heights gets its button without a request (the server reads the whole track
// file to count coverage).
export function terrainHeightsSlot(trail, {status, navigate}) {
  const slot = h('span', {class: 'terrain-heights'});
  if (trail.elevation_source === 'terrain') {
    slot.append(actionButton(trail, UNDO, {status, navigate}));
    return slot;
  }
  trails
    .terrainCoverage(trail.id)
    .then((coverage) => {
      const action = terrainAction(coverage);
      if (action) slot.append(actionButton(trail, action, {status, navigate}));
    })
    .catch(() => {});
  return slot;
}

function actionButton(trail, action, {status, navigate}) {
  const button = h('button', {type: 'button', class: 'button', title: action.hint}, action.label);
  button.addEventListener('click', async () => {
    status.textContent = '';
    const restoreFocus = keepFocus(button);
    button.disabled = true;
    try {
      await (action.apply ? trails.applyTerrain(trail.id) : trails.undoTerrain(trail.id));
      toast(action.apply ? 'Heights now come from the terrain model.' : "Heights now come from the file again.");
      navigate(`/trail/${trail.id}`, {replace: true, force: true});
    } catch (error) {
      status.textContent = `Heights not changed: ${error.message}`;
      button.disabled = false;
      restoreFocus();
    }
  });
  return button;
}
