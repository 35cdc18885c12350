// On phones the top bar slides away while the page scrolls down and comes back on the way up,
// so a small screen shows the page rather than the bar. It stays at the top of the page and
// while it holds the focus (the search popup, the open menu).
const NARROW = '(max-width: 640px)';
// Scrolls smaller than this (a finger resting on the screen) change nothing.
const JITTER_PX = 6;

export function hideHeaderWhileScrollingDown(bar) {
  if (!bar || typeof window.matchMedia !== 'function') return;
  const narrow = window.matchMedia(NARROW);
  let last = window.scrollY;
  let queued = false;
  const update = () => {
    queued = false;
    const y = window.scrollY;
    const moved = y - last;
    if (Math.abs(moved) < JITTER_PX) return;
    last = y;
    const stay = !narrow.matches || y <= bar.offsetHeight || bar.contains(document.activeElement);
    bar.classList.toggle('top-bar-away', !stay && moved > 0);
  };
  window.addEventListener('scroll', () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  }, {passive: true});
  bar.addEventListener('focusin', () => bar.classList.remove('top-bar-away'));
  narrow.addEventListener('change', () => bar.classList.remove('top-bar-away'));
}
