import { etherscanGasOracleImporter } from '../../importers/crypto/etherscan-gas-oracle.ts';
import { defineSource, NoParams, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { storedFacts } from '../../../facts/names.ts';

const API_KEY = 'ETHERSCAN_API_KEY';

/**
 * Ethereum mainnet gas prices from Etherscan's gas oracle (API V2, `chainid=1`). Etherscan
 * takes the key as the `apikey` query parameter; the runner redacts it wherever it keeps a URL.
 */
export const etherscanGasSource = defineSource({
  id: 'etherscan-gas',
  publisher: 'etherscan',
  description: 'Etherscan gas oracle: Ethereum safe, proposed and fast gas prices and base fee (gwei)',
  defaultBaseUrl: 'https://api.etherscan.io',
  defaultSchedule: '*/10 * * * *',
  timeZone: 'UTC',
  params: NoParams,
  defaultParams: {},
  credentials: [
    {
      env: API_KEY,
      required: true,
      howToGet:
        'free: sign up at https://etherscan.io/register and create a key under API Keys (https://docs.etherscan.io/getting-started/viewing-api-usage-statistics)',
    },
  ],
  importers: [etherscanGasOracleImporter],
  feeds: ['eth_gas_safe', 'eth_gas_standard', 'eth_gas_fast', 'eth_base_fee'].map(storedFacts.cryptoMetric),
  // The free plan allows 5 calls a second.
  minRequestIntervalMs: 250,
  async collect({ baseUrl, credentials, fetch }): Promise<CollectResult> {
    const key = credentials[API_KEY];
    if (key === undefined) throw new Error(`${API_KEY} is not set`);
    const query = new URLSearchParams({ chainid: '1', module: 'gastracker', action: 'gasoracle', apikey: key });
    const answer = await fetchUnconditional(fetch, { url: `${baseUrl}/v2/api?${query.toString()}` });
    return {
      payloads: [{ importer: etherscanGasOracleImporter, fileName: 'gasoracle.json', content: answer.body, archiveHashes: [answer.archiveHash] }],
      cursor: undefined,
    };
  },
});

export const etherscanSources: SourceDefinition[] = [etherscanGasSource];
