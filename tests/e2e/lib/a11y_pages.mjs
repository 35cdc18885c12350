// What the e2e accessibility step audits: every screen, and the dialogs of the trail page open.
import {expect} from './steps.mjs';

// Rows the trail page and its share dialog would otherwise not show: a waypoint (map pin,
// popup, "Show on map"), a person (bob) and a link in the share dialog. `client` is alice's.
export async function addAuditExtras(client, trailId) {
  const bob = (await client.call('GET', '/search/actor?q=bob')).data.find((u) => u.username === 'bob');
  const added = [
    await client.call('PUT', '/waypoint', {author: client.user.id, trail: trailId, lat: 0.0005, lon: 9.85, name: 'Spring', description: 'Cold water'}),
    await client.call('PUT', '/trail-share', {trail: trailId, user: bob.id, permission: 'view'}),
    await client.call('PUT', '/trail-link-share', {trail: trailId, permission: 'view'}),
  ];
  expect(added.map((r) => r.status).join(), '200,200,200', 'waypoint, share and link for the audit');
}

// The pages for auditPages(): signed in as the trail's and list's author, or anonymous.
export function auditedPages({trailId, listId}) {
  const trail = `/trail/${trailId}`;
  return [
    {name: 'trails', path: '/trails', signedIn: true},
    {name: 'trail', path: trail, signedIn: true},
    {name: 'photo viewer', path: trail, signedIn: true, open: async (page) => {
      await page.getByRole('button', {name: /Open photo 1 of 1/}).click();
      await page.getByRole('dialog').getByRole('img').first().waitFor();
    }},
    {name: 'trail share dialog', path: trail, signedIn: true, open: async (page) => {
      await page.getByRole('button', {name: 'Share', exact: true}).click();
      await page.getByRole('dialog').getByRole('button', {name: 'Stop sharing with bob'}).waitFor();
      await page.getByRole('dialog').getByRole('button', {name: 'Copy link'}).waitFor();
    }},
    {name: 'trail edit', path: `${trail}/edit`, signedIn: true},
    {name: 'new trail', path: '/trail/new', signedIn: true},
    {name: 'lists', path: '/lists', signedIn: true},
    {name: 'list', path: `/list/${listId}`, signedIn: true},
    {name: 'settings', path: '/settings', signedIn: true},
    {name: 'import', path: '/import', signedIn: true},
    {name: 'login', path: '/login'},
    {name: 'signup', path: '/signup'},
    {name: 'forgot-password', path: '/forgot-password'},
  ];
}
