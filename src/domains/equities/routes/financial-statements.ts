import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { DEFAULT_STATEMENT, EquitiesMetaSchema, EquityParamsSchema, FinancialStatementSchema, StatementQuerySchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';
import { EQUITIES_CACHING, withEquitiesMeta } from '../equities-meta.ts';

export function registerFinancialStatementsRoute(app: FastifyInstance, { clock, service }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code/financial-statements',
    operationId: 'getEquityFinancialStatements',
    tag: 'Equities',
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
    handler: ({ params, query, now }) => {
      assertSupportedMarket(params.market);
      assertEquityCode(params.code);
      const statement = query.statement ?? DEFAULT_STATEMENT;
      return withEquitiesMeta(now, () => service.getFinancialStatement({ code: params.code, statement }));
    },
  });
}
