import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { FEATURE_CODES, type Plan, type Plans } from '../edge/auth/plans.ts';
import { KeysRepo } from '../accounts/keys.repo.ts';
import { KeysService } from '../accounts/keys.service.ts';
import { MemoryRateLimiter } from '../edge/rate-limit/memory-rate-limiter.ts';
import { AnswerCache } from '../edge/answers/answer-cache.ts';
import { Metrics } from '../edge/metrics/registry.ts';
import { PollingVersionWatcher } from '../store/polling-version-watcher.ts';
import { API_PREFIX } from '../edge/route.ts';
import { AccountsRepo } from '../accounts/accounts.repo.ts';
import { AccountsService } from '../accounts/accounts.service.ts';
import { AuditRepo } from '../accounts/audit.repo.ts';
import { AuditService } from '../accounts/audit.service.ts';
import { SessionsService } from '../accounts/sessions.service.ts';
import { UsageMeter } from '../metering/usage-meter.ts';
import { UsageRepo } from '../metering/usage.repo.ts';
import { openStore } from '../store/db.ts';

/** One answer of the hub: its status, and its `data` (200) or its error message. */
export interface HubAnswer {
  statusCode: number;
  data?: unknown;
  message?: string;
}

/** Asks the hub for a request below `/openapi/v1` (`/etf/1306/info`). */
export type AskHub = (request: string) => Promise<HubAnswer>;

export interface HubAnswers {
  ask: AskHub;
  close(): Promise<void>;
}

/** The one plan of the scratch store: every feature, and a budget no sweep reaches in a minute. */
const SWEEP_PLAN: Plan = { name: 'coverage-sweep', budget: 1_000_000, maxKeys: 1, features: new Set(FEATURE_CODES) };

function sweepPlans(weights: Plans): Plans {
  return {
    plan: (name) => (name === SWEEP_PLAN.name ? SWEEP_PLAN : undefined),
    names: () => [SWEEP_PLAN.name],
    weightOf: (pathTemplate, defaultWeight) => weights.weightOf(pathTemplate, defaultWeight),
  };
}

function messageOf(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : '';
}

/**
 * The hub's own answers, asked in process: the app `fdh serve` builds, over the store of
 * `runtime`, never listening, asked with Fastify's `inject`. Every request crosses the same
 * edge as a client's (key, feature, quota, parameters, the answer cache).
 *
 * The key it presents lives in a scratch store of its own (a temporary SQLite file, removed on
 * close) with its service account, audit rows and usage counts, on a plan of every feature that
 * exists only there, charged in a limiter of its own: the operator's store gains no key,
 * account, audit or usage row, the shared quota (Redis) is not touched, and nothing reachable
 * over HTTP admits a request without a real key.
 */
export async function openHubAnswers(runtime: AppContext): Promise<HubAnswers> {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coverage-'));
  let app: FastifyInstance | undefined;
  let usage: UsageMeter | undefined;
  let versions: PollingVersionWatcher | undefined;
  const scratch = await openStore({ dataDir: dir }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const close = async () => {
    await app?.close();
    await usage?.close();
    await versions?.close();
    await scratch.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { clock, logger } = runtime;
    const plans = sweepPlans(runtime.plans);
    const audit = new AuditService({ repo: new AuditRepo(scratch.db), clock, retentionDays: 1 });
    const accountsRepo = new AccountsRepo(scratch.db);
    const accounts = new AccountsService({ repo: accountsRepo, plans, clock, audit });
    versions = new PollingVersionWatcher(scratch.db);
    const keys = new KeysService({ repo: new KeysRepo(scratch.db), accounts, plans, clock, versions, audit });
    usage = new UsageMeter({ repo: new UsageRepo(scratch.db), clock, plans, logger, retentionDays: 1 });
    const context: AppContext = {
      ...runtime,
      plans,
      accounts,
      audit,
      sessions: new SessionsService({
        db: scratch.db,
        accounts: accountsRepo,
        clock,
        idleMs: runtime.config.sessionIdleMs,
        maxMs: runtime.config.sessionMaxMs,
        audit,
      }),
      keys,
      usage,
      limiter: new MemoryRateLimiter(),
      answers: new AnswerCache(runtime.config.answerCacheBytes),
      metrics: new Metrics(),
    };
    const { key } = await keys.create({ plan: SWEEP_PLAN.name, name: 'coverage sweep' });
    const built = await buildApp(context);
    app = built;
    return {
      async ask(request) {
        const answer = await built.inject({ method: 'GET', url: `${API_PREFIX}${request}`, headers: { 'x-api-key': key } });
        const body: unknown = answer.json();
        return answer.statusCode === 200
          ? { statusCode: 200, data: (body as { data?: unknown }).data }
          : { statusCode: answer.statusCode, message: messageOf(body) };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
