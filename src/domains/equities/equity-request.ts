import { ApiError, badRequest } from '../../core/errors.ts';

/** The market is checked before anything about the code (contract section 3). */
export function assertSupportedMarket(market: string): void {
  if (market !== 'jp') {
    throw new ApiError(400, 'MARKET_NOT_SUPPORTED', [`market "${market}" is not supported: only jp (Tokyo) is`]);
  }
}

const CODE_PATTERN = /^[0-9A-Z]{4}[0-9A-Z]?$/;

export function assertEquityCode(code: string): void {
  if (!CODE_PATTERN.test(code)) {
    throw badRequest([`code must be a 4-character ticker (7203, 130A) or a 5-character code (72030); got "${code}"`]);
  }
}

export function equityNotFound(code: string): ApiError {
  return new ApiError(404, 'EQUITY_NOT_FOUND', `No listed equity has the code ${code}`);
}
