/**
 * The production entry's first import: React and React Router pick their production builds from
 * NODE_ENV when first loaded, so it is set before anything loads them. `node server/main.ts` without it
 * ran React's development build, several times slower (npm start, the tests and the benchmarks set it).
 */
process.env.NODE_ENV ??= "production";
