/**
 * The stripe SDK, loaded the first time a payment needs it rather than at every start-up
 * (~0.1 s of CPU and ~4 MB; scripts/bench/startup.mjs). Its CommonJS build, so the first use
 * can be synchronous (webhook signatures are checked in synchronous code).
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';

let sdk: typeof Stripe | undefined;

export function stripeSdk(): typeof Stripe {
  sdk ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return sdk;
}
