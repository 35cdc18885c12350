// A profile's follow button: Follow (or Request to follow a private account), Requested, and
// Following; a click on the last two withdraws the request or unfollows after asking.
import {h, keepFocus, toast} from '../../lib/dom.js';
import {confirmDialog} from '../../lib/dialog.js';
import {follows} from '../../lib/resources.js';
import {signInHref} from '../../lib/session.js';
import {followAfter, followButtonState} from './follow_state.js';

// followButton(profile, {session, navigate, onChange(follow)}) -> <button> or null (own profile).
export function followButton(profile, {session, navigate, onChange = () => {}}) {
  let follow = profile.follow || null;
  const isSelf = session.user?.id === profile.id;
  const isPrivate = Boolean(profile.private);
  const button = h('button', {type: 'button', class: 'button follow-button'});
  const hint = h('span', {class: 'follow-hint muted'});
  const paint = () => {
    const state = followButtonState({follow, isSelf, isPrivate, signedIn: session.signedIn});
    button.textContent = state.label;
    button.dataset.state = state.state;
    button.classList.toggle('primary', state.state === 'none' || state.state === 'signin');
    if (state.action === 'follow' || state.action === 'signin') button.removeAttribute('aria-pressed');
    else button.setAttribute('aria-pressed', 'true');
    hint.textContent = state.hint;
    return state;
  };
  if (isSelf) return null;
  button.addEventListener('click', async () => {
    const {action} = followButtonState({follow, isSelf, isPrivate, signedIn: session.signedIn});
    if (action === 'signin') return navigate(signInHref());
    if (action !== 'follow') {
      const ok = await confirmDialog(
        action === 'cancel'
          ? {title: 'Withdraw the request?', message: `${profile.username} will not see your request any more.`, confirmLabel: 'Withdraw request'}
          : {title: `Unfollow ${profile.username}?`, message: isPrivate ? 'Their account is private: following again needs their approval.' : 'Their new trails and lists leave your feed.', confirmLabel: 'Unfollow'},
      );
      if (!ok) return;
    }
    const restore = keepFocus(button);
    button.disabled = true;
    try {
      if (action === 'follow') follow = followAfter(await follows.follow(profile.id));
      else {
        await follows.remove(follow.id);
        follow = null;
      }
      paint();
      onChange(follow);
      if (action === 'follow') toast(follow?.status === 'pending' ? `Request sent to ${profile.username}.` : `You follow ${profile.username}.`);
    } catch (error) {
      toast(error.status === 404 ? 'Following is not available on this server.' : error.message, 'error');
    } finally {
      button.disabled = false;
      restore();
    }
  });
  paint();
  return h('span', {class: 'follow-box'}, button, hint);
}
