export * from "./catalog.ts";
export * from "./downloads.ts";
