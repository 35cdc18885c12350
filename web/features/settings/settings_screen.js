// Profile and settings (sign-in required): profile, preferences, categories, password, API tokens,
// connected services, and deleting the account. Each section saves on its own and shows its errors in place.
import {h} from '../../lib/dom.js';
import {auth} from '../../lib/resources.js';
import {profileSection, preferencesSection} from './profile_sections.js';
import {passwordSection, deleteSection} from './account_sections.js';
import {tokensSection} from './tokens_section.js';
import {categoriesSection} from './categories_section.js';
import {notificationsSection} from './notifications_section.js';
import {pluginsSection} from './plugins_section.js';
import {profileHref} from '../../lib/people.js';
import {scrollBehavior} from '../../lib/motion.js';

const SECTIONS = [
  ['profile', 'Profile'],
  ['preferences', 'Preferences'],
  ['categories', 'Categories'],
  ['notifications', 'Notifications'],
  ['password', 'Password'],
  ['tokens', 'API tokens'],
  ['plugins', 'Connected services'],
  ['delete', 'Delete account'],
];

// In-page links: the router ignores clicks already handled, so we scroll ourselves.
function sectionNav() {
  return h(
    'nav',
    {class: 'settings-nav', 'aria-label': 'Settings sections'},
    SECTIONS.map(([id, label]) =>
      h('a', {href: `#${id}`, onclick: (event) => {
        event.preventDefault();
        const target = document.getElementById(id);
        target?.scrollIntoView({behavior: scrollBehavior(), block: 'start'});
        target?.querySelector('h2')?.focus({preventScroll: true});
      }}, label),
    ),
  );
}

export default {
  async render(ctx) {
    const {view, session, isCurrent} = ctx;
    if (!ctx.requireUser()) return;
    document.title = 'Profile and settings · Cairn';
    // The freshest profile (bio, avatar), in case another device changed it.
    try {
      const me = await auth.me();
      if (!isCurrent()) return;
      session.user = {...session.user, ...me};
    } catch (error) {
      // The session ended elsewhere (password changed, account deleted): sign in again.
      if (error.status === 401) {
        session.forgetUser();
        ctx.requireUser();
        return;
      }
    }
    const sections = [profileSection(session), preferencesSection(session), categoriesSection(), notificationsSection(session), passwordSection(session), tokensSection(), pluginsSection(), deleteSection(ctx)];
    for (const section of sections) section.querySelector('h2').setAttribute('tabindex', '-1');
    view.append(
      h(
        'div',
        {class: 'page settings-page'},
        h('h1', null, 'Profile and settings'),
        h('p', {class: 'row'}, h('a', {href: profileHref(session.user.username)}, 'View your profile page'), h('a', {href: '/duplicates'}, 'Find duplicate trails'), h('a', {href: '/import'}, 'Import an export')),
        h('div', {class: 'settings-layout'}, sectionNav(), h('div', {class: 'settings-sections'}, sections)),
      ),
    );
    // Back from a service's sign-in page (or a link to a section): show that section, and start
    // keyboard and screen-reader users at its heading rather than the page's.
    const wanted = location.hash.slice(1) || (ctx.query.has('instance') ? 'plugins' : '');
    if (SECTIONS.some(([id]) => id === wanted)) {
      requestAnimationFrame(() => {
        const target = document.getElementById(wanted);
        target?.scrollIntoView({block: 'start'});
        target?.querySelector('h2')?.focus({preventScroll: true});
      });
    }
  },
};
