export * from "./accounts.ts";
export * from "./billing.ts";
export * from "./blog.ts";
export * from "./catalog.ts";
export * from "./contact.ts";
export * from "./downloads.ts";
export * from "./limits.ts";
export * from "./search.ts";
