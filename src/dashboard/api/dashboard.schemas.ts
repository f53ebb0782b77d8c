import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { FEATURE_CODES, type Plan } from '../../edge/auth/plans.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../accounts/password.ts';
import type { Account } from '../../accounts/accounts.repo.ts';
import { MAX_ROTATION_GRACE_SECONDS, statusOf } from '../../accounts/keys.service.ts';
import type { ApiKeySummary } from '../../accounts/keys.repo.ts';

export const AccountSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  role: StringEnum(['admin', 'member']),
  plan: Type.String(),
  status: StringEnum(['active', 'disabled']),
  createdAt: IsoDateTime(),
  mustChangePassword: Type.Boolean({ description: 'The password is a one-time one: change it (POST /api/v1/account/password) before anything else' }),
});

export const SignedInSchema = Type.Object({
  account: AccountSchema,
  csrfToken: Type.String({ description: 'Send it as X-CSRF-Token on every state-changing request' }),
  expiresAt: IsoDateTime({ description: 'When the session ends at the latest' }),
});

export const PlanSchema = Type.Object({
  name: Type.String(),
  budget: Type.Integer({ description: 'Weight budget per UTC minute, shared by every key of an account' }),
  maxKeys: Type.Integer({ description: 'Live keys an account may hold at once' }),
  features: Type.Array(Type.String()),
});

export const KeyQuotaSchema = Type.Object({
  keyId: Type.String(),
  name: Nullable(Type.String()),
  prefix: Type.String(),
  budget: Nullable(Type.Integer({ description: "The key's own lower budget; null: it draws on the account's alone" })),
  used: Nullable(Type.Integer({ description: 'Weight this key used of its own budget in the current minute; null without one' })),
});

export const AccountOverviewSchema = Type.Object({
  account: AccountSchema,
  plan: PlanSchema,
  budget: Type.Integer({ description: "The account's weight budget per UTC minute, shared by all its keys" }),
  used: Type.Integer({ description: 'Weight the account used in the current minute, over all its keys' }),
  resetAt: IsoDateTime({ description: 'When the current minute ends' }),
  keys: Type.Array(KeyQuotaSchema, { description: 'Each active key, with its own budget where it has one' }),
  holdsData: Type.Boolean({ description: 'Whether the store holds any release (demo, imported or synced): false while the API has no figure to serve' }),
});

const Scopes = Type.Array(StringEnum(FEATURE_CODES), { uniqueItems: true, description: 'Feature codes that narrow the plan' });

export const KeySchema = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  prefix: Type.String({ description: 'The first characters of the key, to recognise it' }),
  createdAt: IsoDateTime(),
  lastUsedAt: Nullable(IsoDateTime({ description: 'The start of the last minute the key was used in (within the usage retention)' })),
  expiresAt: Nullable(IsoDateTime()),
  scopes: Nullable(Type.Array(Type.String())),
  budget: Nullable(Type.Integer({ description: "Weight per minute this key may use of the account's budget; null: all of it" })),
  graceEndsAt: Nullable(IsoDateTime({ description: 'Set when the key was rotated with a grace: it is refused from then on' })),
  replacedBy: Nullable(Type.String({ description: 'The id of the key a rotation made in its place' })),
  status: StringEnum(['active', 'disabled', 'revoked', 'expired']),
});

export const CreatedKeySchema = Type.Object({
  ...KeySchema.properties,
  key: Type.String({ description: 'The secret: in this answer only, never again' }),
});

export const NewKeyBody = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  expiresAt: Type.Optional(IsoDateTime()),
  scopes: Type.Optional(Scopes),
  budget: Type.Optional(Type.Integer({ minimum: 1, description: "Weight per minute this key may use of the account's budget (at most the plan's)" })),
};

export const RotateBody = {
  graceSeconds: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_ROTATION_GRACE_SECONDS,
      description: 'How long the old key keeps working (default 0: refused at once; at most 24 h)',
    }),
  ),
};

export const AdminAccountSchema = Type.Object({
  ...AccountSchema.properties,
  keyCount: Type.Integer({ description: 'Keys not revoked' }),
  canSignIn: Type.Boolean({ description: 'False for a service account' }),
});

export const CreatedAccountSchema = Type.Object({
  account: AccountSchema,
  password: Nullable(Type.String({ description: 'The one-time password the hub chose: in this answer only' })),
});

export const NewAccountBody = {
  email: Type.String({ minLength: 3, maxLength: 254 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  role: Type.Optional(StringEnum(['admin', 'member'])),
  plan: Type.String({ minLength: 1 }),
  password: Type.Optional(Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })),
};

export const LoginBody = {
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
};

export const PasswordChangeBody = {
  currentPassword: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  newPassword: Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH }),
};

export const IdParams = { id: Type.String({ minLength: 1, maxLength: 64 }) };

export function planView(name: string, plan: Plan | undefined): Static<typeof PlanSchema> {
  return { name, budget: plan?.budget ?? 0, maxKeys: plan?.maxKeys ?? 0, features: [...(plan?.features ?? [])] };
}

export function accountView(account: Account): Static<typeof AccountSchema> {
  const { id, email, name, role, plan, status, createdAt, mustChangePassword } = account;
  return { id, email, name, role, plan, status, createdAt, mustChangePassword };
}

export function keyView(key: ApiKeySummary, now: Date, lastUsedAt: string | null): Static<typeof KeySchema> {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt,
    lastUsedAt,
    expiresAt: key.expiresAt,
    scopes: key.scopes,
    budget: key.budget,
    graceEndsAt: key.graceEndsAt,
    replacedBy: key.replacedBy,
    status: statusOf(key, now),
  };
}
