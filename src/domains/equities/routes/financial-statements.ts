import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../../core/route.ts';
import { secondsUntilNextDataChange } from '../data-schedule.ts';
import { assertEquityCode, assertSupportedMarket } from '../equity-request.ts';
import { DEFAULT_STATEMENT, EquitiesMetaSchema, EquityParamsSchema, FinancialStatementSchema, StatementQuerySchema } from '../equities.schemas.ts';
import type { EquitiesModule } from './equities-module.ts';

export function registerFinancialStatementsRoute(app: FastifyInstance, { clock, service, responder }: EquitiesModule): void {
  registerApiRoute(app, clock, {
    path: '/market/:market/equities/:code/financial-statements',
    operationId: 'getEquityFinancialStatements',
    tag: 'Equities',
    summary: 'Income statement (TTM and 3 fiscal years) or balance sheet (4 fiscal years) as a row tree',
    feature: 'market_data',
    // The equities responder keeps these answers, with their served_from_cache meta.
    cached: false,
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
      return responder.serve(`getEquityFinancialStatements:${params.code}:${statement}`, now, () => service.getFinancialStatement({ code: params.code, statement }));
    },
  });
}
