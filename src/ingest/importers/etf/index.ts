import type { AnyImporter } from '../../source.ts';
import { jpxPcfImporter } from './jpx-pcf.ts';
import { jpxEtfListImporter } from './jpx-etf-list.ts';
import { jpxEtfIssuesImporter } from './jpx-etf-issues.ts';

/** The etf domain's importers. */
export const etfImporters: AnyImporter[] = [jpxPcfImporter, jpxEtfListImporter, jpxEtfIssuesImporter];
