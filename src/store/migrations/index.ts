import type { Migration } from 'kysely/migration';
import * as core from './0001-core.ts';
import * as crypto from './0002-crypto.ts';
import * as commodities from './0003-commodities.ts';
import * as etf from './0004-etf.ts';
import * as fx from './0005-fx.ts';
import * as indices from './0006-indices.ts';
import * as macro from './0007-macro.ts';
import * as equities from './0008-equities.ts';
import * as news from './0009-news.ts';
import * as calendar from './0010-calendar.ts';
import * as realEstate from './0011-real-estate.ts';
import * as instruments from './0012-instruments.ts';
import * as dataVersion from './0013-data-version.ts';
import * as accounts from './0014-accounts.ts';
import * as accountSecurity from './0015-account-security.ts';
import * as sync from './0016-sync.ts';
import * as queryIndexes from './0017-query-indexes.ts';
import * as serviceKeys from './0018-service-keys.ts';
import * as emailSkeleton from './0019-email-skeleton.ts';
import * as releaseFact from './0020-release-fact.ts';
import * as etfHoldingAssetClass from './0021-etf-holding-asset-class.ts';
import * as equityBarOhlc from './0029-equity-bar-ohlc.ts';
import * as releaseUndo from './0030-release-undo.ts';
import * as releaseFactDescription from './0031-release-fact-description.ts';
import * as equityIssueLocalName from './0032-equity-issue-local-name.ts';

/** One migration list, run unchanged on SQLite and PostgreSQL. Names sort in apply order. */
export const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-crypto': crypto,
  '0003-commodities': commodities,
  '0004-etf': etf,
  '0005-fx': fx,
  '0006-indices': indices,
  '0007-macro': macro,
  '0008-equities': equities,
  '0009-news': news,
  '0010-calendar': calendar,
  '0011-real-estate': realEstate,
  '0012-instruments': instruments,
  '0013-data-version': dataVersion,
  '0014-accounts': accounts,
  '0015-account-security': accountSecurity,
  '0016-sync': sync,
  '0017-query-indexes': queryIndexes,
  '0018-service-keys': serviceKeys,
  '0019-email-skeleton': emailSkeleton,
  '0020-release-fact': releaseFact,
  '0021-etf-holding-asset-class': etfHoldingAssetClass,
  '0029-equity-bar-ohlc': equityBarOhlc,
  '0030-release-undo': releaseUndo,
  '0031-release-fact-description': releaseFactDescription,
  '0032-equity-issue-local-name': equityIssueLocalName,
};
