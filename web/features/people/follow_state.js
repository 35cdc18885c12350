// What a profile's follow button says and does, from the caller's follow of that person (the
// profile's `follow`: {id, status} or null). Pure, so the states are tested without a browser.

// followButtonState({follow, isSelf, isPrivate, signedIn}) ->
//   {state: 'self'|'signin'|'none'|'pending'|'accepted', label, action, pressed, hint}
// `action` is what a click does: 'signin', 'follow', 'cancel' (a pending request) or 'unfollow';
// null for one's own profile, which has no button.
export function followButtonState({follow, isSelf = false, isPrivate = false, signedIn = true} = {}) {
  if (isSelf) return {state: 'self', label: '', action: null, pressed: false, hint: ''};
  const ask = isPrivate ? 'Request to follow' : 'Follow';
  if (!signedIn) return {state: 'signin', label: ask, action: 'signin', pressed: false, hint: 'Sign in to follow people.'};
  const status = follow?.id ? follow.status : null;
  if (status === 'pending') {
    return {state: 'pending', label: 'Requested', action: 'cancel', pressed: true, hint: 'Waiting for an answer. Click to withdraw the request.'};
  }
  if (status === 'accepted') return {state: 'accepted', label: 'Following', action: 'unfollow', pressed: true, hint: 'Click to unfollow.'};
  return {state: 'none', label: ask, action: 'follow', pressed: false, hint: isPrivate ? 'This account is private: they decide whether you may follow.' : ''};
}

// The state after following answered `record` ({id, status}); a missing status counts as accepted.
export function followAfter(record) {
  return record?.id ? {id: record.id, status: record.status === 'pending' ? 'pending' : 'accepted'} : null;
}

// "1 follower", "2 followers", "1 following".
export function countText(count, one, many = `${one}s`) {
  const n = Math.max(0, Number(count) || 0);
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}
