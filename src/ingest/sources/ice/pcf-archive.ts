import { Type } from 'typebox';
import { calendarDate } from '../../calendar-dates.ts';
import { ImportError } from '../../import-error.ts';
import { jpxPcfImporter, parsePcf } from '../../importers/etf/jpx-pcf.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { parsedPayload, type ImportPayload } from '../../sync/source-definition.ts';
import { readZipEntry, zipDirectory } from '../zip-entry.ts';

/** One daily archive ICE lists: `all_pcf_20260812.zip`, of 2026-08-12. */
interface PcfArchive {
  name: string;
  date: string;
}

const ARCHIVE_NAME = /^all_pcf_(\d{8})\.zip$/;
/** A fund's member: `2080tsepcf_Aug122026.csv` (`osepcf` for a fund listed in Osaka). */
const MEMBER_NAME = /^([0-9]{3}[0-9A-Z])(?:tse|ose)pcf_[^/]*\.csv$/i;

/**
 * The archives `listOfZips` names, oldest first. The answer is a JSON array of file names; a
 * name that is not a daily archive's is passed over, and a list with none is refused.
 */
export function archiveNames(body: Buffer): PcfArchive[] {
  const names = readJsonDocument(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10_000 }), body, 'listOfZips');
  const archives: PcfArchive[] = [];
  for (const name of names) {
    const digits = ARCHIVE_NAME.exec(name)?.[1];
    const date = digits === undefined ? undefined : calendarDate(digits, 'YYYYMMDD');
    if (date !== undefined) archives.push({ name, date });
  }
  if (archives.length === 0) throw new ImportError('listOfZips: names no daily archive (all_pcf_YYYYMMDD.zip)');
  return archives.sort((a, b) => a.date.localeCompare(b.date));
}

/** The archives dated after `through` (the last one imported), or on a first run the newest `initial`. */
export function archivesToFetch(archives: readonly PcfArchive[], through: string | undefined, initial: number): PcfArchive[] {
  return through === undefined ? archives.slice(-initial) : archives.filter((archive) => archive.date > through);
}

/**
 * Each fund's PCF in one daily archive, read (bounded by the zip limits) and parsed here, one
 * payload per fund named `<archive>/<member>`. A member that is not a PCF of the fund its name
 * gives fails the run naming it; other members (folders, notes) are passed over.
 */
export function archivePayloads(archiveName: string, zip: Buffer, archiveHash: string): ImportPayload[] {
  let entries: ReturnType<typeof zipDirectory>;
  try {
    entries = zipDirectory(zip);
  } catch (error) {
    throw new ImportError(`${archiveName}: ${(error as Error).message}`, { cause: error });
  }
  const payloads: ImportPayload[] = [];
  for (const entry of entries) {
    const member = entry.name.split('/').pop() ?? '';
    const code = MEMBER_NAME.exec(member)?.[1]?.toUpperCase();
    if (code === undefined) continue;
    const fileName = `${archiveName}/${member}`;
    let pcf: ReturnType<typeof parsePcf>;
    try {
      pcf = parsePcf(readZipEntry(zip, entry).toString('utf8'));
    } catch (error) {
      throw new ImportError(`${fileName}: ${(error as Error).message}`, { cause: error });
    }
    if (pcf.fundCode !== code) throw new ImportError(`${fileName}: the file is the PCF of fund ${pcf.fundCode}, not of ${code}`);
    payloads.push(parsedPayload(jpxPcfImporter, pcf, { fileName, archiveHashes: [archiveHash] }));
  }
  if (payloads.length === 0) throw new ImportError(`${archiveName}: the archive holds no fund's PCF (<code>tsepcf_….csv)`);
  return payloads;
}
