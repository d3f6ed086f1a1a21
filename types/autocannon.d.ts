declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  type Options = {
    url: string;
    duration?: number;
    connections?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  };
  type Histogram = { average: number; p50: number; p90: number; p99: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
    throughput: Histogram;
  };
  type Instance = EventEmitter & PromiseLike<Result>;
  export default function autocannon(options: Options): Instance;
}
