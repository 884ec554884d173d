/**
 * The value of one series in a Prometheus text answer (`GET /metrics`), whatever the order of its labels; undefined
 * when no series of `name` has exactly these labels.
 */
export function metricValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]\w*=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (given === wanted) return Number(match[3]);
  }
  return undefined;
}
