declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  /** One request of a connection's round (`requests`), its address chosen when it is sent. */
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  };
  type Options = {
    url: string;
    duration?: number;
    connections?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Request[];
    /** Requests per second over all connections (a fixed offered rate). */
    overallRate?: number;
    timeout?: number;
  };
  type Histogram = { average: number; p50: number; p90: number; p99: number; total?: number; max?: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts?: number;
    non2xx: number;
    throughput: Histogram;
  };
  type Instance = EventEmitter & PromiseLike<Result>;
  export default function autocannon(options: Options): Instance;
}
