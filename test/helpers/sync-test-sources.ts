import { ecbEurofxrefImporter } from '../../src/ingest/importers/fx/ecb-eurofxref.ts';
import { defineSource, NoParams, type SourceDefinition } from '../../src/ingest/sync/source-definition.ts';

/**
 * Test-only sources for the sync tests: the ECB reference-rate CSV (importer `ecb-eurofxref`)
 * from the double's `ecb-test` publisher (test/fixtures/sync/ecb-test), the credential (if any)
 * sent as the `api_key` parameter or as a path segment (as ECOS takes its key). The sources file
 * names this module in `modules`, so child `fdh` processes know them too.
 */
function ecbCsvSource(id: string, credentials: SourceDefinition['credentials'], keyIn: 'query' | 'path' = 'query'): SourceDefinition {
  return defineSource({
    id,
    publisher: 'ecb-test',
    description: 'ECB euro reference rates, CSV (test source)',
    defaultBaseUrl: 'http://127.0.0.1:9',
    defaultSchedule: '0 16 * * 1-5',
    timeZone: 'Europe/Berlin',
    params: NoParams,
    defaultParams: {},
    credentials,
    importers: [ecbEurofxrefImporter],
    async collect(context) {
      const key = credentials.map((spec) => context.credentials[spec.env]).find((value) => value !== undefined);
      const url = new URL(`${context.baseUrl}/stats/${keyIn === 'path' && key !== undefined ? `${key}/` : ''}eurofxref/eurofxref-hist.csv`);
      if (keyIn === 'query' && key !== undefined) url.searchParams.set('api_key', key);
      const answer = await context.fetch({ url: url.toString() });
      if (answer.notModified) return { payloads: [], cursor: context.cursor };
      return {
        payloads: [{ importer: ecbEurofxrefImporter, fileName: 'eurofxref-hist.csv', content: answer.body, archiveHashes: [answer.archiveHash] }],
        cursor: { lastFetchedAt: context.now.toISOString() },
      };
    },
  });
}

export const sources: SourceDefinition[] = [
  ecbCsvSource('ecb-test-rates', []),
  ecbCsvSource('ecb-test-keyed', [{ env: 'SYNC_TEST_API_KEY', required: true, howToGet: 'any value: the double ignores it' }]),
  ecbCsvSource(
    'ecb-test-path-keyed',
    [{ env: 'SYNC_TEST_PATH_KEY', required: true, howToGet: 'the double serves the path of test/fixtures/sync/ecb-test/routes.json' }],
    'path',
  ),
];
