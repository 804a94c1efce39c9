// A build plugin (runs in Node, never in the Worker): the production Worker carries the Stripe SDK
// (its client, retries, errors and webhook signatures) with only the API resources the app calls.
//
// Why: the SDK's constructor makes an object for each of its ~190 resources, so none can be
// tree-shaken; the ones worker/payments/stripe.ts never calls were ~9 KiB of the Worker's gzip size
// against its 500 KiB budget (issue 45).
//
// How: in the production build of the Worker, each other resource module loads as a class of the
// same name whose instances throw, naming this file, on any call. Development and the tests keep the
// whole SDK. A new Stripe call in worker/payments/ adds its resource file to CALLED.
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/** The resource files worker/payments/stripe.ts calls: `paymentIntents` and `refunds`. */
const CALLED = new Set(["PaymentIntents.js", "Refunds.js"]);
const RESOURCE = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]resources[\\/](.+\.js)$/;

export function stripeCallsOnly(): Plugin {
  return {
    name: "stripe-calls-only",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    load(id) {
      const file = RESOURCE.exec(id.split("?")[0] ?? "")?.[1]?.replaceAll("\\", "/");
      if (!file || CALLED.has(file)) return null;
      const names = [...readFileSync(id.split("?")[0]!, "utf8").matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
      if (names.length === 0) return null;
      const classes = names.map(
        (name) => `export class ${name} { constructor() { return unused(${JSON.stringify(name)}); } }`,
      );
      return [
        "const unused = (name) => new Proxy({}, { get: (_, key) => key === 'then' || typeof key === 'symbol' ? undefined : () => {",
        '  throw new Error("Stripe\'s " + name + " is not built into the Worker (worker/dev/stripe-calls-only.ts)");',
        "} });",
        ...classes,
      ].join("\n");
    },
  };
}
