import { Type } from 'typebox';
import { SeriesQuerySchema } from '../../domains/series/series.schemas.ts';

const { from, to, asOf, frequency, aggregation, units } = SeriesQuerySchema;

/**
 * The window and transformation of `/series/{fact}` and `/series/table`, as the REST query
 * declares them (no page: the tools read a series whole). `units` defaults to `lin` in REST, so
 * it may be left out here.
 */
export const SeriesWindowInput = { from, to, asOf, frequency, aggregation, units: Type.Optional(units) };
