import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { USAGE_WINDOWS } from '../../metering/usage-report.ts';
import { registerDashboardRoute, sessionOf } from './dashboard-route.ts';

const Totals = { requests: Type.Integer(), weight: Type.Integer({ description: 'Quota weight charged' }) };

export const UsageReportSchema = Type.Object({
  window: StringEnum(USAGE_WINDOWS),
  bucketSeconds: Type.Integer({ description: '60 (1h), 3600 (24h) or 86400 (30d, UTC days)' }),
  from: IsoDateTime(),
  to: IsoDateTime(),
  series: Type.Array(Type.Object({ start: IsoDateTime(), ...Totals }), { description: 'One point per bucket, oldest first' }),
  byEndpoint: Type.Array(
    Type.Object({
      endpoint: Type.String({ description: 'Path template below /openapi/v1' }),
      ...Totals,
      perBucket: Type.Array(Type.Integer(), { description: 'Requests in each bucket of series' }),
    }),
  ),
  byStatus: Type.Object(
    { '2xx': Type.Integer(), '4xx': Type.Integer(), '429': Type.Integer(), '5xx': Type.Integer() },
    {
      description: 'Requests by status class: 2xx includes 304; 4xx excludes 429',
    },
  ),
  byKey: Type.Array(Type.Object({ keyId: Type.String(), name: Nullable(Type.String()), prefix: Type.String(), ...Totals })),
});

export function registerUsageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/usage',
    operationId: 'dashboardUsage',
    summary: "The account's API calls over a window: over time, by endpoint, by status class and by key",
    description: 'Counted per minute by every serving process and written within seconds; this process’s own calls are included at once.',
    access: 'member',
    query: { window: StringEnum(USAGE_WINDOWS, { default: '1h' }) },
    data: UsageReportSchema,
    async handler({ request, query, now }) {
      const { account } = sessionOf(request);
      const [report, keys] = await Promise.all([ctx.usage.report(account.id, query.window, now), ctx.keys.list(account.id)]);
      const known = new Map(keys.map((key) => [key.id, key]));
      return {
        ...report,
        byKey: report.byKey.map((entry) => ({ ...entry, name: known.get(entry.keyId)?.name ?? null, prefix: known.get(entry.keyId)?.prefix ?? '' })),
      };
    },
  });
}
