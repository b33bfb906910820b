import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * What every public page runs besides React and the router: the frame, its error page, translation, formats,
 * analytics consent, the reload guard, the icons of the header. One chunk instead of twenty small ones, which compress
 * worse one by one (the home page's JavaScript budget, docs/decisions/021-public-site.md).
 */
const EVERY_PAGE =
  /app[\\/](components[\\/](site-frame|error-page|analytics|use-locale|meta|client-resilience|nonce|static)|i18n[\\/](i18n|react)|domain[\\/](i18n|format|time-zone|reload-guard|analytics|cookies))\.tsx?$|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared[\\/].*|icons[\\/](globe|log-in|mountain|snowflake|bike|user-round))\.js$|react-dom[\\/](index|cjs[\\/]react-dom\.production)\.js$/;

/**
 * Brotli (quality 11) and gzip twins of the browser's assets, served by precompressed.server.ts. The gzip twin
 * is Zopfli's: any gzip reader reads it, and it is 3 % smaller than zlib's level 9 (the home page's budget,
 * docs/benchmarks.md), for about fifteen seconds more of build. `GZIP_TWINS=zlib` writes zlib's instead, in
 * milliseconds: `npm start` builds that way, since browsers that read Brotli are served the Brotli twin.
 */
const zlibTwins = process.env.GZIP_TWINS === "zlib";
function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const path = join(options.dir ?? "", file);
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        writeFileSync(`${path}.gz`, zlibTwins ? gzipSync(content, { level: 9 }) : await gzipAsync(content, { numiterations: 15 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],

  build: {
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "site", test: EVERY_PAGE }] } } },
  },
});
