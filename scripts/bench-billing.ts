/**
 * Part of `npm run bench`: the time of the payment action (a subscription paid in the sandbox: card
 * kept, charge, subscription, gap-free invoice, all under the account lock) and of the billing page,
 * beside the profile page as a signed-in page of about the same weight, measured in one run in process
 * (the production build over PGlite in memory, no HTTP). Prints medians and p95 in ms and the ratios.
 */
import { formBody, type Jar } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

const accounts = Number(process.env.BENCH_BILLING_ACCOUNTS ?? 40);
const pageRuns = Number(process.env.BENCH_BILLING_PAGES ?? 200);
const origin = "http://localhost:3000";

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p95: at(0.95) };
};
const fmt = (x: { p50: number; p95: number }) => `p50 ${x.p50.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms`;

const srv = await createTestServer();
const clock = { now: () => new Date() };
const jars: Jar[] = [];
for (let i = 0; i < accounts; i++) jars.push((await signedInMember(srv, clock, "bench")).jar);

const pay: number[] = [];
for (const [i, jar] of jars.entries()) {
  const started = performance.now();
  const res = await srv.request("/payment/personal", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie: jar.header },
    body: formBody({
      type: "personal",
      period: i % 2 ? "yearly" : "monthly",
      billingName: "Bench",
      billingEmail: "bench@example.com",
      address: "1 Main St",
      country: "US",
      city: "Springfield",
      zip: "12345",
      cardNumber: "4242424242424242",
      cardExpiry: "12/40",
      cardCvc: "123",
      attempt: `bench-attempt-${i}-xxxx`,
    }),
    redirect: "manual",
  });
  pay.push(performance.now() - started);
  if (res.status !== 302) throw new Error(`payment ${i} answered ${res.status}`);
}

async function timePage(path: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < pageRuns; i++) {
    const jar = jars[i % jars.length];
    const started = performance.now();
    const res = await srv.request(path, { headers: { cookie: jar.header } });
    await res.arrayBuffer();
    out.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  return out;
}
const billing = await timePage("/profile/billing");
const profile = await timePage("/profile");
const invoices = await timePage("/profile/invoices");
await srv.cleanup();

const p = stats(pay);
const b = stats(billing);
const pr = stats(profile);
console.log(`\nBilling (in process, PGlite in memory, ${accounts} payments, ${pageRuns} page loads each):`);
console.log(`payment action (sandbox, success)  ${fmt(p)}`);
console.log(`/profile/billing                   ${fmt(b)}`);
console.log(`/profile/invoices                  ${fmt(stats(invoices))}`);
console.log(`/profile (for comparison)          ${fmt(pr)}`);
console.log(
  `ratios at p50: payment ${(p.p50 / pr.p50).toFixed(2)}x the profile page, billing page ${(b.p50 / pr.p50).toFixed(2)}x`,
);
process.exit(0);
