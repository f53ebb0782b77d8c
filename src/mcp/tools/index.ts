import type { HubTool } from './tool.ts';
import { searchSeries } from './search-series.ts';
import { getSeries } from './get-series.ts';
import { getTable } from './get-table.ts';
import { listEndpoints } from './list-endpoints.ts';
import { callEndpoint } from './call-endpoint.ts';

/** The tools the hub offers over MCP (contract section 5 F), in the order `tools/list` shows them. */
export const HUB_TOOLS: readonly HubTool[] = [searchSeries, getSeries, getTable, listEndpoints, callEndpoint];
