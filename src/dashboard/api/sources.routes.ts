import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../kernel/domain-errors.ts';
import { Nullable, StringEnum } from '../../kernel/schemas.ts';
import type { RunOutcome } from '../../ingest/sync/runner.ts';
import { SyncService } from '../../ingest/sync/sync.service.ts';
import { boundedText, MAX_REASON_BYTES } from '../../ingest/sync/failure-reason.ts';
import { shownStatus, SourceStatusSchema, type SourceStatus } from '../../ingest/sync/source-status.ts';
import { IdParams } from './dashboard.schemas.ts';
import { actorOf, registerDashboardRoute, sessionOf } from './dashboard-route.ts';

const RunOutcomeSchema = Type.Object({
  status: StringEnum(['succeeded', 'failed', 'busy', 'skipped']),
  /** The reason of a failure or a skip, bounded as the status's last error is. */
  message: Nullable(Type.String({ maxLength: MAX_REASON_BYTES })),
  rowsAdded: Type.Integer(),
  source: SourceStatusSchema,
});

/** What a run now says besides its status, bounded as a stored reason is (`boundedText`). */
function outcomeMessage(outcome: RunOutcome | undefined): string | null {
  const message =
    outcome?.status === 'failed'
      ? outcome.error
      : outcome?.status === 'skipped'
        ? outcome.reason
        : outcome?.status === 'busy'
          ? `a run is under way in ${outcome.runningBy}`
          : null;
  return message === null ? null : boundedText(message);
}

/**
 * Admin only: the sources of `fdh sync` with their state, and a run now. The sync service is
 * opened on first use, so a hub that never shows the page never reads the sources file.
 */
export function registerSourcesRoutes(app: FastifyInstance, ctx: AppContext): void {
  let opened: Promise<SyncService> | undefined;
  // A sources file that cannot be read is reported on each request until it can, not cached as a failure.
  const sync = () =>
    (opened ??= SyncService.open(ctx).catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));
  app.addHook('onClose', async () => {
    if (opened !== undefined) (await opened.catch(() => undefined))?.close();
  });
  const statusOf = async (id: string): Promise<SourceStatus> => {
    const status = (await (await sync()).statuses()).find((s) => s.id === id);
    if (status === undefined) throw new NotFoundError(`no source "${id}"`);
    return shownStatus(status);
  };

  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/admin/sources',
    operationId: 'dashboardAdminListSources',
    summary: 'The sources of fdh sync: schedule, last success, last error, next run (admin only)',
    access: 'admin',
    data: Type.Array(SourceStatusSchema),
    async handler() {
      return (await (await sync()).statuses()).map(shownStatus);
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/admin/sources/:id/run',
    operationId: 'dashboardAdminRunSource',
    summary: 'Runs one source now and answers when it has finished (admin only)',
    access: 'admin',
    params: IdParams,
    data: RunOutcomeSchema,
    async handler({ request, params }) {
      await statusOf(params.id);
      const by = actorOf(request);
      const account = sessionOf(request).account;
      let outcome: RunOutcome | undefined;
      try {
        [outcome] = await (await sync()).run([params.id]);
      } catch (error) {
        await ctx.audit.record({ action: 'source.run', by, account, target: params.id, detail: { status: 'error' } });
        throw error;
      }
      // After the run, not in its transaction: a run commits on its own (in a worker, through
      // its own connection) and may write nothing at all; what the trail keeps is who ran which
      // source and how it ended.
      await ctx.audit.record({
        action: 'source.run',
        by,
        account,
        target: params.id,
        detail: { status: outcome?.status ?? 'skipped', rowsAdded: outcome?.status === 'succeeded' ? outcome.rowsAdded : 0 },
      });
      request.log.info({ sourceId: params.id, by: sessionOf(request).account.id, outcome: outcome?.status }, 'source run from the dashboard');
      return {
        status: outcome?.status ?? 'skipped',
        message: outcomeMessage(outcome),
        rowsAdded: outcome?.status === 'succeeded' ? outcome.rowsAdded : 0,
        source: await statusOf(params.id),
      };
    },
  });
}
