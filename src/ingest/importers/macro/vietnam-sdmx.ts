import { countrySeries } from '../../../domains/macro/series.ts';
import { sdmxObservationsImporter, type SdmxFile } from './sdmx-observations.ts';

/** The series key of the IMF's ECOFIN_DSD that every e-GDDS file of Vietnam's shares: Vietnam's own figures. */
const VN = { REF_AREA: 'VN' } as const;

/**
 * The files of the statistics office's National Summary Data Page (e-GDDS, IMF ECOFIN_DSD) the
 * hub reads, and the one series each of them feeds. INDICATOR codes are the IMF's; where the
 * office fills one with another figure than the IMF's code list says, the office's published
 * figure decides (docs/data-sources.md, "Vietnam's statistics office").
 */
export const NSO_SDMX_FILES: readonly SdmxFile[] = [
  {
    fileName: 'CPIVNM.xml',
    path: '/GSO-chung/SDMXFiles/GSO/CPIVNM.xml',
    // PC_PP_PT is "on the previous period" in the IMF's code list, but the office fills it with core
    // inflation on the same month a year earlier (October 2024: 2.68, as its press release states).
    series: [{ key: { ...VN, INDICATOR: 'PCPICO_PC_PP_PT', FREQ: 'M' }, series: countrySeries('VN', 'coreCpiYoy'), frequency: 'month', unitMult: '0' }],
  },
  {
    fileName: 'IIPVNM.xml',
    path: '/GSO-chung/SDMXFiles/GSO/IIPVNM.xml',
    series: [{ key: { ...VN, INDICATOR: 'AIP_ISIC4_IX', FREQ: 'M' }, series: countrySeries('VN', 'industrialProduction'), frequency: 'month', unitMult: '0' }],
  },
  {
    fileName: 'METVNM.xml',
    path: '/GSO-chung/SDMXFiles/GSO/METVNM.xml',
    series: [
      { key: { ...VN, INDICATOR: 'TXG_FOB_USD', FREQ: 'M' }, series: countrySeries('VN', 'exports'), frequency: 'month', unitMult: '6' },
      { key: { ...VN, INDICATOR: 'TMG_CIF_USD', FREQ: 'M' }, series: countrySeries('VN', 'imports'), frequency: 'month', unitMult: '6' },
    ],
  },
  {
    fileName: 'LMIVNM.xml',
    path: '/GSO-chung/SDMXFiles/GSO/LMIVNM.xml',
    // The office writes UNIT_MULT 3 on every series of the file, its percentages included: LUR_PT is a percent as written.
    series: [{ key: { ...VN, INDICATOR: 'LUR_PT', FREQ: 'Q' }, series: countrySeries('VN', 'unemployment'), frequency: 'quarter', unitMult: '3' }],
  },
  {
    fileName: 'GDPVNM.xml',
    path: '/GSO-chung/SDMXFiles/GSO/GDPVNM.xml',
    // Each quarter's own GDP (the four quarters of a year add up to the annual series), billions of dong; real at 2010 prices.
    series: [
      { key: { ...VN, INDICATOR: 'NGDP_PA_XDC', FREQ: 'Q' }, series: countrySeries('VN', 'gdpNominal'), frequency: 'quarter', unitMult: '9' },
      { key: { ...VN, INDICATOR: 'NGDP_R_PA_XDC', FREQ: 'Q', BASE_PER: '2010' }, series: countrySeries('VN', 'gdpReal'), frequency: 'quarter', unitMult: '9' },
    ],
  },
];

/** The State Bank's interest-rate file (ShowProperty node SBV471011, its latest released revision). */
export const SBV_SDMX_FILES: readonly SdmxFile[] = [
  {
    fileName: 'SBV.INR_VNM.xml',
    path: '/webcenter/ShowProperty?nodeId=/UCMServer/SBV471011//idcPrimaryFile&revision=latestreleased',
    // FIR_PA is the refinancing rate (the SBV's policy rate); FID_PA, the rediscount rate, is served by no endpoint. The series states no UNIT_MULT.
    series: [{ key: { ...VN, INDICATOR: 'FIR_PA', FREQ: 'M' }, series: countrySeries('VN', 'policyRate'), frequency: 'month', unitMult: undefined }],
  },
];

export const nsoSdmxImporter = sdmxObservationsImporter({
  dataset: 'nso-sdmx',
  description: "Vietnam's statistics office, National Summary Data Page SDMX-ML files (CPIVNM, IIPVNM, METVNM, LMIVNM, GDPVNM): the mapped series, each whole",
  source: "Vietnam's statistics office (GSO, now NSO), National Summary Data Page (e-GDDS)",
  files: NSO_SDMX_FILES,
});

export const sbvSdmxImporter = sdmxObservationsImporter({
  dataset: 'sbv-sdmx',
  description: "State Bank of Vietnam's e-GDDS SDMX-ML interest-rate file: the monthly refinancing rate, whole",
  source: 'State Bank of Vietnam, e-GDDS interest rates',
  files: SBV_SDMX_FILES,
});
