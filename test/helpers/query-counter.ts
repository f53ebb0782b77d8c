import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the queries a store handle sends: `counted.db` is the store's handle with a plugin
 * that counts each executed query once (at its result; a subquery is part of its query).
 */
export function countQueries<DB>(db: Kysely<DB>): { db: Kysely<DB>; sent(): number } {
  let sent = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      sent += 1;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), sent: () => sent };
}

/** How many queries `read` sends through `counted`. */
export async function queriesOf(counted: { sent(): number }, read: () => Promise<unknown>): Promise<number> {
  const before = counted.sent();
  await read();
  return counted.sent() - before;
}
