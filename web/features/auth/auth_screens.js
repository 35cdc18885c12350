// Sign-up, sign-in, and the two halves of a password reset (request by email, set a new one
// from the mailed link). Errors from the API appear next to the field they name.
import {h} from '../../lib/dom.js';
import {auth, users} from '../../lib/resources.js';
import {ApiError} from '../../lib/api.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {config} from '../../lib/session.js';

// Only same-site paths are followed after sign-in, never another origin.
function nextPath(query) {
  const next = query.get('next') || '/trails';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/trails';
}

function page(title, ...children) {
  document.title = `${title} · Cairn`;
  return h('section', {class: 'page narrow auth'}, h('h1', null, title), ...children);
}

// The API answers a wrong username or password with a general 400 ("Failed to authenticate.");
// people are told what to check. Other refusals (too many attempts, a field error) keep their words.
export function signInError(error) {
  if (error?.status !== 400 || Object.keys(error.fields || {}).length) return error;
  return new ApiError(error.status, {...error.body, message: 'Wrong username or password.'});
}

export const login = {
  render({view, query, navigate, session}) {
    if (session.signedIn) return navigate(nextPath(query), {replace: true});
    const form = h(
      'form',
      {class: 'stack', novalidate: true},
      formError(),
      field({label: 'Username or email', name: 'username', required: true, attrs: {autocomplete: 'username', autocapitalize: 'none'}}),
      field({label: 'Password', name: 'password', type: 'password', required: true, attrs: {autocomplete: 'current-password'}}),
      h('button', {type: 'submit', class: 'button primary'}, 'Sign in'),
    );
    onSubmit(form, async ({username, password}) => {
      try {
        await session.signIn(username.trim(), password);
      } catch (error) {
        throw signInError(error);
      }
      navigate(nextPath(query), {replace: true});
    }, {identity: 'username'});
    view.append(
      page(
        'Sign in',
        query.get('reset') ? h('p', {class: 'notice', role: 'status'}, 'Your new password is set. Sign in with it.') : null,
        form,
        h('p', null, h('a', {href: '/forgot-password', 'data-link': true}, 'Forgot your password?')),
        config().signup !== false ? h('p', null, 'New here? ', h('a', {href: `/signup${query.get('next') ? `?next=${encodeURIComponent(query.get('next'))}` : ''}`, 'data-link': true}, 'Create an account')) : null,
      ),
    );
  },
};

export const signup = {
  render({view, query, navigate, session}) {
    if (session.signedIn) return navigate('/trails', {replace: true});
    if (config().signup === false) {
      view.append(page('Sign up', h('p', null, 'Sign-up is closed on this server. Ask its administrator for an account.')));
      return undefined;
    }
    const form = h(
      'form',
      {class: 'stack', novalidate: true},
      formError(),
      field({label: 'Username', name: 'username', required: true, help: 'Letters, digits, dots, dashes and underscores.', attrs: {autocomplete: 'username', autocapitalize: 'none'}}),
      field({label: 'Email', name: 'email', type: 'email', required: true, help: 'Only for password resets; never shown to others.', attrs: {autocomplete: 'email'}}),
      field({label: 'Password', name: 'password', type: 'password', required: true, help: 'At least 8 characters.', attrs: {autocomplete: 'new-password'}}),
      field({label: 'Repeat the password', name: 'passwordConfirm', type: 'password', required: true, attrs: {autocomplete: 'new-password'}}),
      h('button', {type: 'submit', class: 'button primary'}, 'Create account'),
    );
    onSubmit(form, async (values) => {
      await users.create({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        passwordConfirm: values.passwordConfirm,
      });
      await session.signIn(values.username.trim(), values.password);
      navigate(nextPath(query), {replace: true});
    });
    view.append(page('Create an account', form, h('p', null, 'Already have one? ', h('a', {href: '/login', 'data-link': true}, 'Sign in'))));
    return undefined;
  },
};

export const forgotPassword = {
  render({view}) {
    const done = h('p', {class: 'notice', role: 'status', hidden: true});
    const form = h(
      'form',
      {class: 'stack', novalidate: true},
      formError(),
      field({label: 'Email', name: 'email', type: 'email', required: true, attrs: {autocomplete: 'email'}}),
      h('button', {type: 'submit', class: 'button primary'}, 'Send reset link'),
    );
    onSubmit(form, async ({email}) => {
      await auth.requestPasswordReset(email.trim());
      done.textContent = `If an account uses ${email.trim()}, a link to set a new password is on its way. It works once, for a limited time.`;
      done.hidden = false;
    });
    view.append(page('Reset your password', h('p', null, 'Enter the email of your account and we will mail you a link.'), form, done, h('p', null, h('a', {href: '/login', 'data-link': true}, 'Back to sign in'))));
  },
};

export const resetPassword = {
  render({view, query, navigate}) {
    const token = query.get('token') || '';
    const form = h(
      'form',
      {class: 'stack', novalidate: true},
      formError(),
      field({label: 'New password', name: 'password', type: 'password', required: true, help: 'At least 8 characters.', attrs: {autocomplete: 'new-password'}}),
      field({label: 'Repeat the new password', name: 'passwordConfirm', type: 'password', required: true, attrs: {autocomplete: 'new-password'}}),
      h('button', {type: 'submit', class: 'button primary'}, 'Set password'),
    );
    onSubmit(form, async ({password, passwordConfirm}) => {
      await auth.confirmPasswordReset({token, password, passwordConfirm});
      navigate('/login?reset=1', {replace: true});
    });
    view.append(page('Set a new password', token ? form : h('p', {class: 'form-error', role: 'alert'}, 'This link has no reset token. Ask for a new link.'), h('p', null, h('a', {href: '/forgot-password', 'data-link': true}, 'Ask for a new link'))));
  },
};
