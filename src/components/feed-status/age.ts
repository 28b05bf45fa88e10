/** The age of the last message, as the i18n key of the `live` namespace and its count. */
export interface FeedAge {
  key: 'age.justNow' | 'age.seconds' | 'age.minutes' | 'age.hours';
  count: number;
}

export function feedAge(lastMessageAt: number, now: number): FeedAge {
  const seconds = Math.max(0, Math.floor((now - lastMessageAt) / 1000));
  if (seconds < 1) return { key: 'age.justNow', count: 0 };
  if (seconds < 60) return { key: 'age.seconds', count: seconds };
  if (seconds < 3600) return { key: 'age.minutes', count: Math.floor(seconds / 60) };
  return { key: 'age.hours', count: Math.floor(seconds / 3600) };
}
