import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { checkedEquityCode } from '../equity-request.ts';
import { EquitiesMetaSchema, EquityParamsSchema, FinancialStatementSchema, StatementQuerySchema } from '../equities.schemas.ts';
import type { EquitiesService } from '../equities.service.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';
import { financialStatementsReads } from '../equities.reads.ts';

export function financialStatementsRoute(service: EquitiesService): ApiRoute {
  return defineRoute({
    path: '/market/:market/equities/:code/financial-statements',
    operationId: 'getEquityFinancialStatements',
    summary: 'Income statement (TTM and 3 fiscal years) or balance sheet (4 fiscal years) as a row tree',
    feature: 'market_data',
    cache: EQUITIES_CACHING,
    weight: 2,
    params: EquityParamsSchema,
    query: StatementQuerySchema,
    data: FinancialStatementSchema,
    meta: EquitiesMetaSchema,
    notFound: true,
    maxAge: secondsUntilNextDataChange,
    reads: financialStatementsReads,
    handler: ({ params, query, now }) => {
      const code = checkedEquityCode(params);
      return withEquitiesMeta(now, () => service.getFinancialStatement({ code, statement: query.statement }));
    },
  });
}
