/** One sample of a scrape: a metric name, its labels and its value. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function value(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  // Prometheus reads values with Go's ParseFloat, which takes NaN in any case (prom-client writes "Nan").
  if (/^nan$/i.test(text)) return Number.NaN;
  const parsed = Number(text);
  if (Number.isNaN(parsed)) throw new Error(`not a sample value: ${text}`);
  return parsed;
}

/**
 * Parses Prometheus's text exposition format (version 0.0.4) strictly: every line must be a HELP,
 * a TYPE (declared once, before its samples) or a sample; anything else throws.
 */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  const typed = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const where = `line ${index + 1}: ${line}`;
    if (line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      if (!name || !type || !TYPES.has(type) || typed.has(name)) throw new Error(`bad TYPE, ${where}`);
      typed.set(name, type);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample, ${where}`);
    const [, name = '', labelText = '', valueText = ''] = match;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let label = LABEL.exec(labelText); label; label = LABEL.exec(labelText)) {
      labels[label[1] ?? ''] = (label[2] ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      consumed = LABEL.lastIndex;
    }
    if (consumed !== labelText.length) throw new Error(`bad labels, ${where}`);
    const family = name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!typed.has(name) && !typed.has(family)) throw new Error(`sample before its TYPE, ${where}`);
    samples.push({ name, labels, value: value(valueText) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels`. */
export function total(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v))
    .reduce((sum, sample) => sum + sample.value, 0);
}
