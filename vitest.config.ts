import path from "node:path";
import { defineConfig } from "vitest/config";

const graphqlDir = path.resolve("node_modules/graphql");

export default defineConfig({
  resolve: {
    // graphql 17 ships a development build under the "development" condition, which Vitest resolves,
    // while Node loads the plain build for the packages outside the bundle (Pothos, Yoga): two copies
    // would meet. Point every import at the build Node uses.
    alias: [
      { find: /^graphql$/, replacement: path.join(graphqlDir, "index.mjs") },
      {
        find: /^graphql\/(error|execution|language|type|utilities|validation)$/,
        replacement: `${graphqlDir}/$1/index.mjs`,
      },
    ],
  },
  test: {
    include: ["{app,modules,server,db,config,scripts}/**/*.test.ts", "tests/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
