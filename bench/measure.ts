import { createRequire } from 'node:module';
import autocannon from 'autocannon';

// autocannon appends every body chunk to a string (for options this bench does not use), and
// decoding binary gzip bytes as UTF-8 made it, not the bare server, the bottleneck: 25 KiB gzip
// answers measured at a fifth of the rate of 25 KiB of JSON. Bodies are not needed, so none is kept.
const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } };
queue.prototype.addBody = () => {};

/** Requests answered by one server over one or more slices of load. */
export interface Load {
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  /** The highest 99th-percentile latency among the slices, in ms. */
  p99: number;
}

export const rate = (load: Load) => load.requests / load.seconds;

export interface LoadOptions {
  connections: number;
  /** Seconds of load on each server, in slices of about one second (at least one slice). */
  seconds: number;
}

// A first short run on each server lets V8 optimise its code for this answer before a slice counts.
const WARM_UP_SECONDS = 0.25;

async function load(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<Load> {
  // autocannon looks at its deadline once per sample interval (1 s by default).
  const result = await autocannon({ url, headers, connections, duration: seconds, sampleInt: 100 });
  // autocannon stops at its deadline without awaiting the answers under way: let the server
  // finish them before the next slice, or a slow hub's tail would weigh on the bare server.
  // With one request per connection, they take about the mean latency to drain (Little's law).
  await new Promise((resolve) => setTimeout(resolve, Math.min(1000, result.latency.mean)));
  return {
    requests: result.requests.total,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p99: result.latency.p99,
  };
}

function sum(slices: Load[]): Load {
  return slices.reduce((total, slice) => ({
    requests: total.requests + slice.requests,
    seconds: total.seconds + slice.seconds,
    non2xx: total.non2xx + slice.non2xx,
    errors: total.errors + slice.errors,
    p99: Math.max(total.p99, slice.p99),
  }));
}

/**
 * Loads the hub and the bare server with one request in short slices that alternate between
 * the two (and swap which goes first), so a slow spell of the shared machine slows both alike.
 */
export async function compare(hubUrl: string, bareUrl: string, headers: Record<string, string>, options: LoadOptions): Promise<{ hub: Load; bare: Load }> {
  const slices = Math.max(1, Math.round(options.seconds));
  const sliceSeconds = options.seconds / slices;
  await load(hubUrl, headers, WARM_UP_SECONDS, options.connections);
  await load(bareUrl, headers, WARM_UP_SECONDS, options.connections);
  const hub: Load[] = [];
  const bare: Load[] = [];
  for (let slice = 0; slice < slices; slice++) {
    const hubFirst = slice % 2 === 1;
    if (hubFirst) hub.push(await load(hubUrl, headers, sliceSeconds, options.connections));
    bare.push(await load(bareUrl, headers, sliceSeconds, options.connections));
    if (!hubFirst) hub.push(await load(hubUrl, headers, sliceSeconds, options.connections));
  }
  return { hub: sum(hub), bare: sum(bare) };
}
