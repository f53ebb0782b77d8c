import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { GovernmentDebtQuerySchema, GovernmentDebtSchema, VintageMetaSchema } from '../economy.schemas.ts';
import { centralGovernmentDebtReads } from '../macro.reads.ts';

export function centralGovernmentDebtRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/monetary-policy/central-government-debt',
    operationId: 'macroCentralGovernmentDebt',
    summary: 'Quarterly central government debt (percent of GDP)',
    feature: 'macro_data',
    weight: 2,
    query: GovernmentDebtQuerySchema,
    data: GovernmentDebtSchema,
    meta: VintageMetaSchema,
    reads: centralGovernmentDebtReads,
    handler: async ({ query, now }) => {
      const { data, vintage } = await services.economy.getCentralGovernmentDebt({ ...query, now });
      return { data, meta: vintage };
    },
  });
}
