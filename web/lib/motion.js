// "Reduce motion" (the system setting): scripts that scroll or animate ask here, read at call
// time so a change applies without a reload. CSS turns off transitions itself (style.css).

const query = window.matchMedia('(prefers-reduced-motion: reduce)');

export function reducedMotion() {
  return query.matches;
}

// The `behavior` for scrollIntoView/scrollTo: smooth unless less motion is asked for.
export function scrollBehavior() {
  return query.matches ? 'auto' : 'smooth';
}
