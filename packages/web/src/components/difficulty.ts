/** Problem difficulty levels 0–5 with their colours; names are in the locales (difficulty.N). */
export const DIFFICULTY_COLORS = ['#52c41a', '#73d13d', '#1677ff', '#faad14', '#fa541c', '#cf1322'] as const;

export const isDifficulty = (key: string) => /^[0-5]$/.test(key);
