import { InvalidInputError, NotFoundError, UnsupportedError } from '../../kernel/domain-errors.ts';

/** The market is checked before anything about the code (contract section 3). */
export function assertSupportedMarket(market: string): void {
  if (market !== 'jp') throw new UnsupportedError(`market "${market}" is not supported: only jp (Tokyo) is`, 'MARKET_NOT_SUPPORTED');
}

const CODE_PATTERN = /^[0-9A-Z]{4}[0-9A-Z]?$/;

/**
 * The checks of every route under `/market/:market/equities/:code`, in the contract's order:
 * the market (400 `MARKET_NOT_SUPPORTED`), then the code's form (400). Whether the code names a
 * listed equity is the service's to say (404 `EQUITY_NOT_FOUND`, `equityNotFound`).
 */
export function checkedEquityCode(params: { market: string; code: string }): string {
  assertSupportedMarket(params.market);
  if (!CODE_PATTERN.test(params.code)) {
    throw new InvalidInputError(`code must be a 4-character ticker (7203, 130A) or a 5-character code (72030); got "${params.code}"`);
  }
  return params.code;
}

export function equityNotFound(code: string): NotFoundError {
  return new NotFoundError(`No listed equity has the code ${code}`, 'EQUITY_NOT_FOUND');
}
