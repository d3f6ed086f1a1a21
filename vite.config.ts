import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  ssr: {
    // Server code that must stay outside the server bundle: loaded by Node at run time.
    external: ["@electric-sql/pglite", "pg", "sharp", "pptxgenjs", "pdfkit"],
  },
});
