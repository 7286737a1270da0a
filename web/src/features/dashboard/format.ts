/** Minutes as the dashboard shows them: "45m", "1h 05m", "2d 3h". */
export function formatMinutes(value: number): string {
  const total = Math.max(0, Math.round(value));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  return `${minutes}m`;
}

/** A percentage with at most one decimal: "66.7%". */
export function formatPercent(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}
