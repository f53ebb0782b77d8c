import * as api from './api.js';
import { h, announce, confirmDialog, errorBox, formatNumber, timeCell, openDialog, secretBox, table } from './dom.js';

function createAccountDialog(plans, onDone) {
  return openDialog('Create an account', (close) => {
    const error = h('div');
    const form = h(
      'form',
      {},
      h('label', { for: 'new-email' }, 'Email'),
      h('input', { id: 'new-email', name: 'email', type: 'email', required: true, autocomplete: 'off' }),
      h('label', { for: 'new-name' }, 'Name (optional)'),
      h('input', { id: 'new-name', name: 'name', maxlength: 100, autocomplete: 'off' }),
      h('label', { for: 'new-role' }, 'Role'),
      h('select', { id: 'new-role', name: 'role' }, h('option', { value: 'member' }, 'member'), h('option', { value: 'admin' }, 'admin')),
      h('label', { for: 'new-plan' }, 'Plan'),
      h(
        'select',
        { id: 'new-plan', name: 'plan' },
        plans.map((plan) => h('option', { value: plan.name }, plan.name)),
      ),
      h('label', { for: 'new-password' }, 'Password (optional: leave empty and the hub chooses a one-time password)'),
      h('input', { id: 'new-password', name: 'password', type: 'password', minlength: 12, autocomplete: 'new-password' }),
      error,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', class: 'secondary', onclick: close }, 'Cancel'),
        h('button', { type: 'submit' }, 'Create account'),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]).filter(([, value]) => value !== ''));
      try {
        const created = await api.createAccount(data);
        announce('Account created');
        onDone();
        if (created.password === null) return close();
        form.replaceWith(
          h(
            'div',
            {},
            secretBox(`One-time password of ${created.account.email}`, created.password, 'Shown once: hand it over now.'),
            h('div', { class: 'actions' }, h('button', { type: 'button', onclick: close }, 'Done')),
          ),
        );
      } catch (failure) {
        error.replaceChildren(errorBox(failure));
      }
    });
    return form;
  });
}

function confirmDisable(account, onDone) {
  return confirmDialog({
    title: `Disable ${account.email}?`,
    text: 'Its keys are refused from their next request and its sessions end. You can enable it again.',
    confirmLabel: 'Disable account',
    done: 'Account disabled',
    act: () => api.setAccountEnabled(account.id, false),
    onDone,
  });
}

export async function renderAccounts(view, { account: me }) {
  const [accounts, plans] = await Promise.all([api.listAccounts(), api.listPlans()]);
  const reload = () => renderAccounts(view, { account: me });
  const message = h('div');
  const rows = accounts.map((account) => {
    const planSelect = h(
      'select',
      { 'aria-label': `Plan of ${account.email}` },
      plans.map((plan) => h('option', { value: plan.name, selected: plan.name === account.plan }, plan.name)),
    );
    const applyPlan = h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: async () => {
          try {
            await api.setAccountPlan(account.id, planSelect.value);
            announce(`${account.email} is now on plan ${planSelect.value}`);
            await reload();
          } catch (failure) {
            message.replaceChildren(errorBox(failure));
          }
        },
      },
      'Change plan',
    );
    const toggle =
      account.id === me.id
        ? null
        : account.status === 'active'
          ? h('button', { type: 'button', class: 'danger', onclick: () => confirmDisable(account, reload) }, 'Disable')
          : h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                onclick: async () => {
                  await api.setAccountEnabled(account.id, true);
                  announce(`${account.email} enabled`);
                  await reload();
                },
              },
              'Enable',
            );
    return h(
      'tr',
      {},
      h('th', { scope: 'row', class: 'long' }, account.email),
      h('td', { class: 'long' }, account.name ?? '—'),
      h('td', {}, account.canSignIn ? account.role : 'service'),
      h('td', {}, h('div', { class: 'row' }, planSelect, applyPlan)),
      h('td', {}, h('span', { class: `badge ${account.status}` }, account.status)),
      h('td', {}, formatNumber(account.keyCount)),
      timeCell(account.createdAt),
      h('td', { class: 'row-actions' }, toggle),
    );
  });
  view.replaceChildren(
    h(
      'div',
      { class: 'heading' },
      h('h1', {}, 'Accounts'),
      h('button', { type: 'button', onclick: () => createAccountDialog(plans, reload) }, 'Create account'),
    ),
    h('p', { class: 'muted' }, 'A plan change applies to every key of the account on its next request.'),
    message,
    table({ text: 'Accounts' }, ['Email', 'Name', 'Role', 'Plan', 'Status', 'Keys', 'Created', 'Actions'], rows),
  );
}

export async function renderPlans(view) {
  const plans = await api.listPlans();
  view.replaceChildren(
    h('h1', {}, 'Plans'),
    h('p', { class: 'muted' }, 'Plans come from the plans file (FDH_PLANS_FILE); edits apply without a restart.'),
    table(
      { text: 'Plans' },
      ['Plan', 'Budget per minute', 'Features'],
      plans.map((plan) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, plan.name),
          h('td', {}, formatNumber(plan.budget)),
          h(
            'td',
            {},
            h(
              'ul',
              { class: 'chips' },
              plan.features.map((f) => h('li', {}, f)),
            ),
          ),
        ),
      ),
    ),
  );
}
