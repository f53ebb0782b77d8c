/** A JSON body of the same size as the hub's usage response, for the servers the hub is measured against. */
export const body = JSON.stringify({
  success: true,
  statusCode: 200,
  data: {
    keyId: 'key_0123456789abcdef',
    plan: 'enterprise',
    features: ['crypto_data', 'fx_data', 'commodities_data', 'etf_data', 'news_data', 'calendar_data', 'market_data', 'macro_data'],
    budget: 1000000000,
    used: 0,
    remaining: 1000000000,
    resetAt: '2026-06-19T08:46:00.000Z',
    expiresAt: null,
  },
  meta: { timestamp: new Date().toISOString() },
});
