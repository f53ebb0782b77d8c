import type { AnyImporter } from '../../source.ts';
import { operatorEventsImporter } from './events.ts';
import { operatorGeographyImporter } from './geography.ts';
import { operatorInstrumentsImporter } from './instruments.ts';
import { operatorObservationsImporter } from './observations.ts';

/**
 * The operator's own files, one format per kind of fact (families.ts `format`), for figures
 * licensed from a vendor or typed from a publisher's PDF: docs/data-sources.md, "Loading licensed data".
 */
export const OPERATOR_IMPORTERS = {
  observations: operatorObservationsImporter,
  events: operatorEventsImporter,
  instruments: operatorInstrumentsImporter,
  geography: operatorGeographyImporter,
} as const;

export const operatorImporters: AnyImporter[] = Object.values(OPERATOR_IMPORTERS);
