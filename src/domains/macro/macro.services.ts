import type { AppContext } from '../../context.ts';
import { EconomyService } from './economy.service.ts';
import { FdiService } from './fdi.service.ts';
import { IndicatorsService } from './indicators.service.ts';
import { MacroRepo } from './macro.repo.ts';
import { MarketsService } from './markets.service.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import { TiborService } from './tibor.service.ts';
import { VnFlowsService } from './vn-flows.service.ts';

/** The macro domain's services over one repo, built once per app. */
export interface MacroServices {
  fdi: FdiService;
  vnFlows: VnFlowsService;
  tibor: TiborService;
  indicators: IndicatorsService;
  economy: EconomyService;
  markets: MarketsService;
}

export function createMacroServices(ctx: AppContext): MacroServices {
  const repo = new MacroRepo(ctx.store.db);
  return {
    fdi: new FdiService(repo),
    vnFlows: new VnFlowsService(repo),
    tibor: new TiborService(repo),
    indicators: new IndicatorsService(repo),
    economy: new EconomyService(repo),
    markets: new MarketsService(repo, new InstrumentRepo(ctx.store.db)),
  };
}
