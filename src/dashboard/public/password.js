import * as api from './api.js';
import { h, announce, errorBox } from './dom.js';

/**
 * The password form. `forced`: the account signed in with a one-time password, and nothing
 * else answers until it is changed.
 */
export async function renderPasswordChange(view, { account, forced = false, onChanged = () => {} }) {
  const error = h('div');
  const form = h(
    'form',
    { class: 'card narrow', 'aria-labelledby': 'password-title' },
    h('h1', { id: 'password-title' }, forced ? 'Choose your password' : 'Change your password'),
    forced ? h('p', { id: 'password-forced' }, `${account.email} signed in with a one-time password. Choose your own before going on.`) : null,
    h(
      'p',
      { class: 'muted' },
      'At least 12 characters and hard to guess: a few unrelated words work well; nothing built from your email or name. Your other sessions end.',
    ),
    h('input', { type: 'email', name: 'username', autocomplete: 'username', value: account.email, hidden: true, readonly: true }),
    h('label', { for: 'current-password' }, 'Current password'),
    h('input', { id: 'current-password', name: 'currentPassword', type: 'password', autocomplete: 'current-password', required: true }),
    h('label', { for: 'new-password' }, 'New password'),
    h('input', { id: 'new-password', name: 'newPassword', type: 'password', autocomplete: 'new-password', minlength: 12, required: true }),
    error,
    h('button', { type: 'submit' }, 'Change password'),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    try {
      const changed = await api.changePassword(String(data.get('currentPassword')), String(data.get('newPassword')));
      form.reset();
      announce('Password changed');
      error.replaceChildren(h('p', { class: 'muted', role: 'status' }, 'Your password is changed.'));
      onChanged(changed);
    } catch (failure) {
      error.replaceChildren(errorBox(failure));
    }
  });
  view.replaceChildren(form);
  form.querySelector('#current-password').focus();
}
