import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { REPO_ROOT } from "../repo-root";
import { shortClassNames } from "./class-names";
import { siteConfigFor } from "./site-config";

const webRoot = join(REPO_ROOT, "web");

/**
 * One config for the dev server, the client build and the SSR (prerender) build of the app in
 * web/ (its root). STAGE (default "local") picks the per-stage values injected as `__SITE_CONFIG__`.
 */
export default defineConfig(({ command }) => ({
  root: webRoot,
  base: "/",
  plugins: [react()],
  define: {
    __SITE_CONFIG__: JSON.stringify(siteConfigFor()),
  },
  server: {
    // The forms import the request schemas from events/ at the repository root.
    fs: { allow: [REPO_ROOT] },
  },
  css: {
    modules: {
      localsConvention: "camelCaseOnly",
      // Readable names while developing; short ones in what is served (./class-names.ts).
      ...(command === "build" ? { generateScopedName: shortClassNames(webRoot) } : {}),
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Keep every asset a separate file: the CSP allows no inline script or style.
    assetsInlineLimit: 0,
    // One stylesheet for the whole site: infra/site/build.ts inlines it into every public page
    // (no render-blocking request), so one CSP hash allows them all (decision 0089).
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      // The forms import a few plain constants from events/ beside the zod schemas. Declaring the
      // schema builders pure lets the bundler drop the unused schemas — and zod with them — from
      // the page chunks; the validation chunk, loaded on demand, keeps what it uses.
      treeshake: { manualPureFunctions: ["z", "requiredText", "optionalText"] },
    },
  },
}));
