// The few parts of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface RequestShape {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Array<RequestShape & { setupRequest?: (request: RequestShape) => RequestShape }>;
  }
  interface Result {
    errors: number;
    non2xx: number;
    requests: { average: number };
    latency: { p50: number; p99: number; average: number };
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
