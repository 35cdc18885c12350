// Bootstraps the app: who is signed in, the navigation, and the routes to each screen.
import {h, replace, toast} from './lib/dom.js';
import {route, setNotFound, render, navigate, interceptLinks, setContext, onNavigate, preload} from './lib/router.js';
import {session, signInHref} from './lib/session.js';
import {headerSearch} from './features/search/header_search.js';
import {hideHeaderWhileScrollingDown} from './lib/header_scroll.js';
// From the first page on, the titles of followed links are noted for the next page's placeholder.
import './lib/placeholders.js';

// Each screen lives in its feature's folder and loads when its route is first visited.
const screen = (file, name = 'default') => () => import(`./features/${file}`).then((m) => m[name]);

route('/', screen('trails/trails_screen.js'));
route('/trails', screen('trails/trails_screen.js'));
route('/trail/new', screen('trail-editor/new_trail_screen.js'));
route('/trail/:id', screen('trail/trail_screen.js'));
route('/trail/:id/edit', screen('trail-editor/edit_trail_screen.js'));
route('/trail/:id/line', screen('planner/planner_screen.js'));
route('/plan', screen('planner/planner_screen.js'));
route('/lists', screen('lists/lists_screen.js'));
route('/list/:id', screen('lists/list_screen.js'));
route('/settings', screen('settings/settings_screen.js'));
// Where a service's OAuth sign-in sends the browser back to (the server names it as redirectUri).
route('/settings/connected', screen('settings/oauth_callback_screen.js'));
route('/profile/:handle', screen('people/profile_screen.js'));
route('/feed', screen('people/feed_screen.js'));
route('/duplicates', screen('merge/duplicates_screen.js'));
route('/import', screen('import/import_screen.js'));
route('/login', screen('auth/auth_screens.js', 'login'));
route('/signup', screen('auth/auth_screens.js', 'signup'));
route('/forgot-password', screen('auth/auth_screens.js', 'forgotPassword'));
route('/reset-password', screen('auth/auth_screens.js', 'resetPassword'));
setNotFound(screen('not-found/not_found_screen.js'));

// The notification bell lives across pages and polls only while someone is signed in; its code
// loads with the first signed-in page, so visitors never fetch it.
const bellSlot = h('span', {class: 'bell-slot'});
let bell = null;
function startBell(user) {
  if (bell) return bell.start(user);
  if (!user) return;
  import('./features/people/notification_bell.js')
    .then(({notificationBell}) => {
      bell ||= notificationBell({navigate});
      bellSlot.replaceChildren(bell.element);
      bell.start(session.user);
    })
    .catch((error) => console.warn('notification bell:', error));
}

function renderNav() {
  const nav = navLinks();
  startBell(session.user);
  const link = (href, text) => h('a', {href, 'data-link': true}, text);
  if (session.signedIn) {
    const signOut = h('button', {type: 'button', class: 'link-button'}, 'Sign out');
    signOut.addEventListener('click', async () => {
      try {
        await session.signOut();
        navigate('/');
      } catch (error) {
        toast(error.message, 'error');
      }
    });
    replace(
      nav,
      link('/trails', 'Trails'),
      link('/lists', 'Lists'),
      link('/feed', 'Feed'),
      link('/plan', 'Plan'),
      link('/import', 'Import'),
      h('a', {href: '/trail/new', 'data-link': true, class: 'nav-new'}, '+ New', h('span', {class: 'hide-narrow'}, 'trail')),
      h('a', {href: '/settings', 'data-link': true, class: 'nav-user', title: 'Profile and settings'}, session.user.username),
      signOut,
    );
  } else {
    replace(nav, link('/trails', 'Trails'), link('/login', 'Sign in'), link('/signup', 'Sign up'));
  }
  for (const a of nav.querySelectorAll('a')) {
    const here = location.pathname === a.getAttribute('href') || (a.getAttribute('href') === '/trails' && location.pathname === '/');
    if (here) a.setAttribute('aria-current', 'page');
  }
  closeMenu();
}

// The navigation's links; on phones they fold behind a Menu button (one header row there).
let menuButton = null;
function navLinks() {
  const nav = document.getElementById('nav');
  let links = document.getElementById('nav-links');
  if (!links) {
    links = h('div', {id: 'nav-links', class: 'nav-links'});
    menuButton = h('button', {type: 'button', class: 'nav-menu-button', 'aria-expanded': 'false', 'aria-controls': 'nav-links'}, 'Menu');
    menuButton.addEventListener('click', () => setMenu(menuButton.getAttribute('aria-expanded') !== 'true'));
    nav.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || menuButton.getAttribute('aria-expanded') !== 'true') return;
      setMenu(false);
      menuButton.focus();
    });
    document.addEventListener('click', (event) => {
      if (!nav.contains(event.target)) closeMenu();
    });
    // The bell stays outside the links, so a phone shows it beside the Menu button.
    replace(nav, menuButton, links, bellSlot);
  }
  return links;
}

function setMenu(open) {
  menuButton?.setAttribute('aria-expanded', String(open));
  document.getElementById('nav-links')?.classList.toggle('open', open);
}

function closeMenu() {
  setMenu(false);
}

function showError(error, view) {
  const notFound = error && error.status === 404;
  if (!notFound) console.error(error);
  replace(
    view,
    h(
      'section',
      {class: 'page narrow'},
      h('h1', null, notFound ? 'Not found' : 'Something went wrong'),
      h('p', null, notFound ? 'This page does not exist, or it is not shared with you.' : error?.message || String(error)),
      !session.signedIn && notFound ? h('p', null, h('a', {href: signInHref(), 'data-link': true}, 'Sign in'), ' to see what is shared with you.') : null,
      h('p', null, h('a', {href: '/trails', 'data-link': true}, 'Back to the trails')),
    ),
  );
}

// Every screen gets these in its context.
const context = {
  session,
  onError: showError,
  // Sends a signed-out visitor to the login page and back here afterwards; true when signed in.
  requireUser() {
    if (session.signedIn) return true;
    navigate(signInHref(), {replace: true});
    return false;
  },
};

async function start() {
  setContext(context);
  interceptLinks();
  document.getElementById('header-search').replaceWith(headerSearch({navigate}).element);
  hideHeaderWhileScrollingDown(document.querySelector('.top-bar'));
  session.onChange(renderNav);
  onNavigate(renderNav);
  preload();  // the screen's code downloads while the session is checked
  try {
    await session.load();
  } catch (error) {
    toast(error.message, 'error');
  }
  await render();
  document.documentElement.dataset.ready = 'true';
}

start();
