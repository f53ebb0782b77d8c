/**
 * The finance lexicon behind article sentiment (docs/adr/0012-news-sentiment.md): word → weight
 * in [-3, 3]. English terms are matched as whole lower-case words (phrases as consecutive words);
 * Japanese terms, written without spaces, are matched as substrings; Vietnamese terms as phrases.
 * Changing a weight changes served scores: bump SENTIMENT_MODEL when it does.
 */
export const SENTIMENT_MODEL = 'fdh-finance-lexicon-1';

export const ENGLISH_LEXICON: Readonly<Record<string, number>> = {
  beat: 2, beats: 2, surge: 2.5, surges: 2.5, surged: 2.5, soar: 2.5, soars: 2.5, soared: 2.5,
  rally: 2, rallies: 2, rallied: 2, gain: 1.5, gains: 1.5, gained: 1.5, rise: 1, rises: 1, rose: 1,
  climb: 1.2, climbs: 1.2, climbed: 1.2, jump: 1.8, jumps: 1.8, jumped: 1.8, record: 1.2,
  strong: 1.5, stronger: 1.5, robust: 1.5, upgrade: 2, upgrades: 2, upgraded: 2, outperform: 2,
  bullish: 2.5, optimism: 2, optimistic: 2, growth: 1, profit: 1.2, profits: 1.2, expansion: 1,
  recovery: 1.5, recovers: 1.5, rebound: 1.5, rebounds: 1.5, approval: 1.5, approves: 1.5,
  inflows: 1.2, inflow: 1.2, upbeat: 2, boost: 1.5, boosts: 1.5, easing: 0.8, resilient: 1.5,
  'all-time high': 2.5, 'better than expected': 2.5,
  miss: -2, misses: -2, missed: -2, plunge: -2.8, plunges: -2.8, plunged: -2.8, slump: -2.5, slumps: -2.5,
  tumble: -2.3, tumbles: -2.3, tumbled: -2.3, fall: -1, falls: -1, fell: -1, drop: -1.2, drops: -1.2,
  dropped: -1.2, decline: -1.2, declines: -1.2, declined: -1.2, slide: -1.3, slides: -1.3, weak: -1.5,
  weaker: -1.5, downgrade: -2, downgrades: -2, downgraded: -2, bearish: -2.5, pessimism: -2,
  loss: -1.5, losses: -1.5, recession: -2.5, crisis: -2.8, default: -2.5, fraud: -3, hack: -2.8,
  hacked: -2.8, lawsuit: -2, probe: -1.5, investigation: -1.5, selloff: -2.3, 'sell-off': -2.3,
  outflows: -1.2, outflow: -1.2, concern: -1, concerns: -1, fears: -1.5, fear: -1.5, volatility: -0.5,
  inflation: -0.5, tightening: -0.8, cut: -0.5, cuts: -0.5, layoffs: -2, warning: -1.5, warns: -1.5,
  'worse than expected': -2.5, uncertainty: -1.2, risk: -0.5, risks: -0.5,
};

export const JAPANESE_LEXICON: Readonly<Record<string, number>> = {
  上昇: 1.2, 急騰: 2.5, 最高値: 2.5, 好調: 1.8, 増益: 2, 上方修正: 2.2, 回復: 1.5, 反発: 1.5, 買い: 0.8,
  下落: -1.2, 急落: -2.8, 安値: -1.5, 不振: -1.8, 減益: -2, 下方修正: -2.2, 懸念: -1.2, 売り: -0.8, 赤字: -2,
};

export const VIETNAMESE_LEXICON: Readonly<Record<string, number>> = {
  'tăng mạnh': 2.2, tăng: 1, 'kỷ lục': 1.8, 'khởi sắc': 1.8, 'phục hồi': 1.5, 'lợi nhuận': 1.2, 'tích cực': 1.8,
  'giảm mạnh': -2.2, giảm: -1, 'lao dốc': -2.8, 'thua lỗ': -2, 'lo ngại': -1.3, 'tiêu cực': -1.8, 'rủi ro': -0.8,
};

/** Words that flip the sign of the next lexicon term (within three words). */
export const ENGLISH_NEGATIONS: ReadonlySet<string> = new Set(['not', 'no', 'never', "n't", 'without', 'despite', 'fails', 'failed']);
