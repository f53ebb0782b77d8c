import { InvalidInputError, NotFoundError, UnsupportedError } from '../../core/domain-errors.ts';

/** The market is checked before anything about the code (contract section 3). */
export function assertSupportedMarket(market: string): void {
  if (market !== 'jp') throw new UnsupportedError(`market "${market}" is not supported: only jp (Tokyo) is`, 'MARKET_NOT_SUPPORTED');
}

const CODE_PATTERN = /^[0-9A-Z]{4}[0-9A-Z]?$/;

export function assertEquityCode(code: string): void {
  if (!CODE_PATTERN.test(code)) {
    throw new InvalidInputError(`code must be a 4-character ticker (7203, 130A) or a 5-character code (72030); got "${code}"`);
  }
}

export function equityNotFound(code: string): NotFoundError {
  return new NotFoundError(`No listed equity has the code ${code}`, 'EQUITY_NOT_FOUND');
}
