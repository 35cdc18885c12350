// web/features/people/notification_text.js: what each notification type says and links to, the
// per-type settings with their defaults, and the bell's badge.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {NOTIFICATION_TYPES, metadataOf, notificationPrefs, notificationText, unreadBadge} from '../../../../web/features/people/notification_text.js';

const author = {expand: {author: {username: 'ben'}}};

test('every notification type has its sentence and link', () => {
  const cases = [
    [{type: 'new_follower', metadata: {follower: '@ben'}}, 'now follows you', '/profile/@ben'],
    [{type: 'follow_request', metadata: {}}, 'asks to follow you', '/profile/@ben'],
    [{type: 'trail_like', metadata: {trail_id: 't1', trail_name: 'Ridge', liker: '@ben'}}, 'likes your trail “Ridge”', '/trail/t1'],
    [{type: 'trail_comment', metadata: {trail_id: 't1', trail_name: 'Ridge', comment: 'Nice'}}, 'commented on your trail “Ridge”', '/trail/t1#comments-title', 'Nice'],
    [{type: 'comment_reply', metadata: {trail_id: 't1', trail_name: 'Ridge', comment: 'Me too'}}, 'also commented on “Ridge”', '/trail/t1#comments-title', 'Me too'],
    [{type: 'summit_log_create', metadata: {trail_id: 't1', trail_name: 'Ridge'}}, 'logged a summit on your trail “Ridge”', '/trail/t1'],
    [{type: 'trail_share', metadata: {id: 't2', trail: 'Lake'}}, 'shared the trail “Lake” with you', '/trail/t2'],
    [{type: 'list_share', metadata: {id: 'l1', list: 'Alps'}}, 'shared the list “Alps” with you', '/list/l1'],
    [{type: 'something_new', metadata: {}}, 'did something you asked to hear about', ''],
  ];
  for (const [notification, text, href, detail = ''] of cases) {
    const said = notificationText({...author, ...notification});
    assert.deepEqual(said, {who: 'ben', text, href, detail}, notification.type);
  }
  for (const {type} of NOTIFICATION_TYPES) assert.notEqual(notificationText({type}).text, 'did something you asked to hear about', type);
});

test('without an expanded author the metadata names who, else "Someone"', () => {
  assert.equal(notificationText({type: 'trail_like', metadata: {liker: '@cara@example.org', trail_id: 'x'}}).who, 'cara');
  assert.equal(notificationText({type: 'trail_like', metadata: {}}).who, 'Someone');
  assert.equal(notificationText({type: 'trail_like', metadata: {}}).text, 'likes your trail “a trail”');
  assert.equal(notificationText({type: 'trail_like', metadata: {}}).href, '');
});

test('metadata sent as a JSON string is read; broken or missing metadata is empty', () => {
  assert.deepEqual(metadataOf({metadata: '{"trail_id":"a"}'}), {trail_id: 'a'});
  assert.deepEqual(metadataOf({metadata: '{broken'}), {});
  assert.deepEqual(metadataOf({}), {});
  assert.equal(notificationText({type: 'trail_like', metadata: '{"trail_id":"a","trail_name":"A"}'}).href, '/trail/a');
});

test('settings: a missing type or channel means on; a stored false is off', () => {
  const prefs = notificationPrefs({trail_like: {email: false}, new_follower: {web: false, email: true}});
  assert.deepEqual(prefs.trail_like, {web: true, email: false});
  assert.deepEqual(prefs.new_follower, {web: false, email: true});
  assert.deepEqual(prefs.trail_comment, {web: true, email: true});
  assert.deepEqual(Object.keys(prefs), NOTIFICATION_TYPES.map((t) => t.type));
  assert.deepEqual(notificationPrefs('{"list_share":{"web":false}}').list_share, {web: false, email: true});
  assert.deepEqual(notificationPrefs(null).list_share, {web: true, email: true});
  assert.deepEqual(notificationPrefs('not json').trail_share, {web: true, email: true});
});

test("the bell's badge: nothing for none, the number, 99+ past 99", () => {
  assert.deepEqual([0, -1, undefined, 1, 42, 99, 100, 5000].map(unreadBadge), ['', '', '', '1', '42', '99', '99+', '99+']);
});
