/**
 * A first program against the hub: `FDH_BASE_URL=http://127.0.0.1:8080 FDH_API_KEY=apk_… node quick-start.ts`
 * (Node 22.18+ runs TypeScript as is; in this repository: `node --conditions=fdh-source`).
 */
import { createClient, FdhError } from '@fdh/client';

const apiKey = process.env.FDH_API_KEY;
if (apiKey === undefined) {
  process.stderr.write('Set FDH_API_KEY (the key `npm start` printed) and FDH_BASE_URL.\n');
  process.exit(2);
}
const fdh = createClient({ baseUrl: process.env.FDH_BASE_URL ?? 'http://127.0.0.1:8080', apiKey });

try {
  const usage = await fdh.get('/openapi/v1/usage');
  console.log(`plan ${usage.plan}: ${usage.remaining} of ${usage.budget} weight left this minute`);

  const map = await fdh.get('/openapi/v1/crypto/bubble-map', { query: { limit: 5 } });
  for (const coin of map.coins) console.log(`${coin.symbol.padEnd(6)} ${(coin.change ?? 0).toFixed(2).padStart(7)} % over ${map.timeframe}`);

  const gold = await fdh.get('/openapi/v1/commodities/{id}/history', { params: { id: 'gold' }, query: { period: '1m' } });
  console.log(`gold: ${gold.length} closes, last ${gold.at(-1)?.close ?? 'none'}`);

  // What was known at the end of 31 March (UTC), revisions published later left out.
  const tibor = await fdh.get('/openapi/v1/macro/interbank-rates/jp/tibor', { query: { asOf: new Date('2026-03-31') } });
  console.log(`TIBOR as of 2026-03-31: latest ${tibor.latestDate ?? 'none'}`);

  let read = 0;
  for await (const article of fdh.paginate('/openapi/v1/news/feed', { query: { limit: 5 } })) {
    console.log(`news: ${article.title}`);
    if (++read === 8) break;
  }
  console.log(`quota: ${fdh.rateLimit?.remaining} of ${fdh.rateLimit?.limit} left`);
} catch (error) {
  if (!(error instanceof FdhError)) throw error;
  console.error(`the hub answered ${error.status} ${error.code}: ${error.messages.join('; ')}`);
  process.exitCode = 1;
}
