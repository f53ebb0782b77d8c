import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { INDICATOR_TABLES } from '../indicator-tables.ts';
import { IndicatorQuerySchema, IndicatorTableSchema } from '../indicators.schemas.ts';
import { indicatorTableReads } from '../macro.reads.ts';

const pascalCase = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, ch: string) => ch.toUpperCase());

/** The 13 tables are 13 operations of the catalogue (contract section 5), one path each. */
export function indicatorTablesRoute(services: MacroServices): ApiRoute[] {
  return INDICATOR_TABLES.map((table) =>
    defineRoute({
      path: `/macro/indicators/${table.name}`,
      operationId: `macroIndicator${pascalCase(table.name)}`,
      summary: `${table.indicator} (US, JP, VN), in the GDP growth-rate table shape, point-in-time`,
      feature: 'macro_data',
      weight: 2,
      query: IndicatorQuerySchema,
      data: IndicatorTableSchema,
      reads: indicatorTableReads(table),
      handler: async ({ query, now }) => ({ data: await services.indicators.getIndicatorTable({ name: table.name, ...query, now }) }),
    }),
  );
}
