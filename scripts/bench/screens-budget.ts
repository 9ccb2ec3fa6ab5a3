/** The proof-of-play report's p95 at more than 10 × the real rate of 1,000 screens (issue #43). */
export const SCREENS_P95_BUDGET_MS = 100;
