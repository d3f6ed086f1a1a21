/** The few members of oidc-provider (no declarations of its own) that the test provider uses. */
declare module "oidc-provider" {
  import type { RequestListener } from "node:http";

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): RequestListener;
  }
}
