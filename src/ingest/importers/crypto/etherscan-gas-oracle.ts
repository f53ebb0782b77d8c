import { Type } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { CRYPTO_METRICS, type CryptoMetricName } from '../../../domains/crypto/crypto.metrics.ts';
import { loadMetricPoints, metricFact, PublishedFigureSchema, publishedNumber } from './published-metrics.ts';

/** Any answer's status: a refusal (`"0"`) gives its reason as the text of `result`. */
const StatusSchema = Type.Object({
  status: Type.String(),
  message: Type.Optional(Type.String()),
  result: Type.Optional(Type.Union([Type.String(), Type.Null(), Type.Object({})])),
});

/** What the hub reads of the oracle: its prices in gwei (`LastBlock` and `gasUsedRatio` are not read). */
const OracleSchema = Type.Object({
  SafeGasPrice: PublishedFigureSchema,
  ProposeGasPrice: PublishedFigureSchema,
  FastGasPrice: PublishedFigureSchema,
  suggestBaseFee: PublishedFigureSchema,
});
const AnswerSchema = Type.Object({ status: Type.Literal('1'), result: OracleSchema });

/** The oracle's fields and the gas series they fill, in gwei. */
const GAS_FIELDS: [keyof typeof OracleSchema.properties, CryptoMetricName][] = [
  ['SafeGasPrice', CRYPTO_METRICS.ethGasSafe],
  ['ProposeGasPrice', CRYPTO_METRICS.ethGasStandard],
  ['FastGasPrice', CRYPTO_METRICS.ethGasFast],
  ['suggestBaseFee', CRYPTO_METRICS.ethBaseFee],
];

export type GasOracleReading = { metric: CryptoMetricName; value: number }[];

/**
 * Etherscan API V2 `GET /v2/api?chainid=1&module=gastracker&action=gasoracle`: `{status: "1",
 * message: "OK", result: {LastBlock, SafeGasPrice, ProposeGasPrice, FastGasPrice,
 * suggestBaseFee, gasUsedRatio}}`, prices in gwei as decimal strings. A refusal comes as
 * `status: "0"` with the reason in `result` (a missing or invalid key, a rate limit).
 */
export function parseGasOracle(content: string, fileName: string): GasOracleReading {
  const document = readJsonDocument(StatusSchema, content, fileName);
  if (document.status !== '1')
    throw new ImportError(`${fileName}: Etherscan answered status ${document.status} ${String(document.message)}: ${String(document.result)}`);
  const { result } = checkDocument(AnswerSchema, document, fileName);
  return GAS_FIELDS.map(([field, metric]) => {
    const value = publishedNumber(result[field], metricFact(metric), `${fileName}: result.${field}`);
    if (value < 0) throw new ImportError(`${fileName}: result.${field} ${JSON.stringify(result[field])} is negative`);
    return { metric, value };
  });
}

export const etherscanGasOracleImporter: Importer<GasOracleReading> = {
  dataset: 'etherscan-gas-oracle',
  datasets: ['crypto'],
  description: 'Etherscan API V2 gastracker/gasoracle JSON (Ethereum mainnet): safe, proposed and fast gas prices and the base fee, in gwei',
  source: 'Etherscan',
  canonicalForm: canonicalJson,
  parse: parseGasOracle,
  // The answer names a block, not a time: the reading is stored at the time it was fetched.
  load: (db, reading, release) =>
    loadMetricPoints(
      db,
      reading.map((r) => ({ ...r, at: release.knowledgeAt })),
      release,
    ),
};
