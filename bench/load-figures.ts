import type { Result } from 'autocannon';

/** What the load test reports of one group of clients. */
export interface Figures {
  requests: number;
  /** Bytes of the answers. */
  bytes: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  /** 304: an app's content unchanged since it last asked, an answer rather than a failure. */
  notModified: number;
  /** 4xx and 5xx. */
  refused: number;
}

type LatencyFigures = Pick<Figures, 'requests' | 'p50' | 'p99' | 'max'>;

/** The editors' figures, and apart their saves' and their reads of their own content (get_own_content, issue 50). */
export type EditorFigures = Figures & { saves: LatencyFigures; ownReads: LatencyFigures };

export function figuresOf(result: Result): Figures {
  return {
    requests: result.requests.total,
    bytes: result.throughput.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    notModified: result['3xx'],
    refused: result['4xx'] + result['5xx'],
  };
}

/** The count and percentiles (whole ms) of latencies taken by hand. */
export function figuresOfLatencies(latencies: number[]): LatencyFigures {
  const sorted = Float64Array.from(latencies).sort();
  const at = (share: number) => Math.round(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0);
  return { requests: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}
